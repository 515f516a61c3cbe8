import type { RequestData, RequestType, Responses } from '@/lib/messaging';
import { MessageError } from '@/lib/send';
import { readContentResponse } from './content-answer';
import type { EarlyDetect } from './early';
import type { PanelDeps } from './store';

/** An early answer older than this when the store first asks is asked again (the page may have moved on). */
export const EARLY_FRESH_MS = 2_000;

/**
 * The panel's deps, where the store's first `detect` takes the answer the entry asked for early (./early.ts) when it
 * is about the same tab and fresh: the content script's, once checked as the worker checks it (./content-answer.ts), or the worker's. Any
 * other question, a later `detect`, or an early question that failed, went unanswered or was answered with
 * something unreadable goes to the worker as usual.
 */
export function withEarlyDetect(
  deps: PanelDeps,
  early: Promise<EarlyDetect | null>,
  freshMs = EARLY_FRESH_MS,
): PanelDeps {
  let unused: Promise<EarlyDetect | null> | null = early;
  async function send<T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> {
    if (type === 'detect' && unused) {
      const pending = unused;
      unused = null;
      const asked = await pending.catch(() => null);
      const tabId = (data as RequestData<'detect'>).tabId;
      if (asked && asked.tabId === tabId && deps.now() - asked.at <= freshMs) {
        const answer = await asked.answer.catch(() => undefined);
        if (answer?.from === 'page') {
          const read = readContentResponse(answer.reply);
          if (read) return { ok: true, ...read } as Responses[T];
        } else {
          const reply = answer?.reply;
          if (reply?.ok) return reply.value as Responses[T];
          if (reply) throw new MessageError(reply.error);
        }
      }
    }
    return deps.send(type, data);
  }
  return { ...deps, send };
}
