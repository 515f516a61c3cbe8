import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { hcard } from '@/lib/extract/evidence/hcard';
import { addressed, jsonld } from '@/lib/extract/evidence/jsonld';
import { metaAuthor } from '@/lib/extract/evidence/meta-author';
import { microdata } from '@/lib/extract/evidence/microdata';
import { cleanCompany, cleanName, person, splitRole, tidy } from '@/lib/extract/names';
import { opengraph } from '@/lib/extract/evidence/opengraph';
import { teamPage } from '@/lib/extract/evidence/team-page';
import type { Candidate, Extractor } from '@/lib/extract/types';
import { fold, slug } from '@/lib/text';
import { hostileText } from './arbitraries';

// Hundreds of generated cases each: generous on a busy machine (the assertions do not depend on time).
vi.setConfig({ testTimeout: 120_000 });

/*
 * The name rules, the merge of candidates and the readers of structured data (JSON-LD, microdata, h-card) on
 * generated input: decoration is never a name, one person is merged the same whatever the order of the readings,
 * and only a Person (or a person's h-card) ever becomes a candidate.
 */

const doc = (html: string) => parseHTML(html).document as unknown as Document;
const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const fullName = (c: Pick<Candidate, 'primeiro_nome' | 'ultimo_nome'>) =>
  `${c.primeiro_nome} ${c.ultimo_nome}`.trim();

// What a heading may carry around a name, and never a name itself.
const label = fc.constantFrom(
  '',
  'Contato ',
  'Contact ',
  'Lead ',
  'Pessoa ',
  'Person ',
  'Cliente ',
  'Contato: ',
);
const honorific = fc.constantFrom(
  '',
  'Dr. ',
  'Dra. ',
  'Dr ',
  'Sr. ',
  'Sra. ',
  'Srta. ',
  'Eng. ',
  'Prof. ',
  'Profa. ',
  'Mr ',
  'Mrs. ',
  'Ms. ',
  'Mx ',
);
const credential = fc.constantFrom('', ', MBA', ' MBA', ', PhD', ', CFA', ', MBA, PMP', ' CSM');
const emoji = fc.constantFrom('', ' 🌱', ' 🇧🇷', ' 👍🏽', ' ✨', '🚀 ');
const pronouns = fc.constantFrom('', ' (ela/dela)', ' (he/him)', ' [she/her]', ' ela/dela', ' (they/them)');

describe('name rules', () => {
  it('decoration alone is never a name: labels, honorifics, credentials, emoji and pronouns with nobody', () => {
    fc.assert(
      fc.property(fc.tuple(label, honorific, honorific, credential, emoji, pronouns, label), (parts) => {
        const raw = parts.join(' ');
        expect(cleanName(raw)).toBe('');
        expect(person('x', 0.9, raw, 'Nubank')).toBe(null);
      }),
      { numRuns: 400 },
    );
  });

  it('on any text, every word of the name is written in the text', () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const name = cleanName(raw);
        for (const word of name ? name.split(' ') : []) expect(tidy(raw, 800)).toContain(word);
      }),
      { numRuns: 500 },
    );
  });

  it('a company: written in the text, one part of it, and the same when cleaned again', () => {
    fc.assert(
      fc.property(hostileText, (raw) => {
        const company = cleanCompany(raw);
        expect(cleanCompany(company)).toBe(company);
        expect(company).not.toMatch(/[·•|]/);
        expect(tidy(raw)).toContain(company);
      }),
      { numRuns: 500 },
    );
  });

  it('a headline split into title and company gives both back', () => {
    fc.assert(
      fc.property(
        hostileText,
        fc.constantFrom(' at ', ' @ ', ' @', ' na ', ' no ', ' | '),
        hostileText,
        (a, sep, b) => {
          const line = tidy(`${a}${sep}${b}`);
          const split = splitRole(line);
          if (!split) return;
          const [title, company] = split;
          expect(title && company).toBeTruthy();
          expect(line.startsWith(title!)).toBe(true);
          expect(line.endsWith(company!)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('collect: one person, once, the same in any order', () => {
  const first = fc.constantFrom('Ana', 'João', 'Helena', 'Íris');
  const last = fc.constantFrom('Souza', 'Prado', 'Lima');
  const reading = fc.record({
    name: fc.tuple(first, last),
    caps: fc.boolean(),
    empresa: fc.constantFrom('', '', 'Nubank', 'Stone', 'Itaú'),
    cargo: fc.constantFrom('', '', 'CEO', 'Head de Vendas'),
    // few distinct values: equally sure readings happen
    confidence: fc.constantFrom(0.3, 0.45, 0.6, 0.75, 0.95),
  });
  const page = doc('<html><body></body></html>');
  const extractorsOf = (groups: (typeof reading extends fc.Arbitrary<infer R> ? R : never)[][]) =>
    groups.map(
      (group, i): Extractor => ({
        id: `x${i}`,
        extract: () =>
          group.map(({ name: [f, s], caps, empresa, cargo, confidence }) => ({
            primeiro_nome: caps ? f.toUpperCase() : f,
            ultimo_nome: s,
            empresa,
            ...(cargo && { cargo }),
            confidence,
            source: `x${i}`,
          })),
      }),
    );

  it('keeps the surest reading, with the company and title of the surest reading that has one, surer for every other reader that found them', () => {
    fc.assert(
      fc.property(fc.array(fc.array(reading, { maxLength: 5 }), { maxLength: 4 }), (groups) => {
        const all = extractorsOf(groups).flatMap((x) => x.extract(page, new URL('https://a.example/')));
        const found = collect(extractorsOf(groups), page, 'https://a.example/');
        for (const c of found) {
          const same = all.filter((r) => fold(fullName(r)) === fold(fullName(c)));
          const surest = (list: Candidate[]) => {
            const top = Math.max(...list.map((r) => r.confidence));
            return list.filter((r) => r.confidence === top);
          };
          const top = Math.max(...same.map((r) => r.confidence));
          // every other reader that found the person backs the reading; one reader alone leaves it as it was
          expect(c.confidence).toBeGreaterThanOrEqual(top);
          expect(c.confidence).toBeLessThanOrEqual(Math.max(top, 0.99));
          if (
            new Set(same.map((r) => r.source)).size === 1 &&
            (!c.empresa || surest(same).every((r) => r.empresa))
          )
            expect(c.confidence).toBe(top);
          expect(surest(same).map(fullName)).toContain(fullName(c));
          const withCompany = same.filter((r) => r.empresa);
          if (withCompany.length) expect(surest(withCompany).map((r) => r.empresa)).toContain(c.empresa);
          else expect(c.empresa).toBe('');
          const withTitle = same.filter((r) => r.cargo);
          if (withTitle.length) expect(surest(withTitle).map((r) => r.cargo)).toContain(c.cargo);
          else expect(c).not.toHaveProperty('cargo');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same people, companies and titles whatever order the readings come in', () => {
    // distinct confidences per person: with no ties, the order cannot matter at all
    const distinct = fc
      .uniqueArray(reading, { maxLength: 8, selector: (r) => `${fold(r.name.join(' '))}|${r.confidence}` })
      .chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })));
    fc.assert(
      fc.property(distinct, ([list, shuffled]) => {
        const read = (l: typeof list) =>
          collect(extractorsOf([l]), page, 'https://a.example/')
            .map((c) => JSON.stringify(c))
            .sort();
        expect(read(shuffled)).toEqual(read(list));
      }),
      { numRuns: 400 },
    );
  });
});

/*
 * Pages whose people are named from PEOPLE and whose other things (organisations, events, articles, places) from
 * THINGS, names that look just as human: only a person may ever become a candidate.
 */
const PEOPLE = ['Ana Souza', 'João Lima', 'Helena Prado', 'Carlos Eduardo dos Santos', 'Íris Barros'];
const THINGS = ['Otávio Mendes', 'Rita Vasconcelos', 'Fórum Vendas', 'Nubank', 'Bruno Tavares'];
const isPerson = (c: Candidate) => PEOPLE.map(fold).includes(fold(fullName(c)));
const personName = fc.constantFrom(...PEOPLE);
const thingName = fc.constantFrom(...THINGS);
const heading = fc.constantFrom('', ...PEOPLE, ...THINGS);
const url = new URL('https://acme.com.br/sobre');

describe('JSON-LD on any graph', () => {
  const NOT_PERSON = [
    'Organization',
    'Corporation',
    'LocalBusiness',
    'Event',
    'Article',
    'BlogPosting',
    'Comment',
    'Place',
    'Product',
    'WebSite',
    'WebPage',
    'ProfilePage',
    'CreativeWork',
    'Thing',
  ];
  const LINKS = [
    'author',
    'performer',
    'organizer',
    'mainEntity',
    'about',
    'worksFor',
    'affiliation',
    'employee',
    'member',
    'founder',
    'mentions',
    'comment',
  ];
  type Node = Record<string, unknown>;
  const tree: fc.Arbitrary<Node> = fc.letrec<{ node: Node }>((tie) => ({
    node: fc
      .record({
        person: fc.boolean(),
        p: personName,
        n: thingName,
        type: fc.oneof(fc.constantFrom(...NOT_PERSON), fc.constant(['Thing', 'Organization'])),
        split: fc.boolean(),
        links: fc.array(
          fc.tuple(
            fc.constantFrom(...LINKS),
            fc.oneof(
              { depthSize: 'small', maxDepth: 3 },
              fc.constant(null),
              tie('node'),
              fc.array(tie('node'), { maxLength: 2 }),
            ),
          ),
          { maxLength: 3 },
        ),
      })
      .map(({ person: isP, p, n, type, split, links }) => {
        const [given, ...family] = p.split(' ');
        return {
          '@type': isP ? 'Person' : type,
          ...(isP && split ? { givenName: given, familyName: family.join(' ') } : { name: isP ? p : n }),
          ...Object.fromEntries(links.filter(([, v]) => v !== null)),
        };
      }),
  })).node;

  it('only people become candidates, never an organisation, event or article named like one', () => {
    fc.assert(
      fc.property(
        fc.array(tree, { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        heading,
        (blocks, graph, h1) => {
          const json = graph ? [{ '@context': 'https://schema.org', '@graph': blocks }] : blocks;
          const html = `<html><head><title>${esc(h1)}</title>${json
            .map((b) => `<script type="application/ld+json">${JSON.stringify(b)}</script>`)
            .join('')}</head><body><h1>${esc(h1)}</h1></body></html>`;
          const found = jsonld.extract(doc(html), url);
          for (const c of found) expect(isPerson(c), fullName(c)).toBe(true);
          // one candidate per person node at most: never more people than the graph has
          expect(found.length).toBeLessThanOrEqual(JSON.stringify(json).split('"Person"').length - 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('microdata on any item tree', () => {
  const NOT_PERSON = [
    'Organization',
    'Corporation',
    'Event',
    'Article',
    'BlogPosting',
    'Place',
    'Product',
    'WebPage',
    'ProfilePage',
  ];
  const PROPS = [
    'author',
    'performer',
    'organizer',
    'mainEntity',
    'about',
    'worksFor',
    'affiliation',
    'employee',
    'member',
  ];
  const item: fc.Arbitrary<string> = fc.letrec<{ item: string }>((tie) => ({
    item: fc
      .record({
        person: fc.boolean(),
        p: personName,
        n: thingName,
        type: fc.constantFrom(...NOT_PERSON),
        prop: fc.option(fc.constantFrom(...PROPS)),
        meta: fc.boolean(),
        kids: fc.oneof(
          { depthSize: 'small', maxDepth: 3 },
          fc.constant([] as string[]),
          fc.array(tie('item'), { maxLength: 3 }),
        ),
      })
      .map(({ person: isP, p, n, type, prop, meta, kids }) => {
        const name = isP ? p : n;
        const nameProp = meta
          ? `<meta itemprop="name" content="${esc(name)}">`
          : `<span itemprop="name">${esc(name)}</span>`;
        return `<div${prop ? ` itemprop="${prop}"` : ''} itemscope itemtype="https://schema.org/${isP ? 'Person' : type}">${nameProp}${kids.join('')}</div>`;
      }),
  })).item;

  it('only Person items become candidates, never an item of another type named like one', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 4 }), heading, (items, h1) => {
        const html = `<html><head><title>${esc(h1)}</title></head><body><h1>${esc(h1)}</h1>${items.join('')}</body></html>`;
        const found = microdata.extract(doc(html), url);
        for (const c of found) expect(isPerson(c), fullName(c)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('h-card on any blog page', () => {
  const card = (name: string, org = '') =>
    `<div class="h-card"><a class="p-name u-url" href="https://elsewhere.example/${encodeURIComponent(name)}">${esc(name)}</a>${org ? `<span class="p-org">${esc(org)}</span>` : ''}</div>`;
  // what a blog page may hold besides its post's author
  const part = fc.oneof(
    personName.map(
      (n) => `<ol class="comments"><li class="p-comment h-entry">${card(n)}<p>Ótimo!</p></li></ol>`,
    ),
    personName.map((n) => `<div class="h-cite"><a class="p-author h-card" href="/x">${esc(n)}</a></div>`),
    personName.map(
      (n) =>
        `<aside><article class="h-entry"><h2 class="p-name">Outro post</h2><a class="p-author h-card" href="/y">${esc(n)}</a></article></aside>`,
    ),
    thingName.map((n) => `<div class="h-card"><span class="p-name p-org">${esc(n)}</span></div>`),
    fc
      .tuple(personName, thingName)
      .map(
        ([p, n]) =>
          `<div class="h-card"><span class="p-name">${esc(p)}</span><div class="p-org h-card"><span class="p-name">${esc(n)}</span></div></div>`,
      ),
    thingName.map((n) => `<div class="h-event"><span class="p-name">${esc(n)}</span></div>`),
    thingName.map((n) => `<span class="p-name">${esc(n)}</span>`),
  );
  const COMMENTERS = /p-comment|h-cite|<aside>/;

  it("the post's author comes first, surer than anyone; commenters and other posts' authors are never read", () => {
    fc.assert(
      fc.property(
        personName,
        fc.option(thingName),
        fc.boolean(),
        fc.array(part, { maxLength: 5 }),
        fc.array(part, { maxLength: 3 }),
        (author, org, inline, before, after) => {
          const by = inline
            ? `<span class="p-author">${esc(author)}</span>`
            : `<div class="p-author">${card(author, org ?? '')}</div>`;
          const html = `<html><body>${before.join('')}<article class="h-entry"><h1 class="p-name">Cinco anos de SaaS</h1>${by}<div class="e-content"><p>Texto</p></div>${after.join('')}</article></body></html>`;
          const found = hcard.extract(doc(html), new URL('https://blog.example/post'));
          expect(fold(fullName(found[0]!))).toBe(fold(author));
          for (const c of found.slice(1)) expect(c.confidence).toBeLessThan(found[0]!.confidence);
          for (const c of found) expect(isPerson(c), fullName(c)).toBe(true);
          // a person named only in comments, citations and other posts is not on the list
          const elsewhere = [...before, ...after].filter((p) => !COMMENTERS.test(p)).join('');
          for (const c of found.slice(1)) expect(elsewhere).toContain(esc(fullName(c)));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('every generic reader on any markup', () => {
  const CLASSES = [
    'h-card',
    'vcard',
    'h-entry',
    'p-name',
    'fn',
    'p-org',
    'org',
    'p-author',
    'u-url',
    'u-uid',
    'p-comment',
    'h-feed',
    'team-member',
    'name',
    'role',
    'cargo',
    'position',
    'member-name',
    'job-title',
  ];
  const ATTRS = [
    'itemscope itemtype="https://schema.org/Person"',
    'itemscope itemtype="https://schema.org/Organization"',
    'itemprop="name"',
    'itemprop="worksFor"',
    'itemprop="jobTitle"',
    'rel="me"',
    'href="https://acme.com.br/sobre"',
    '',
  ];
  const TAGS = ['div', 'span', 'a', 'h1', 'h2', 'h3', 'strong', 'article', 'section', 'li'];
  const node: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      hostileText.map(esc),
      fc
        .tuple(
          fc.constantFrom(...TAGS),
          fc.subarray(CLASSES, { maxLength: 3 }),
          fc.constantFrom(...ATTRS),
          fc.array(tie('node'), { maxLength: 4 }),
        )
        .map(
          ([tag, cls, attr, kids]) => `<${tag} class="${cls.join(' ')}" ${attr}>${kids.join('')}</${tag}>`,
        ),
    ),
  })).node;
  const head = fc
    .tuple(hostileText, hostileText, hostileText)
    .map(
      ([title, author, site]) =>
        `<title>${esc(title)}</title><meta name="author" content="${esc(author)}"><meta property="og:site_name" content="${esc(site)}"><meta property="og:title" content="${esc(title)}"><meta property="og:type" content="profile">`,
    );

  it('never throws; every candidate a clean name, a bounded confidence, no markup', () => {
    const readers = [jsonld, microdata, hcard, opengraph, metaAuthor, teamPage];
    fc.assert(
      fc.property(head, fc.array(node, { maxLength: 6 }), (h, body) => {
        const page = doc(`<html><head>${h}</head><body>${body.join('')}</body></html>`);
        for (const reader of readers)
          for (const c of reader.extract(page, url)) {
            expect(cleanName(fullName(c)), reader.id).toBe(fullName(c));
            expect(c.confidence).toBeGreaterThan(0);
            expect(c.confidence).toBeLessThanOrEqual(1);
            expect(`${c.empresa}${c.cargo ?? ''}`).not.toMatch(/[<>]/);
          }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a page whose address names one person', () => {
  const others = fc.uniqueArray(personName, { minLength: 1, maxLength: 3 });
  const at = (name: string) => new URL(`https://evento.com.br/palestrantes/${slug(name, '-')}/`);

  it('is known by its last segment, whatever the name and the address carry', () => {
    fc.assert(
      fc.property(hostileText, hostileText, (name, path) => {
        const key = slug(cleanName(name), '-').replace(/^-+|-+$/g, '');
        expect(addressed(new URL(`https://x.com/p/${key}/`), name)).toBe(!!key);
        expect(addressed(new URL(`https://x.com/p/${key}-2/`), name)).toBe(false);
        const any = new URL('https://x.com/');
        any.pathname = path;
        expect(() => addressed(any, name)).not.toThrow();
        expect(addressed(undefined, name)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("lists its person alone, from JSON-LD and from microdata: the other speakers shown are not the page's", () => {
    fc.assert(
      fc.property(personName, others, fc.boolean(), (main, rest, own) => {
        const more = rest.filter((n) => fold(n) !== fold(main));
        const jsonPage = doc(
          `<html><head><script type="application/ld+json">${JSON.stringify([
            { '@type': 'ProfilePage', mainEntity: { '@type': 'Person', name: main } },
            ...more.map((name) => ({ '@type': 'Person', name })),
          ])}</script></head><body></body></html>`,
        );
        const itemPage = doc(
          `<html><head><title>${esc(main)}</title></head><body><h1>${esc(main)}</h1><div itemscope itemtype="https://schema.org/Person"><span itemprop="name">${esc(main)}</span></div>${more
            .map(
              (n) =>
                `<div itemscope itemtype="https://schema.org/Person"><span itemprop="name">${esc(n)}</span></div>`,
            )
            .join('')}</body></html>`,
        );
        // on her own address she alone; elsewhere everyone
        const where = own ? at(main) : url;
        for (const [reader, d] of [
          [jsonld, jsonPage],
          [microdata, itemPage],
        ] as const) {
          const names = reader.extract(d, where).map(fullName);
          expect(names, reader.id).toHaveLength(own ? 1 : 1 + more.length);
          expect(fold(names[0]!), reader.id).toBe(fold(cleanName(main)));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('keeps beside its person who shares an event with them (a panel), not the others', () => {
    const html = `<html><head><script type="application/ld+json">${JSON.stringify({
      '@graph': [
        { '@type': 'ProfilePage', mainEntity: { '@id': '#p' } },
        { '@type': 'Person', '@id': '#p', name: 'Ricardo Tavares' },
        { '@type': 'Event', performer: [{ '@id': '#p' }, { '@type': 'Person', name: 'Camila Nogueira' }] },
        { '@type': 'Person', name: 'Nelson Araújo' },
      ],
    })}</script></head><body></body></html>`;
    expect(jsonld.extract(doc(html), at('Ricardo Tavares')).map(fullName)).toEqual([
      'Ricardo Tavares',
      'Camila Nogueira',
    ]);
  });
});
