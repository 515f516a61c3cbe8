import { browser } from 'wxt/browser';
import { extractors } from '@/lib/extract/sites';
import { CORE_MODULE } from '@/lib/extract/site';
import { RECIPE_MODULE } from '@/lib/recipe/file';
import {
  fieldsOf,
  pathPattern,
  recipeFor,
  recipeId,
  RECIPE_FIELDS,
  type Recipe,
  type RecipeFields,
} from '@/lib/recipe/format';
import { withRecipe } from '@/lib/recipe/merge';
import {
  recipeReplySchema,
  type RecipeNotice,
  type RecipeReply,
  type RecipeRequest,
  type Taught,
} from '@/lib/recipe/protocol';
import type { Values } from '@/lib/recipe/locate';
import { recipes } from '@/lib/storage/recipes';
import type { ContentResponse, ParsedRequest } from '@/lib/messaging';

/*
 * The seller's correction teaches the site: the worker asks the page where the corrected values are (the recipe
 * module, lib/recipe/page.ts), keeps the recipe (lib/storage/recipes.ts) and, on the next pages of that site, has
 * the page read them again and puts that person first. Nothing leaves the browser.
 */

async function ask(tabId: number, request: RecipeRequest): Promise<RecipeReply | null> {
  try {
    const reply: unknown = await browser.tabs.sendMessage(tabId, request, { frameId: 0 });
    const parsed = recipeReplySchema.safeParse(reply);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const urlOf = async (tabId: number) => {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  return tab?.url ?? '';
};

/**
 * The recipe module is in the tab's page: injected, after the core module it waits for, the first time it is needed
 * there (where the extension may run scripts: a site with a script of its own, a granted site, or the page the seller
 * invoked the extension on). It listens for recipe requests itself: the content scripts carry nothing of it.
 */
export async function ready(tabId: number): Promise<boolean> {
  const ping = () => ask(tabId, { type: 'recipe', op: 'ping' }).then((r) => !!r?.ok);
  if (await ping()) return true;
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: [CORE_MODULE, RECIPE_MODULE] });
  } catch {
    return false;
  }
  return ping();
}

/** Whether a site reader of the extension's own knows `url` (its answer stands unless the seller taught the site). */
const builtIn = (url: URL) => extractors.some((x) => x.matches && safe(() => x.matches!(url)));
const safe = (test: () => boolean) => {
  try {
    return test();
  } catch {
    return false;
  }
};

const safeList = <T>(read: () => T[]): T[] => {
  try {
    return read();
  } catch {
    return [];
  }
};

/** `https://host/*` when the extension may not read `url`'s site by itself (no declared script, no grant). */
async function grantFor(url: string): Promise<string | null> {
  if (!url.startsWith('https:')) return null;
  const origin = `${new URL(url).origin}/*`;
  const declared = safeList(() => browser.runtime.getManifest().content_scripts ?? [])
    .flatMap((c) => c.matches ?? [])
    .some((m) => new RegExp(`^${m.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}`).test(url));
  if (declared) return null;
  const granted = await Promise.resolve()
    .then(() => browser.permissions.contains({ origins: [origin] }))
    .catch(() => false);
  return granted ? null : origin;
}

/** Keeps what the page taught: the recipe of `url`'s site and path, its fields replaced by those just learnt. */
export async function keep(url: string, fields: RecipeFields, now = Date.now()): Promise<Taught | null> {
  let page: URL;
  try {
    page = new URL(url);
  } catch {
    return null;
  }
  const learnt = fieldsOf(fields);
  if (!learnt.length || !/^https?:$/.test(page.protocol)) return null;
  const pattern = pathPattern(page);
  const id = recipeId(page.host, pattern);
  await recipes.update((all) => {
    const old = all[id];
    const recipe: Recipe = {
      version: 1,
      id,
      hosts: [page.host],
      paths: [pattern],
      fields: { ...old?.fields, ...fields },
      taught: true,
      createdAt: old?.createdAt ?? now,
      updatedAt: now,
      uses: old?.uses ?? 0,
      lastMatchedAt: old?.lastMatchedAt ?? null,
    };
    return { ...all, [id]: recipe };
  });
  return { host: page.host, learnt, notFound: [], grant: await grantFor(url) };
}

/** The seller corrected the form (or picked a candidate): where the page shows those values becomes the recipe. */
export async function learnFrom({ tabId, values }: ParsedRequest<'recipe.learn'>): Promise<Taught | null> {
  const url = await urlOf(tabId);
  if (!(await ready(tabId))) return null;
  const reply = await ask(tabId, { type: 'recipe', op: 'learn', values });
  if (!reply?.ok) return null;
  const fields = reply.fields ?? {};
  const asked = RECIPE_FIELDS.filter((f) => values[f]?.trim());
  const notFound = asked.filter((f) => !fields[f]);
  const taught = await keep(url, fields);
  const host = safe(() => !!new URL(url)) ? new URL(url).host : '';
  return taught ? { ...taught, notFound } : { host, learnt: [], notFound, grant: null };
}

/** The locators the seller pointed at ("Mostrar na página"), kept for the page's site. */
export const save = ({ url, fields }: ParsedRequest<'recipe.save'>) => keep(url, fields);

/**
 * The page's people with its site's recipe applied (lib/recipe/merge.ts), and what the panel says about it; the page
 * as it was when no recipe knows it or the recipe module cannot run there.
 */
export async function applyRecipe(
  tabId: number,
  page: ContentResponse,
  now = Date.now(),
): Promise<ContentResponse & { recipe?: RecipeNotice }> {
  const recipe = recipeFor(Object.values(await recipes.get().catch(() => ({}))), page.url);
  if (!recipe) return page;
  const url = new URL(page.url);
  const wanted = fieldsOf(recipe.fields);
  const reply = (await ready(tabId))
    ? await ask(tabId, { type: 'recipe', op: 'apply', fields: recipe.fields })
    : null;
  const values: Values = (reply?.ok && reply.values) || {};
  const weak = (reply?.ok && reply.weak) || [];
  const found = wanted.filter((f) => values[f]);
  const missing = wanted.filter((f) => !values[f]);
  const notice: RecipeNotice = { host: url.host, found, missing };
  if (!found.length) return { ...page, recipe: notice };
  void recipes
    .update((all) => {
      const r = all[recipe.id];
      return r ? { ...all, [recipe.id]: { ...r, uses: r.uses + 1, lastMatchedAt: now } } : all;
    })
    .catch(() => undefined);
  const overrides = recipe.taught || !builtIn(url);
  return { ...page, candidates: withRecipe(page.candidates, { values, weak }, overrides), recipe: notice };
}
