import { browser } from 'wxt/browser';

/** Chrome stops an idle worker after 30 s and a pending fetch does not count as activity; an API call does. */
export const KEEP_ALIVE_MS = 20_000;

export function createKeepAlive(
  ping: () => Promise<unknown> = () => browser.runtime.getPlatformInfo(),
  intervalMs = KEEP_ALIVE_MS,
) {
  let pending = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    /** Keeps the worker alive until `work` settles. */
    async hold<T>(work: Promise<T>): Promise<T> {
      if (pending++ === 0) timer = setInterval(() => void ping().catch(() => undefined), intervalMs);
      try {
        return await work;
      } finally {
        if (--pending === 0) clearInterval(timer);
      }
    },
    get pending() {
      return pending;
    },
  };
}

export type KeepAlive = ReturnType<typeof createKeepAlive>;
