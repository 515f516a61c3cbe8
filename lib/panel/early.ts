import { browser } from 'wxt/browser';
import type { ContentRequest, Envelope, Reply } from '@/lib/messaging';

/*
 * The side panel's first question (who is on the page), asked by its entry before React and the rest of the panel's
 * code load. The tab's content script is asked first, directly: on the sites with a reader it answers in a few
 * milliseconds and a sleeping worker need not wake for the first paint. Where no script answers, the worker is asked
 * (it injects the generic reader where the extension may), which also wakes it meanwhile. Only browser APIs here:
 * the entry stays small; the answer is checked and taken by ./early-reply.ts.
 */

export type EarlyAnswer =
  /** The content script's answer, as the page's script sent it (unchecked). */
  | { from: 'page'; reply: unknown }
  /** The worker's reply as it came (undefined when nobody answered). */
  | { from: 'worker'; reply: Reply<'detect'> | undefined };

export interface EarlyDetect {
  tabId: number;
  /** When it was asked (ms, Date.now). */
  at: number;
  answer: Promise<EarlyAnswer>;
}

function askWorker(tabId: number): Promise<EarlyAnswer> {
  const envelope: Envelope<'detect'> = { type: 'detect', data: { tabId } };
  return (browser.runtime.sendMessage(envelope) as Promise<Reply<'detect'> | undefined>).then((reply) => ({
    from: 'worker' as const,
    reply,
  }));
}

/** Asks who is on the pinned tab, else on the active tab of the panel's window; null when there is none. */
export async function askEarly(pinnedTabId: number | undefined, now = Date.now): Promise<EarlyDetect | null> {
  const tabId =
    pinnedTabId ?? (await browser.tabs.query({ active: true, currentWindow: true }).catch(() => []))[0]?.id;
  if (tabId === undefined) return null;
  const at = now();
  const extract: ContentRequest = { type: 'extract' };
  const answer = browser.tabs
    .sendMessage(tabId, extract, { frameId: 0 })
    .then((reply: unknown) => (reply == null ? askWorker(tabId) : { from: 'page' as const, reply }))
    .catch(() => askWorker(tabId));
  return { tabId, at, answer };
}
