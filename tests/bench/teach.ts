import { parseHTML } from 'linkedom';
import { extractCandidates, extractGeneric } from '../fixtures/extract';
import { pageCases, readPage, type PageCase } from '../fixtures/pages/cases';
import { judge } from '../fixtures/pages/judge';
import { pathPattern, recipeFor, type Recipe } from '@/lib/recipe/format';
import { apply, learn } from '@/lib/recipe/locate';
import { withRecipe } from '@/lib/recipe/merge';

/*
 * The teach figure (`npm run bench -- extract`): for each site (host) with two or more pages that have a main
 * person in the corpus, the recipe learnt from one page's corrected answer (the main person's name and company, as
 * the seller would write them in the form) applied to each other page of the site, as the extension does
 * (lib/background/recipe.ts): a page whose path the recipe's pattern does not match keeps the detection's answer.
 * A pair is right when the main person comes first with an accepted company (tests/fixtures/pages/judge.ts).
 */

/** Goal: after one correction on one page of a site, 90% of that site's other pages right. */
export const GOAL_TEACH = 0.9;

const docOf = (c: PageCase) => parseHTML(readPage(c.file)).document as unknown as Document;

/** The recipe a seller's correction on `c` teaches: its main person's name and the company as the page writes it. */
export function taughtOn(c: PageCase, now = 0): Recipe | null {
  if (!c.main) return null;
  const doc = docOf(c);
  const [first, last] = c.main.names[0]!;
  const name = `${first} ${last}`.trim();
  // the seller types the company as the page shows it; the corpus accepts several spellings
  let fields = learn(doc, { name });
  for (const company of c.main.companies) {
    const withCompany = learn(doc, { name, company });
    if (withCompany.company) {
      fields = withCompany;
      break;
    }
  }
  if (!fields.name && !fields.company) return null;
  const url = new URL(c.url);
  const pattern = pathPattern(url);
  return {
    version: 1,
    id: `${url.host}${pattern}`,
    hosts: [url.host],
    paths: [pattern],
    fields,
    taught: true,
    createdAt: now,
    updatedAt: now,
    uses: 0,
    lastMatchedAt: null,
  };
}

type Reader = typeof extractCandidates;

/** Detection on `c` (every reader, or `read`) with `recipe` applied, as the worker does. */
export function readWith(c: PageCase, recipe: Recipe | null, read: Reader = extractCandidates) {
  const doc = docOf(c);
  const found = read(doc, c.url);
  if (!recipe || !recipeFor([recipe], c.url)) return found;
  return withRecipe(found, apply(doc, recipe.fields), true);
}

/**
 * The teach figures, per site and overall: with every reader (`label` "teach"), and with the site readers switched off
 * (`extractGeneric`: what teaching does on a site the extension has no reader for).
 */
export function teach(
  cases: PageCase[] = pageCases,
  read: Reader = extractCandidates,
  label = 'teach',
): Record<string, string> {
  const sites = new Map<string, PageCase[]>();
  for (const c of cases) {
    if (!c.main) continue;
    const host = new URL(c.url).host;
    sites.set(host, [...(sites.get(host) ?? []), c]);
  }
  const out: Record<string, string> = {};
  let right = 0;
  let total = 0;
  let before = 0;
  for (const [host, pages] of sites) {
    if (pages.length < 2) continue;
    let siteRight = 0;
    let siteTotal = 0;
    let siteBefore = 0;
    for (const teacher of pages) {
      const recipe = taughtOn(teacher);
      for (const other of pages) {
        if (other === teacher) continue;
        siteTotal++;
        if (judge(other, readWith(other, recipe, read)).mainFirst) siteRight++;
        if (judge(other, readWith(other, null, read)).mainFirst) siteBefore++;
      }
    }
    right += siteRight;
    total += siteTotal;
    before += siteBefore;
    out[`${label}: ${host}`] = `${siteRight}/${siteTotal} (without the recipe ${siteBefore}/${siteTotal})`;
  }
  const pct = (n: number) => `${((100 * n) / Math.max(1, total)).toFixed(1)}%`;
  out[`${label}: other pages right after one correction`] =
    `${right}/${total} (${pct(right)}; goal ≥ ${GOAL_TEACH * 100}%: ${right >= GOAL_TEACH * total ? 'met' : 'NOT met'}; without the recipe ${before}/${total}, ${pct(before)})`;
  return out;
}

/** Both teach figures: with every reader, and with the site readers switched off. */
export const teachFigures = () => ({
  ...teach(),
  ...teach(pageCases, extractGeneric, 'teach (site readers off)'),
});
