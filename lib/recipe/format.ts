import * as z from 'zod/mini';
import { ANCHOR_ATTRIBUTE, CLASS, LANDMARKS, MAX, TAG } from './anchors';

/*
 * A recipe: what the seller's correction taught the extension about one site — where, on that site's pages, the
 * person's name, company and role are — shaped like a site definition (hosts, path patterns, fields). It holds only
 * ways to find those elements again, relative to stable anchors; never the person's values nor any other page text
 * beyond the anchors it needs (an id, a data-* attribute, a field label such as "Empresa"). It is kept in the
 * browser (lib/storage/recipes.ts) and never sent anywhere. The format: docs/recipes.md.
 */

export const RECIPE_FIELDS = ['name', 'company', 'role'] as const;
export type RecipeField = (typeof RECIPE_FIELDS)[number];

const str = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));
const int = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));

/** Where a way starts: an element found by a stable attribute, a field label, a heading, a landmark or the body. */
export const anchorSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('attr'),
    name: z.string().check(z.regex(ANCHOR_ATTRIBUTE)),
    value: str(MAX.attr),
  }),
  /** The element right after the one whose whole text is this label ("Empresa", "Cargo"). */
  z.object({ kind: z.literal('label'), text: str(MAX.label) }),
  /** The `index`-th heading of this level in the page. */
  z.object({ kind: z.literal('heading'), level: int(1, 6), index: int(0, MAX.heading) }),
  z.object({ kind: z.literal('landmark'), tag: z.enum(LANDMARKS) }),
  z.object({ kind: z.literal('root') }),
]);
export type Anchor = z.infer<typeof anchorSchema>;

/** One step down: the `nth` child (from 0) among those with this tag and these classes. */
export const stepSchema = z.object({
  tag: z.string().check(z.regex(TAG)),
  classes: z.array(z.string().check(z.regex(CLASS))).check(z.maxLength(3)),
  nth: int(0, MAX.nth),
});
export type Step = z.infer<typeof stepSchema>;

export const waySchema = z.object({
  anchor: anchorSchema,
  path: z.array(stepSchema).check(z.maxLength(MAX.steps)),
});
export type Way = z.infer<typeof waySchema>;

/**
 * Several ways to the same element, tried in order; which piece of its text is the value: the whole (`segment` -1)
 * or the `segment`-th of its `segments` pieces (lines and pieces between separators such as "·", "|", " at ").
 */
export const locatorSchema = z.object({
  ways: z.array(waySchema).check(z.minLength(1), z.maxLength(MAX.ways)),
  segment: int(-1, MAX.segments),
  segments: int(0, MAX.segments),
});
export type Locator = z.infer<typeof locatorSchema>;

/** A path pattern: segments of the address, `*` for one id or slug; a hash route ("/#/deals/*") after the path. */
const patternSchema = z.string().check(z.minLength(1), z.maxLength(300), z.regex(/^\/[^\s?]*$/));
const hostSchema = z
  .string()
  .check(z.minLength(1), z.maxLength(253), z.regex(/^[a-z0-9.-]+(?::\d{1,5})?$/), z.toLowerCase());

export const recipeSchema = z.object({
  version: z.literal(1),
  id: str(600),
  hosts: z.array(hostSchema).check(z.minLength(1), z.maxLength(1)),
  paths: z.array(patternSchema).check(z.minLength(1), z.maxLength(5)),
  fields: z.object({
    name: z.optional(locatorSchema),
    company: z.optional(locatorSchema),
    role: z.optional(locatorSchema),
  }),
  /** Taught by this seller's own correction (true), or imported from a file (false). */
  taught: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
  uses: int(0, 1e9),
  lastMatchedAt: z.nullable(z.number()),
});
export type Recipe = z.infer<typeof recipeSchema>;
export type RecipeFields = Recipe['fields'];

/** Whether an address segment is an id or a slug (digits, capitals, separators, long): a wildcard in the pattern. */
const variable = (segment: string, last: boolean) =>
  last || !/^[a-z]{1,24}$/.test(segment) || /\d/.test(segment);

/** The path of `url` as a recipe reads it: its segments, then a hash route's ("#/deals/42") when there is one. */
function segmentsOf(url: URL): { path: string[]; hash: string[] } {
  const split = (p: string) => p.split('/').filter(Boolean);
  return { path: split(url.pathname), hash: url.hash.startsWith('#/') ? split(url.hash.slice(1)) : [] };
}

/**
 * The path pattern of `url`: each segment that is an id or a slug — and the last one, which names the record —
 * becomes `*`; plain words ("in", "contacts", "app") stay. A hash route is generalised the same way.
 */
export function pathPattern(url: URL): string {
  const { path, hash } = segmentsOf(url);
  const general = (list: string[]) =>
    list.map((s, i) => (variable(decodeSafe(s), i === list.length - 1) ? '*' : s));
  const base = `/${general(path).join('/')}`;
  return hash.length ? `${base === '/' ? '' : base}/#/${general(hash).join('/')}` : base;
}

const decodeSafe = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Whether `pattern` (from pathPattern) matches `url`'s path: the same segments, `*` for any one. */
export function patternMatches(pattern: string, url: URL): boolean {
  const [path = '', hash] = pattern.split('/#/');
  const want = { path: path.split('/').filter(Boolean), hash: hash?.split('/').filter(Boolean) ?? [] };
  const got = segmentsOf(url);
  const same = (a: string[], b: string[]) =>
    a.length === b.length && a.every((s, i) => s === '*' || s === b[i]);
  return same(want.path, got.path) && same(want.hash, got.hash);
}

/** How many literal segments a pattern has: the most specific matching recipe wins. */
const literal = (pattern: string) => pattern.split('/').filter((s) => s && s !== '*' && s !== '#').length;

export const recipeId = (host: string, pattern: string) => `${host}${pattern}`;

/** The recipe for `url` among `recipes`: same host, a matching pattern, the most specific first; null for none. */
export function recipeFor(recipes: Iterable<Recipe>, url: string): Recipe | null {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return null;
  }
  let best: { r: Recipe; score: number } | null = null;
  for (const r of recipes) {
    if (!r.hosts.includes(page.host)) continue;
    for (const p of r.paths)
      if (patternMatches(p, page) && (!best || literal(p) > best.score)) best = { r, score: literal(p) };
  }
  return best?.r ?? null;
}

/** The fields a recipe knows, in order. */
export const fieldsOf = (fields: RecipeFields): RecipeField[] => RECIPE_FIELDS.filter((f) => fields[f]);

/* Export and import, so a team can share what its sellers taught. */

export const EXPORT_FORMAT = 'perfil-intel-recipes';
/** The most recipes one store (and one file) holds. */
export const MAX_RECIPES = 200;

/** The file a team shares: the recipes as they are (anchors only: no person's values, no page text). */
export const exportRecipes = (recipes: Recipe[]): string =>
  JSON.stringify({ format: EXPORT_FORMAT, version: 1, recipes }, null, 2);

export type ImportResult =
  | { ok: true; recipes: Recipe[]; skipped: number }
  | { ok: false; message: { pt: string; en: string } };

/** Reads a shared file: every valid recipe in it (marked as imported), how many were not valid, or why none. */
export function importRecipes(text: string): ImportResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return {
      ok: false,
      message: {
        pt: 'O arquivo não é um JSON válido. Nenhuma receita foi alterada.',
        en: 'The file is not valid JSON. No recipe was changed.',
      },
    };
  }
  const file = data as { format?: unknown; recipes?: unknown } | null;
  if (!file || typeof file !== 'object' || file.format !== EXPORT_FORMAT || !Array.isArray(file.recipes))
    return {
      ok: false,
      message: {
        pt: 'O arquivo não é uma exportação de receitas do Perfil Intel. Nenhuma receita foi alterada.',
        en: 'The file is not a Perfil Intel recipe export. No recipe was changed.',
      },
    };
  const recipes: Recipe[] = [];
  let skipped = 0;
  for (const raw of file.recipes.slice(0, MAX_RECIPES)) {
    const parsed = recipeSchema.safeParse(raw);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const r = parsed.data;
    // the id is the recipe's site and pattern, whatever the file says
    recipes.push({ ...r, id: recipeId(r.hosts[0]!, r.paths[0]!), taught: false });
  }
  skipped += Math.max(0, file.recipes.length - MAX_RECIPES);
  if (!recipes.length)
    return {
      ok: false,
      message: {
        pt: 'Nenhuma receita válida no arquivo. Nenhuma receita foi alterada.',
        en: 'No valid recipe in the file. No recipe was changed.',
      },
    };
  return { ok: true, recipes, skipped };
}

/**
 * `incoming` added to `current` (by id): an imported recipe never replaces one this seller taught; the newest of
 * two otherwise. At most MAX_RECIPES, the most recently updated kept.
 */
export function mergeRecipes(current: Record<string, Recipe>, incoming: Recipe[]): Record<string, Recipe> {
  const out = { ...current };
  for (const r of incoming) {
    const old = out[r.id];
    if (old && ((old.taught && !r.taught) || old.updatedAt > r.updatedAt)) continue;
    out[r.id] = r;
  }
  return Object.fromEntries(
    Object.values(out)
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, MAX_RECIPES)
      .map((r) => [r.id, r]),
  );
}
