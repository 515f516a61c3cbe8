import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { jsonld } from '@/lib/extract/evidence/jsonld';
import { microdata } from '@/lib/extract/evidence/microdata';
import { cleanCompany, cleanName, person } from '@/lib/extract/names';
import type { Candidate, Extractor } from '@/lib/extract/types';
import { fold } from '@/lib/text';
import { hostileJson, hostileText, INVISIBLE, LONE_SURROGATE } from './arbitraries';

// Hundreds of generated cases each: generous on a busy machine (the assertions do not depend on time).
vi.setConfig({ testTimeout: 120_000 });

/* The name rules, the merge of candidates and the structured-data readers on generated input. */

const first = fc.constantFrom(
  'Ana',
  'João',
  'Helena',
  'Íris',
  'Zoë',
  'Luíza',
  'Fábio',
  "D'Ávila",
  'Anne-Marie',
);
const last = fc.constantFrom(
  'Souza',
  'Prado',
  'Lima',
  'Albuquerque',
  'das Graças Souza',
  'dos Santos e Silva',
  'Ó',
);
const honorific = fc.constantFrom('', 'Dr. ', 'Dra. ', 'Sr. ', 'Sra. ', 'Eng. ', 'Prof. ', 'Mr ', 'Ms. ');
const label = fc.constantFrom('', 'Contato ', 'Contact ', 'Lead ', 'Pessoa ', 'Contato: ');
const credential = fc.constantFrom(
  '',
  ', MBA',
  ', PhD',
  ', CFA',
  ', MBA, PMP',
  ' | Nubank',
  ' – Head de Vendas',
);
const emoji = fc.constantFrom('', ' 🌱', ' 🇧🇷', ' 👍🏽', ' ✨');
const pronouns = fc.constantFrom('', ' (ela/dela)', ' (he/him)', ' [she/her]', ' (elu/delu)');

describe('cleanName', () => {
  it('keeps the person of any decorated heading: honorifics, CRM labels, credentials, emoji, pronouns', () => {
    fc.assert(
      fc.property(
        fc.tuple(label, honorific, first, last, credential, emoji, pronouns),
        ([l, h, f, s, c, e, p]) => {
          expect(cleanName(`${l}${h}${f} ${s}${e}${p}${c}`)).toBe(`${f} ${s}`);
          expect(cleanName(`${l}${h}${f} ${s}${c}${e}${p}`)).toBe(`${f} ${s}`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('on any text: never throws, gives a clean plausible name or nothing, and is stable', () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const name = cleanName(raw);
        expect(cleanName(name)).toBe(name);
        if (!name) return;
        expect(name.length).toBeLessThan(80);
        expect(name.split(' ').length).toBeLessThan(9);
        expect(name).not.toMatch(INVISIBLE);
        expect(name).not.toMatch(LONE_SURROGATE);
        expect(name).not.toMatch(/[\p{So}(),|<>@/\d]/u);
        expect(name).toBe(name.trim());
      }),
      { numRuns: 500 },
    );
  });
});

describe('cleanCompany and person', () => {
  const company = fc.constantFrom('Nubank', 'Stone', 'Acme Ltda.', 'Itaú Unibanco S.A.', 'RD Station');
  const noise = fc.constantFrom(
    '',
    ' · Tempo integral',
    ' · Full-time',
    ' · 3 anos 2 meses',
    ' · Remoto',
    ' · Híbrido',
    ' · mar de 2022 - o momento',
  );

  it('the company as written, without employment type, dates or durations', () => {
    fc.assert(
      fc.property(fc.tuple(fc.constantFrom('', '@', '@ '), company, noise, noise), ([at, c, n1, n2]) => {
        expect(cleanCompany(`${at}${c}${n1}${n2}`)).toBe(c);
      }),
      { numRuns: 200 },
    );
  });

  it('a candidate only with a plausible name, never markup in its fields, less sure without a company', () => {
    fc.assert(
      fc.property(
        hostileText,
        hostileText,
        hostileText,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, c, t, conf) => {
          const p = person('x', conf, n, c, t);
          if (!p) {
            expect(cleanName(n)).toBe('');
            return;
          }
          expect(`${p.primeiro_nome} ${p.ultimo_nome}`.trim()).toBe(cleanName(n));
          expect(p.empresa).not.toMatch(/[<>]/);
          expect(p.cargo ?? '').not.toMatch(/[<>]/);
          expect(p.confidence).toBe(p.empresa ? conf : conf / 2);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('collect: one person, once', () => {
  const reading = fc.record({
    name: fc.tuple(first, last),
    empresa: fc.constantFrom('', 'Nubank', 'Stone'),
    confidence: fc.double({ min: 0.01, max: 1, noNaN: true }),
    caps: fc.boolean(),
  });
  const extractor = fc.oneof(
    { weight: 4, arbitrary: fc.array(reading, { maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constant('throws' as const) },
  );
  const doc = parseHTML('<html><body></body></html>').document as unknown as Document;

  it('merges readings by folded name, at least as sure as the surest reading, with a company from any reading', () => {
    fc.assert(
      fc.property(fc.array(extractor, { maxLength: 5 }), (specs) => {
        const all: Candidate[] = [];
        const extractors: Extractor[] = specs.map((spec, i) => ({
          id: `x${i}`,
          extract: () => {
            if (spec === 'throws') throw new Error('hostile page');
            const list = spec.map(({ name: [f, s], empresa, confidence, caps }) => ({
              primeiro_nome: caps ? f.toUpperCase() : f,
              ultimo_nome: s,
              empresa,
              confidence,
              source: `x${i}`,
            }));
            all.push(...list.map((c) => ({ ...c })));
            return list;
          },
        }));
        const found = collect(extractors, doc, 'https://acme.com.br/');
        const key = (c: Candidate) => fold(`${c.primeiro_nome} ${c.ultimo_nome}`);
        expect(new Set(found.map(key)).size).toBe(found.length);
        // one person, one candidate: the same name, or one inside the other with the same first and last words
        const ends = (c: Candidate) => [key(c).split(' ')[0], key(c).split(' ').at(-1)].join(' ');
        const within = (a: Candidate, b: Candidate) =>
          ends(a) === ends(b) &&
          key(a)
            .split(' ')
            .every((w) => key(b).split(' ').includes(w));
        expect(found.length).toBeLessThanOrEqual(new Set(all.map(key)).size);
        for (const x of all) expect(found.some((c) => within(x, c) || within(c, x))).toBe(true);
        for (const c of found) {
          const same = all.filter((x) => within(x, c) || within(c, x));
          const top = Math.max(...same.map((x) => x.confidence));
          expect(c.confidence).toBeGreaterThanOrEqual(top);
          expect(c.confidence).toBeLessThanOrEqual(Math.max(top, 0.99));
          // one reader alone, its company with it: as sure as it said
          if (new Set(same.map((x) => x.source)).size === 1 && same.every((x) => x.empresa === c.empresa))
            expect(c.confidence).toBe(top);
          expect(!!c.empresa).toBe(same.some((x) => x.empresa));
        }
        // most likely first
        expect(found.map((c) => c.confidence)).toEqual(
          [...found.map((c) => c.confidence)].sort((a, b) => b - a),
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('structured data on any JSON or markup', () => {
  const keys = [
    '@type',
    '@graph',
    '@context',
    'name',
    'givenName',
    'familyName',
    'author',
    'mainEntity',
    'about',
    'worksFor',
    'affiliation',
    'performer',
    'jobTitle',
    'url',
  ];
  const types = fc.constantFrom(
    'Person',
    'Organization',
    'ProfilePage',
    'Article',
    'Event',
    ['Person'],
    'Thing',
  );
  const withTypes = hostileJson(keys).chain((v) =>
    types.map((t) => (v && typeof v === 'object' && !Array.isArray(v) ? { ...v, '@type': t } : v)),
  );
  const url = new URL('https://acme.com.br/sobre');
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

  it('JSON-LD: never throws; every candidate is a clean name, its company no markup', () => {
    fc.assert(
      fc.property(fc.array(withTypes, { minLength: 1, maxLength: 3 }), hostileText, (blocks, h1) => {
        const html = `<html><head>${blocks
          .map(
            (b) =>
              `<script type="application/ld+json">${JSON.stringify(b).replace(/</g, '\\u003c')}</script>`,
          )
          .join('')}</head><body><h1>${esc(h1)}</h1></body></html>`;
        const doc = parseHTML(html).document as unknown as Document;
        for (const c of jsonld.extract(doc, url)) {
          expect(cleanName(`${c.primeiro_nome} ${c.ultimo_nome}`)).toBe(
            `${c.primeiro_nome} ${c.ultimo_nome}`.trim(),
          );
          expect(c.empresa).not.toMatch(/[<>]/);
          expect(c.confidence).toBeGreaterThan(0);
          expect(c.confidence).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('JSON-LD: the main person comes first and sure; the others are less sure, with their own company', () => {
    fc.assert(
      fc.property(
        fc.tuple(first, last),
        fc.array(fc.tuple(first, last, fc.constantFrom('Stone', 'Itaú', '')), { maxLength: 4 }),
        fc.constantFrom('mainEntity', 'author', 'about'),
        (main, others, role) => {
          const mainName = main.join(' ');
          const speakers = others.filter(([f, s]) => fold(`${f} ${s}`) !== fold(mainName));
          const ld = {
            '@context': 'https://schema.org',
            '@type': role === 'author' ? 'Article' : 'ProfilePage',
            // the article the page is (another article's author is not the page's person)
            ...(role === 'author' && { mainEntityOfPage: url.href }),
            [role]: {
              '@type': 'Person',
              name: mainName,
              worksFor: { '@type': 'Organization', name: 'Nubank' },
            },
            mentions: speakers.map(([f, s, c]) => ({
              '@type': 'Person',
              name: `${f} ${s}`,
              ...(c && { affiliation: { '@type': 'Organization', name: c } }),
            })),
          };
          const other = { '@type': 'Organization', name: 'Blog da Acme' };
          const html = `<html><head><script type="application/ld+json">${JSON.stringify([other, ld])}</script></head><body></body></html>`;
          const found = jsonld.extract(parseHTML(html).document as unknown as Document, url);
          expect(found[0]).toMatchObject({ primeiro_nome: main[0], empresa: 'Nubank' });
          for (const c of found.slice(1)) {
            expect(c.confidence).toBeLessThan(found[0]!.confidence);
            // a company only from the person's own affiliation, never the page's first organization
            expect(c.empresa).not.toBe('Blog da Acme');
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('microdata: never throws on any itemscope markup; every candidate a clean name', () => {
    const prop = fc.constantFrom(
      'name',
      'givenName',
      'familyName',
      'worksFor',
      'affiliation',
      'author',
      'jobTitle',
    );
    const scope = fc.constantFrom('Person', 'Organization', 'Article', 'Event');
    const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', maxDepth: 3 },
        fc.tuple(prop, hostileText).map(([p, t]) => `<span itemprop="${p}">${esc(t)}</span>`),
        fc
          .tuple(fc.option(prop), scope, fc.array(tie('node'), { maxLength: 4 }))
          .map(
            ([p, s, kids]) =>
              `<div ${p ? `itemprop="${p}" ` : ''}itemscope itemtype="https://schema.org/${s}">${kids.join('')}</div>`,
          ),
      ),
    })).node;
    fc.assert(
      fc.property(fc.array(node, { maxLength: 5 }), (nodes) => {
        const doc = parseHTML(`<html><body>${nodes.join('')}</body></html>`).document as unknown as Document;
        for (const c of microdata.extract(doc, url))
          expect(cleanName(`${c.primeiro_nome} ${c.ultimo_nome}`)).toBe(
            `${c.primeiro_nome} ${c.ultimo_nome}`.trim(),
          );
      }),
      { numRuns: 200 },
    );
  });
});
