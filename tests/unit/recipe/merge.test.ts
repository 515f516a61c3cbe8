import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Candidate } from '@/lib/extract/types';
import { cleanName } from '@/lib/extract/names';
import { withRecipe } from '@/lib/recipe/merge';
import { keep } from '@/lib/background/recipe';
import { recipes } from '@/lib/storage';
import { LOCAL_KEYS } from '@/lib/storage/keys';
import type { Locator } from '@/lib/recipe/format';

/* What a recipe's reading does to the page's people (lib/recipe/merge.ts), and how recipes are kept. */

const c = (first: string, last: string, empresa = '', source = 'page'): Candidate => ({
  primeiro_nome: first,
  ultimo_nome: last,
  empresa,
  confidence: 0.6,
  source,
});
const names = (list: Candidate[]) => list.map((x) => `${x.primeiro_nome} ${x.ultimo_nome}|${x.empresa}`);

describe('withRecipe', () => {
  const page = [c('Nathan', 'Brooks', 'Zoho'), c('Felipe', 'Andrade Souto', 'Mrfoods')];

  it("puts the recipe's person first at the company it read", () => {
    const out = withRecipe(
      page,
      { values: { name: 'Felipe Andrade Souto', company: 'Maple Ridge' }, weak: [] },
      true,
    );
    expect(names(out)).toEqual(['Felipe Andrade Souto|Maple Ridge', 'Nathan Brooks|Zoho']);
    expect(out[0]).toMatchObject({ source: 'recipe', confidence: 1 });
  });

  it("takes the readers' person its decorated name holds ('Dr. … 🚀, MBA')", () => {
    const out = withRecipe(page, { values: { name: 'Dr. Felipe Andrade Souto 🚀, MBA' }, weak: [] }, true);
    expect(names(out)[0]).toBe('Felipe Andrade Souto|Mrfoods');
  });

  it('a name nobody found is added first, cleaned', () => {
    const out = withRecipe(
      [],
      { values: { name: 'Dra. Renata Vasconcelos (ela/dela)', company: 'Vale Verde' }, weak: [] },
      true,
    );
    expect(names(out)).toEqual(['Renata Vasconcelos|Vale Verde']);
  });

  it('a company alone goes to the first person', () => {
    expect(names(withRecipe(page, { values: { company: 'Acme' }, weak: [] }, true))[0]).toBe(
      'Nathan Brooks|Acme',
    );
  });

  it("a reading through the layout alone never displaces the readers' first person nor their company", () => {
    const out = withRecipe(
      page,
      { values: { name: 'Felipe Andrade Souto', company: 'X' }, weak: ['name', 'company'] },
      true,
    );
    expect(out).toEqual(page);
    // where the readers found nobody, it is the answer
    expect(names(withRecipe([], { values: { name: 'Ana Souza' }, weak: ['name'] }, true))).toEqual([
      'Ana Souza|',
    ]);
    // where the readers found no company, the layout's is taken
    expect(
      names(withRecipe([c('Ana', 'Souza')], { values: { company: 'Acme' }, weak: ['company'] }, true)),
    ).toEqual(['Ana Souza|Acme']);
  });

  it("an imported recipe on a built-in site leaves the site reader's first answer first", () => {
    const site = [c('Ana', 'Souza', 'Nubank', 'linkedin')];
    expect(withRecipe(site, { values: { name: 'Ana Souza', company: 'X' }, weak: [] }, false)).toEqual(site);
    expect(
      names(withRecipe(site, { values: { name: 'Bruno Lima', company: 'Y' }, weak: [] }, false)),
    ).toEqual(['Ana Souza|Nubank', 'Bruno Lima|Y']);
  });

  it('cleanName: no digits, no symbols, no title', () => {
    expect(cleanName('Ana Souza 🚀')).toBe('Ana Souza');
    expect(cleanName('Prof. Ana Souza, PhD')).toBe('Ana Souza');
    expect(cleanName('12345')).toBe('');
  });
});

describe('kept recipes', () => {
  beforeEach(() => fakeBrowser.reset());
  const locator: Locator = {
    ways: [{ anchor: { kind: 'attr', name: 'id', value: 'x' }, path: [] }],
    segment: -1,
    segments: 0,
  };

  it("keeps a recipe per host and pattern; a new correction replaces that field's locator", async () => {
    await keep('https://crm.example.com/contacts/42', { name: locator }, 10);
    await keep('https://crm.example.com/contacts/77', { company: locator }, 20);
    const all = await recipes.get();
    expect(Object.keys(all)).toEqual(['crm.example.com/contacts/*']);
    expect(all['crm.example.com/contacts/*']).toMatchObject({ createdAt: 10, updatedAt: 20, taught: true });
    expect(Object.keys(all['crm.example.com/contacts/*']!.fields)).toEqual(['name', 'company']);
  });

  it('a damaged recipe is dropped on load, the others stay', async () => {
    await keep('https://crm.example.com/contacts/42', { name: locator }, 10);
    const raw = (await fakeBrowser.storage.local.get(LOCAL_KEYS.recipes))[LOCAL_KEYS.recipes] as object;
    await fakeBrowser.storage.local.set({
      [LOCAL_KEYS.recipes]: { ...raw, bad: { version: 1, hosts: 'x' } },
    });
    expect(Object.keys(await recipes.get())).toEqual(['crm.example.com/contacts/*']);
  });
});
