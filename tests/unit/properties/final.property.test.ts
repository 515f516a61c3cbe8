import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { niceCase, settle } from '@/lib/extract/final';
import { person } from '@/lib/extract/names';
import { extractors } from '@/lib/extract/sites';
import {
  PAST_ROLE,
  PLACES,
  ROLE_WORDS,
  SECTION_WORDS,
  STATUS_WORDS,
  UI_WORDS,
} from '@/lib/extract/rules/words';
import type { Extractor } from '@/lib/extract/types';
import { fold } from '@/lib/text';
import { extractCandidates } from '../../fixtures/extract';

vi.setConfig({ testTimeout: 120_000 });

/*
 * Whatever a reader gives, the list never holds a status word, a part of the app, a place or a role word as a
 * company, an employer put in the past, or initials alone as a name; a name in capitals comes out cased, with the
 * same letters.
 */

const doc = () => parseHTML('<html><body><p>Olá</p></body></html>').document as unknown as Document;
const casing = fc.constantFrom(
  (s: string) => s,
  (s: string) => s.toUpperCase(),
  (s: string) => s.replace(/(^|\s)\S/g, (c) => c.toUpperCase()),
);
const given = fc.constantFrom('Ana', 'Bruno', 'Maria', 'João', 'Íris', 'Kenji', 'Letícia');
const family = fc.constantFrom(
  'Souza',
  'das Graças Silva',
  'Kowalski',
  'de Oliveira Castro',
  'Nakamura Pinto',
);
const company = fc.constantFrom(
  'Nubank',
  'Grupo Pão de Açúcar',
  'Ambev',
  'Laticínios Serra Azul Ltda.',
  'VTEX',
);

/** What the collect step makes of `people` read by any reader (on `body`, else a page of one paragraph). */
function listed(people: [string, string, string?][], body?: string) {
  const reader: Extractor = {
    id: 'any',
    extract: () => people.map(([n, e, t]) => person('any', 0.9, n, e, t)).filter((c) => !!c),
  };
  extractors.push(reader);
  try {
    const page = body ? parseHTML(`<html><body>${body}</body></html>`).document : doc();
    return extractCandidates(page as unknown as Document, 'https://app.example.com/record/1');
  } finally {
    extractors.splice(extractors.indexOf(reader), 1);
  }
}

describe('the last word on every reading', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a status word, a part of the app, a place or a role word is never a company', () => {
    const word = fc.constantFrom(
      ...STATUS_WORDS,
      ...SECTION_WORDS,
      ...UI_WORDS,
      ...PLACES,
      ...ROLE_WORDS.filter((w) => !w.endsWith('*')),
    );
    fc.assert(
      fc.property(given, family, word, casing, fc.constantFrom('', ' ', '– ', ': '), (g, f, w, c, sep) => {
        const [found] = listed([[`${g} ${f}`, `${sep}${c(w)}`]]);
        expect(found, `${g} ${f}`).toBeDefined();
        expect(found!.empresa).toBe('');
      }),
      { numRuns: 300 },
    );
  });

  it('an employer put in the past, or the company of a role put in the past, is never the company', () => {
    const past = fc.constantFrom(...PAST_ROLE);
    fc.assert(
      fc.property(
        given,
        family,
        company,
        past,
        casing,
        fc.constantFrom('-', ' ', ': '),
        (g, f, e, p, c, sep) => {
          expect(listed([[`${g} ${f}`, `${c(p)}${sep}${e}`]])[0]!.empresa).toBe('');
          expect(listed([[`${g} ${f}`, e, `${c(p)}${sep}Head of Sales at ${e}`]])[0]!.empresa).toBe('');
          // the company of a present role stays
          expect(listed([[`${g} ${f}`, e, `Head of Sales at ${e}`]])[0]!.empresa).toBe(e);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('initials alone are never a name', () => {
    const letter = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZÁÉÍÓÚÇ'.split(''));
    fc.assert(
      fc.property(
        fc.array(fc.tuple(letter, fc.boolean()), { minLength: 1, maxLength: 3 }),
        company,
        (parts, e) => {
          const initials = parts.map(([l, dot]) => (dot ? `${l}.` : l)).join(' ');
          expect(listed([[initials, e]])).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a name in capitals comes out cased, with the same letters, the same again when cased twice', () => {
    fc.assert(
      fc.property(given, family, company, (g, f, e) => {
        const name = `${g} ${f}`;
        const [found] = listed([[name.toUpperCase(), e]]);
        const out = `${found!.primeiro_nome} ${found!.ultimo_nome}`;
        expect(out.toLowerCase()).toBe(name.toLowerCase());
        expect(out).toBe(name);
        expect(niceCase(out)).toBe(out);
      }),
      { numRuns: 200 },
    );
  });

  it('settle never gives a company with a status word or a past marker first, on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (e, t) => {
        const c = person('any', 0.9, 'Ana Souza', e, t);
        const out = c && settle(c);
        if (!out?.empresa) return;
        expect(STATUS_WORDS).not.toContain(fold(out.empresa));
        expect(PAST_ROLE).not.toContain(fold(out.empresa).split(/[\s:–—-]/)[0]);
      }),
      { numRuns: 500 },
    );
  });

  it('a name written only under aria-hidden or hidden is never listed, whoever read it and however it is wrapped', () => {
    const hide = fc.constantFrom(
      (t: string) => `<span aria-hidden="true">${t}</span>`,
      (t: string) => `<div hidden><p>${t}</p></div>`,
      (t: string) => `<div aria-hidden="true"><img alt=""><b>${t}</b> · Head de Vendas</div>`,
      (t: string) => `<span aria-hidden="true"><span aria-hidden="true">${t}</span></span>`,
    );
    const spoken = fc.constantFrom(
      '',
      '<h2>Equipe</h2>',
      '<p>Fale com a gente</p><button aria-label="Fechar">×</button>',
    );
    fc.assert(
      fc.property(given, family, hide, spoken, fc.boolean(), (g, f, wrap, around, upper) => {
        const name = `${g} ${f}`;
        const written = upper ? name.toUpperCase() : name;
        expect(listed([[written, 'Nubank']], `${around}${wrap(written)}${around}`)).toEqual([]);
        // the same name also spoken: listed
        expect(listed([[written, 'Nubank']], `${wrap(written)}<p>${written}</p>`).length).toBe(1);
      }),
      { numRuns: 200 },
    );
  });
});
