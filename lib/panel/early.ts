import { browser } from 'wxt/browser';
import type { Envelope, Reply } from '@/lib/messaging';

/*
 * The side panel's first question (who is on the page), asked by its entry before React and the rest of the panel's
 * code load: a sleeping worker wakes meanwhile, and the answer is usually there when the panel first renders. Only
 * browser APIs here: the entry stays a few hundred bytes (the answer is taken by ./early-reply.ts).
 */

export interface EarlyDetect {
  tabId: number;
  /** When it was asked (ms, Date.now). */
  at: number;
  /** The worker's reply as it came (undefined when nobody answered). */
  reply: Promise<Reply<'detect'> | undefined>;
}

/** Asks `detect` for the pinned tab, else the active tab of the panel's window; null when there is none. */
export async function askEarly(pinnedTabId: number | undefined, now = Date.now): Promise<EarlyDetect | null> {
  const tabId =
    pinnedTabId ?? (await browser.tabs.query({ active: true, currentWindow: true }).catch(() => []))[0]?.id;
  if (tabId === undefined) return null;
  const at = now();
  const reply = browser.runtime.sendMessage({
    type: 'detect',
    data: { tabId },
  } satisfies Envelope<'detect'>) as Promise<Reply<'detect'> | undefined>;
  return { tabId, at, reply };
}
