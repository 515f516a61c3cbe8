import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { hasRoleWord, isPlace, isPlatform, isRole } from '@/lib/extract/evidence/judge';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { company, roleLine } from '@/lib/extract/evidence/page-text';
import { presented } from '@/lib/extract/evidence/prose';
import {
  DECORATIONS,
  INTRODUCERS,
  PLACES,
  PLATFORMS,
  PLATFORM_BOILERPLATE,
  ROLE_WORDS,
} from '@/lib/extract/rules/words';

vi.setConfig({ testTimeout: 120_000 });

/*
 * The prose rules on generated sentences: a platform with its own words around its name is never a company; an
 * attribution or an introduction gives the person it names with the company of their role line, and never a role,
 * a place or a decoration as anyone's name.
 */

installLexicon();
const upper = (s: string) => s.replace(/(^|\s)(\p{L})/gu, (_, sp: string, c: string) => sp + c.toUpperCase());
const platform = fc.constantFrom(...PLATFORMS).map(upper);
const boilerplate = fc.array(fc.constantFrom(...PLATFORM_BOILERPLATE), { maxLength: 4 });
const verb = fc.constantFrom(...INTRODUCERS);
const given = fc.constantFrom('Rogério', 'Amara', 'Cláudia', 'Paula', 'Marília', 'Jonathan', 'Renata', 'Ana');
const surname = fc.constantFrom(
  'Tamura Leal',
  'Whitfield',
  'Resende',
  'Serrano',
  'Castanheira',
  'dos Santos',
);
const role = fc
  .tuple(
    fc.constantFrom(
      'Diretora',
      'Gerente',
      'Head',
      'VP',
      'Chief Executive Officer',
      'Vice-presidente',
      'Analista',
    ),
    fc.constantFrom('', ' de Operações', ' de Compras', ' of Sales', ' Comercial'),
  )
  .map(([a, b]) => a + b);
const companyName = fc.constantFrom(
  'Fertilizantes Aurora',
  'Kestrel Freight',
  'Vinícola Campos de Cima',
  'Acme Ltda.',
  'Banco do Vale S.A.',
  'Grupo Sabor do Campo',
);
const at = fc.constantFrom(' da ', ' na ', ' at ', ' of ', ' @ ');
const quote = fc.constantFrom('"Crescemos 20%",', '“We are here to stay,”', 'Oi!', '', 'Para:');
const after = fc.constantFrom('.', '. Ela fala de compras.', ', e aqui explico frete.', '');
// what is never anyone's name: a role, a place, a decoration
const notAName = fc.oneof(
  fc.constantFrom(...ROLE_WORDS.filter((w) => /^\p{L}{3,}$/u.test(w))).map(upper),
  fc.constantFrom(...PLACES.filter((p) => p.includes(' '))).map(upper),
  fc.constantFrom(...DECORATIONS).map(upper),
);

describe('a platform', () => {
  it('with its own words around its name is never a company', () => {
    fc.assert(
      fc.property(platform, boilerplate, boilerplate, (name, before, after) => {
        const s = [...before, name, ...after].join(' ');
        expect(isPlatform(s)).toBe(true);
        expect(company(s)).toBe('');
      }),
      { numRuns: 500 },
    );
  });
});

describe('an attribution', () => {
  it('gives the person it names and the company of their role line', () => {
    fc.assert(
      fc.property(quote, verb, given, surname, role, at, companyName, after, (q, v, g, s, r, a, c, end) => {
        const hit = presented(`${q} ${v} ${g} ${s}, ${r}${a}${c}${end}`.trim());
        // a role with an area ("de Operações") before "da" still ends where the company begins
        expect(hit?.[0]).toBe(`${g} ${s}`);
        expect(hit?.[1]).toBe(c);
      }),
      { numRuns: 500 },
    );
  });

  it('never gives a role, a place or a decoration as a name', () => {
    fc.assert(
      fc.property(verb, notAName, notAName, role, at, companyName, (v, a, b, r, prep, c) => {
        const hit = presented(`${v} ${a} ${b}, ${r}${prep}${c}.`);
        // "Junior Distrito Federal" may be someone's name (Júnior is a given name); "Diretora", "Distrito
        // Federal", "Dra." alone, or only title words, never are
        if (hit) {
          expect([a, b]).not.toContain(hit[0]);
          expect(isPlace(hit[0])).toBe(false);
          expect(hit[0].split(' ').every((w) => isRole(w))).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never takes a role line’s place or role as the company', () => {
    fc.assert(
      fc.property(role, fc.constantFrom(...PLACES).map(upper), (r, p) => {
        for (const line of [`${r} em ${p}`, `${r} | ${p}`, `${r}, ${p}`]) {
          const [, where = ''] = roleLine(line) ?? [];
          expect(isPlace(where) || hasRoleWord(where)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
