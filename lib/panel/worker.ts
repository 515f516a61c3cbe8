import { onSettled } from '@/lib/announce';
import type { streamDraft } from '@/lib/draft/port';
import { toApiError } from '@/lib/api/error-core';
import type { RequestData, RequestType, Responses } from '@/lib/messaging';
import { send } from '@/lib/send';
import type { HistoryEntry, LookupJob } from '@/lib/model';
import { session } from '@/lib/storage/later';

/*
 * The side panel's one way to the worker. The panel's store gets it as its deps and hands it to the components
 * (components/panel/context.ts), so every question the panel asks the worker goes through here, and a test gives
 * the store and the components one fake.
 */

export interface PanelWorker {
  /** A request and its reply (lib/messaging.ts). */
  send<T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]>;
  /** A model text streamed on a port (a draft, or a review on REVIEW_PORT); returns the stop. */
  stream: typeof streamDraft;
  /**
   * Calls back with the job each time it changes (and once at the start); returns the unsubscribe. A finished job
   * may come with its history entry, which then need not be asked for.
   */
  watchJob(id: string, onJob: (job: LookupJob | null, entry?: HistoryEntry | null) => void): () => void;
}

/**
 * A stream whose port code `load` brings when the stream starts. A stop before it arrives opens nothing; a load that
 * fails reaches the handlers as an error.
 */
export function lazyStream(load: () => Promise<{ streamDraft: typeof streamDraft }>): typeof streamDraft {
  return (request, handlers, name) => {
    let stop: (() => void) | undefined;
    let stopped = false;
    load()
      .then(({ streamDraft }) => {
        if (!stopped) stop = streamDraft(request, handlers, name);
      })
      .catch((e: unknown) => {
        if (!stopped) handlers.onError(toApiError(e));
      });
    return () => {
      stopped = true;
      stop?.();
    };
  };
}

/** Set when the worker's message with a finished lookup reaches the panel. */
export const SETTLED_MARK = 'perfil:lookup-settled';

/** Storage events carry the job; this slow poll only covers an event lost while the worker restarted. */
const JOB_POLL_MS = 3_000;

/** The worker, as the side panel reaches it from the browser. */
export const browserWorker: PanelWorker = {
  send,
  // The port's code loads with the first stream: the panel's start-up script does not carry it.
  stream: lazyStream(() => import('@/lib/draft/port')),
  watchJob(id, onJob) {
    let live = true;
    const poll = () =>
      void send('job.get', { id })
        .then((job) => live && onJob(job))
        .catch(() => undefined);
    // The worker's message brings the finished job with its entry at once; the stored job (its watch and the poll)
    // covers a message missed.
    const unsettled = onSettled((m) => {
      if (!live || m.job.id !== id) return;
      performance.mark(SETTLED_MARK); // the speed bench's answer → DOM starts its panel side here
      onJob(m.job, m.entry);
    });
    const unwatchStored = session.lookupJobs.watch((jobs) => {
      const job = jobs[id];
      if (job) onJob(job);
    });
    poll();
    const timer = setInterval(poll, JOB_POLL_MS);
    return () => {
      live = false;
      unsettled();
      unwatchStored();
      clearInterval(timer);
    };
  },
};
