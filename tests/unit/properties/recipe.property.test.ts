import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';
import {
  exportRecipes,
  importRecipes,
  mergeRecipes,
  pathPattern,
  patternMatches,
  recipeSchema,
  type Recipe,
} from '@/lib/recipe/format';
import { apply, learn } from '@/lib/recipe/locate';
import { fold } from '@/lib/text';
import { cleanName } from '@/lib/extract/names';
import { withRecipe } from '@/lib/recipe/merge';
import { hostileJson, hostileText } from './arbitraries';

vi.setConfig({ testTimeout: 120_000 });

/*
 * Recipes on generated input: what is learnt never spells the values it was learnt from (even when the page writes
 * them into its ids and classes), a recipe round-trips through the shared file, a bad file is refused without
 * throwing, an address always matches its own pattern, and the merge never invents a name with digits.
 */

const word = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
const personName = fc.array(word, { minLength: 2, maxLength: 4 }).map((w) => w.join(' '));
const company = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.constantFrom('', ' Ltda', ' S.A.', ' Inc.'))
  .map(([w, s]) => w.join(' ') + s);
const slugOf = (s: string) => fold(s).replace(/[^a-z0-9]+/g, '-');

/** A record page in one of several shapes, sometimes spelling the values in its ids and classes. */
const page = fc
  .record({
    name: personName,
    company,
    shape: fc.constantFrom('ids', 'labels', 'headline', 'plain'),
    leak: fc.boolean(),
    noise: fc.array(personName, { maxLength: 3 }),
  })
  .map(({ name, company, shape, leak, noise }) => {
    const leakId = leak ? ` id="${slugOf(name)}" class="${slugOf(company)}"` : '';
    const extra = noise.map((n) => `<li class="related">${n}</li>`).join('');
    const body = {
      ids: `<div${leakId}><h2 id="record-name">${name}</h2><span id="record-company">${company}</span></div>`,
      labels: `<main${leakId}><h1>${name}</h1><dl><dt>Empresa</dt><dd>${company}</dd></dl></main>`,
      headline: `<section${leakId}><h1>${name}</h1><p data-field="headline">Compras at ${company}</p></section>`,
      plain: `<div${leakId}><div><b>${name}</b></div><div><i>${company}</i></div></div>`,
    }[shape];
    return { name, company, html: `<!DOCTYPE html><html><body>${body}<ul>${extra}</ul></body></html>` };
  });

const doc = (html: string) => parseHTML(html).document as unknown as Document;

const recipeArb: fc.Arbitrary<Recipe> = page.chain((p) =>
  fc
    .record({
      host: fc.constantFrom('crm.example.com', 'app.acme.com.br', 'localhost:8765'),
      path: fc.constantFrom('/contacts/*', '/#/deals/*', '/*', '/crm/*/tab/*/*'),
      at: fc.integer({ min: 0, max: 2e12 }),
      uses: fc.nat(1000),
      taught: fc.boolean(),
    })
    .map(({ host, path, at, uses, taught }) => ({
      version: 1 as const,
      id: host + path,
      hosts: [host],
      paths: [path],
      fields: learn(doc(p.html), { name: p.name, company: p.company }),
      taught,
      createdAt: at,
      updatedAt: at,
      uses,
      lastMatchedAt: uses ? at : null,
    })),
);

describe('recipes', () => {
  it('a locator never contains the values (nor their words) it was built from', () => {
    fc.assert(
      fc.property(page, ({ name, company, html }) => {
        const fields = learn(doc(html), { name, company });
        const text = fold(JSON.stringify(fields));
        for (const w of fold(`${name} ${company}`)
          .split(/[^a-z0-9]+/)
          .filter((x) => x.length >= 2))
          expect(text.split(/[^a-z0-9]+/)).not.toContain(w);
        // and reads them back on the page it was learnt on
        const read = apply(doc(html), fields).values;
        if (fields.name) expect(fold(read.name!)).toBe(fold(name));
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips through export and import (as imported recipes)', () => {
    fc.assert(
      fc.property(fc.array(recipeArb, { maxLength: 5 }), (list) => {
        const valid = list.filter((r) => Object.keys(r.fields).length && recipeSchema.safeParse(r).success);
        const read = importRecipes(exportRecipes(valid));
        if (!valid.length) expect(read.ok).toBe(false);
        else
          expect(read).toEqual({
            ok: true,
            recipes: valid.map((r) => ({ ...r, taught: false })),
            skipped: 0,
          });
      }),
      { numRuns: 200 },
    );
  });

  it('a hostile file is refused or read without throwing, and never replaces a taught recipe', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          hostileText,
          hostileJson(['format', 'recipes', 'version', 'fields']).map((v) => JSON.stringify(v)),
        ),
        recipeArb,
        (text, mine) => {
          const read = importRecipes(text);
          if (!read.ok) {
            expect(read.message.pt).toMatch(/Nenhuma receita foi alterada/);
            return;
          }
          const current = { [mine.id]: { ...mine, taught: true } };
          expect(mergeRecipes(current, read.recipes)[mine.id]).toEqual(current[mine.id]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an address always matches its own pattern', () => {
    fc.assert(
      fc.property(fc.webUrl({ withFragments: true, withQueryParameters: true }), (raw) => {
        const url = new URL(raw);
        expect(patternMatches(pathPattern(url), url)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a name read through a recipe has no digits nor symbols, and the merge keeps the page’s people', () => {
    fc.assert(
      fc.property(hostileText, fc.array(personName, { maxLength: 4 }), (text, names) => {
        const name = cleanName(text);
        expect(name).not.toMatch(/[\d@#$%*<>]/);
        const people = names.map((n) => ({
          primeiro_nome: n.split(' ')[0]!,
          ultimo_nome: n.split(' ').slice(1).join(' '),
          empresa: '',
          confidence: 0.5,
          source: 'page',
        }));
        const out = withRecipe(people, { values: { name: text }, weak: [] }, true);
        for (const p of people)
          expect(out.map((c) => `${c.primeiro_nome} ${c.ultimo_nome}`)).toContain(
            `${p.primeiro_nome} ${p.ultimo_nome}`,
          );
      }),
      { numRuns: 300 },
    );
  });
});
