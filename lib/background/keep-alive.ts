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

/**
 * While a job runs (a batch, a lookup in flight) or a lost answer's cost waits for the balance, this alarm wakes a
 * stopped worker every 30 s: its start reconciles the jobs and carries on with them. Cleared as soon as nothing waits,
 * so nothing keeps the worker up when no job runs. (Chrome before 120 rounds the period up to a minute.)
 */
export const WAKE_ALARM = 'work-wake';
export const WAKE_PERIOD_MINUTES = 0.5;

export async function syncWakeAlarm(needed: boolean): Promise<void> {
  const alarm = await browser.alarms.get(WAKE_ALARM);
  if (needed && !alarm) await browser.alarms.create(WAKE_ALARM, { periodInMinutes: WAKE_PERIOD_MINUTES });
  if (!needed && alarm) await browser.alarms.clear(WAKE_ALARM);
}
