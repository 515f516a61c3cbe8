import { browser } from 'wxt/browser';
import { filesFor } from '@/lib/extract/sites';
import {
  contentResponseSchema,
  type ContentRequest,
  type ContentResponse,
  type Responses,
} from '@/lib/messaging';
import { applyRecipe } from './recipe';

/** The match pattern to ask permission for (`https://host/*`), or null for pages no script may run on. */
export function originPattern(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? `${u.origin}/*` : null;
  } catch {
    return null;
  }
}

async function ask(tabId: number): Promise<ContentResponse | null> {
  try {
    const reply: unknown = await browser.tabs.sendMessage(
      tabId,
      { type: 'extract' } satisfies ContentRequest,
      {
        frameId: 0,
      },
    );
    const parsed = contentResponseSchema.safeParse(reply);
    return parsed.success ? parsed.data : null;
  } catch {
    // No content script in the tab.
    return null;
  }
}

/**
 * The people on a tab's page. The content script answers where it is declared; elsewhere the one that reads the
 * page is injected when the extension may (a granted host permission, or activeTab after the user invoked the
 * extension). Otherwise the answer says so, with the origin pattern the panel asks permission for when the user
 * clicks.
 */
export async function detect(tabId: number): Promise<Responses['detect']> {
  const first = await ask(tabId);
  // a recipe the seller taught for this site reads its person first (lib/background/recipe.ts)
  if (first) return { ok: true, ...(await applyRecipe(tabId, first)) };
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  // Without a grant for the tab, Chrome does not tell its address.
  const url = tab?.url ?? tab?.pendingUrl ?? '';
  const origin = originPattern(url);
  if (url && origin === null) return { ok: false, reason: 'unsupported', url, origin };
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: filesFor(url) });
  } catch {
    const granted =
      origin !== null && (await browser.permissions.contains({ origins: [origin] }).catch(() => false));
    return { ok: false, reason: granted ? 'failed' : 'not_granted', url, origin };
  }
  const second = await ask(tabId);
  return second
    ? { ok: true, ...(await applyRecipe(tabId, second)) }
    : { ok: false, reason: 'failed', url, origin };
}
