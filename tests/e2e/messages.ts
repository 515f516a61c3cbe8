/// <reference types="chrome" />
import { expect, type Page } from '@playwright/test';
import type { RequestData, RequestType, Responses } from '@/lib/messaging';
import type { LookupJob } from '@/lib/model';

type Reply<T extends RequestType> = { ok: true; value: Responses[T] } | { ok: false; error: unknown };

/** Sends protocol messages from an extension page, as the side panel does; a refusal throws with its error. */
export function messenger(page: Page) {
  return async <T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> => {
    const reply = (await page.evaluate(([t, d]) => chrome.runtime.sendMessage({ type: t, data: d }), [
      type,
      data,
    ] as const)) as Reply<T>;
    if (!reply.ok) throw new Error(`${type} refused: ${JSON.stringify(reply.error)}`);
    return reply.value;
  };
}

export type Send = ReturnType<typeof messenger>;

/** Polls a lookup job until it is no longer running. */
export async function settledJob(send: Send, id: string, timeout = 30_000): Promise<LookupJob> {
  let job: LookupJob | null = null;
  await expect
    .poll(async () => (job = await send('job.get', { id }))?.status, { timeout, intervals: [100, 250, 500] })
    .not.toBe('running');
  return job!;
}
