import { browser, type Browser } from 'wxt/browser';
import type { HistoryEntry, LookupJob } from '@/lib/model';

/*
 * A finished lookup, sent by the worker to its open pages the moment it has the result, beside its saving: the
 * panel that waits for it renders at once. The stored job stays the path for a page that opens later or misses
 * this message.
 */

export const SETTLED = 'lookup.settled';

export interface LookupSettled {
  type: typeof SETTLED;
  job: LookupJob;
  /** The normalized analysis the job produced (null when it ended without one). */
  entry: HistoryEntry | null;
}

/** Sends to every open page of the extension; none listening is not an error. */
export function announceSettled(job: LookupJob, entry: HistoryEntry | null): void {
  // the speed bench reads it: the answer's way from the response to the panel
  performance.mark('perfil:lookup-announced');
  try {
    void browser.runtime
      .sendMessage({ type: SETTLED, job, entry } satisfies LookupSettled)
      .catch(() => undefined);
  } catch {
    // No page open, or the runtime is going away: the stored job carries the result.
  }
}

const isSettled = (m: unknown): m is LookupSettled =>
  typeof m === 'object' &&
  m !== null &&
  (m as { type?: unknown }).type === SETTLED &&
  typeof (m as { job?: { id?: unknown } }).job?.id === 'string';

/** Calls back with each finished lookup the worker announces; returns the unsubscribe. */
export function onSettled(listener: (message: LookupSettled) => void): () => void {
  const onMessage = (message: unknown, sender: Browser.runtime.MessageSender) => {
    // Only our own worker (no tab, our id) announces; anything else is ignored.
    if (sender.id !== browser.runtime.id || sender.tab || !isSettled(message)) return;
    listener(message);
  };
  browser.runtime.onMessage.addListener(onMessage);
  return () => browser.runtime.onMessage.removeListener(onMessage);
}
