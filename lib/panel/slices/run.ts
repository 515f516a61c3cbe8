import { MAX_AUTO_RETRY_SEC, toApiError, type ApiError } from '@/lib/api/errors';
import type { HistoryEntry, LookupJob } from '@/lib/model';
import { seenOf } from './form';
import type { Internals, Outcome, PanelActions, PanelState, RunningJob, SliceArgs } from './types';

/*
 * Run and outcome: the lookup on its way to the worker, the job the panel waits for, and how it ended. A short 429 is
 * waited out and sent again by itself a few times; anything else is said and left to the user.
 */

/** A 429 is waited out and re-sent this many times in a row before the user decides. */
export const MAX_AUTO_RETRIES = 3;
/** Used when no quote is known (e.g. a resumed job): the widest typical range of the contract. */
const DEFAULT_TIME_RANGE: [number, number] = [2, 35];

type RunState = Pick<PanelState, 'starting' | 'outcome'>;
type RunActions = Pick<PanelActions, 'run' | 'runRequest' | 'resume' | 'cancel' | 'dismissOutcome'>;

/** The wait before a 429 is sent again by itself, in ms; null when the user decides. */
function autoRetryMs(error: ApiError, tries: number): number | null {
  // Only a short wait is taken by itself; a long one is said as a time of day and left to the user.
  const waitSec = error.retryAfterSec ?? 5;
  return error.action === 'retry_after' &&
    tries < MAX_AUTO_RETRIES &&
    error.retryAt === undefined &&
    waitSec <= MAX_AUTO_RETRY_SEC
    ? Math.max(1, waitSec) * 1000
    : null;
}

export function runSlice({ set, get, deps, shared }: SliceArgs): {
  slice: RunState & RunActions;
  internals: Pick<Internals, 'setOutcome'>;
} {
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let autoRetries = 0;
  let unwatch: (() => void) | undefined;

  const stopWatching = () => {
    unwatch?.();
    unwatch = undefined;
  };
  const setOutcome = (outcome: Outcome | null) => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    set({ outcome });
  };

  async function finish(job: RunningJob, outcome: LookupJob | null, given?: HistoryEntry | null) {
    if (outcome?.status === 'running') {
      const { startedAt } = outcome;
      const timeRange = outcome.quote.timeRange;
      if (startedAt !== job.startedAt || timeRange.join() !== job.timeRange.join())
        set({
          screen: {
            kind: 'running',
            job: { ...job, startedAt, timeRange, credits: outcome.quote.credits },
          },
        });
      return;
    }
    stopWatching();
    if (outcome?.status === 'done') {
      try {
        const entry =
          given?.id === outcome.entryId ? given : await deps.send('history.get', { id: outcome.entryId });
        if (!entry) throw new Error('history entry not found');
        set({ screen: { kind: 'result', entry, via: outcome.fromHistory ? 'cache' : 'lookup' } });
        autoRetries = 0;
        // History now holds this person: the quotes change (0 credits from history).
        get().requote();
      } catch (e) {
        set({ screen: { kind: 'page' } });
        shared.restoreForm(job.request);
        setOutcome({ kind: 'error', error: toApiError(e), request: job.request });
      }
      return;
    }
    set({ screen: { kind: 'page' } });
    shared.restoreForm(job.request);
    if (outcome?.status === 'error') {
      const { error } = outcome;
      const waitMs = autoRetryMs(error, autoRetries);
      if (waitMs === null) return setOutcome({ kind: 'error', error, request: job.request });
      setOutcome({ kind: 'error', error, request: job.request, retryAt: deps.now() + waitMs });
      autoRetries++;
      retryTimer = setTimeout(() => void get().runRequest(job.request, job), waitMs);
      return;
    }
    // Interrupted, or gone from the background's records: it may have been charged.
    setOutcome({ kind: 'interrupted', request: job.request });
  }

  function watch(job: RunningJob) {
    stopWatching();
    let settled = false;
    unwatch = deps.watchJob(job.id, (update, entry) => {
      if (settled) return;
      const { screen, outcome } = get();
      if (screen.kind === 'running' && screen.job.id === job.id) {
        if (update?.status !== 'running') settled = true;
        void finish(screen.job, update, entry);
      } else if (outcome?.kind === 'cancelled' && outcome.jobId === job.id && update?.status !== 'running') {
        settled = true;
        stopWatching();
        if (update?.status === 'done') set({ outcome: { ...outcome, entryId: update.entryId } });
      }
    });
  }

  function startRunning(job: RunningJob) {
    set({ screen: { kind: 'running', job }, starting: false });
    watch(job);
  }

  return {
    internals: { setOutcome },
    slice: {
      starting: false,
      outcome: null,

      async run() {
        const ready = await get().prepare();
        if (!ready) return;
        autoRetries = 0;
        await get().runRequest(ready.request, ready.quote);
      },

      async runRequest(request, quote) {
        if (get().starting || get().screen.kind === 'running') return;
        setOutcome(null);
        set({ starting: true });
        const seen =
          !request.seen && quote && 'endpoint' in quote ? seenOf(quote, request.refresh) : undefined;
        if (seen) request = { ...request, seen };
        try {
          const { jobId } = await deps.send('lookup', request);
          startRunning({
            id: jobId,
            request,
            credits: quote?.credits ?? null,
            timeRange: quote?.timeRange ?? DEFAULT_TIME_RANGE,
            startedAt: deps.now(),
          });
        } catch (e) {
          set({ starting: false });
          shared.restoreForm(request);
          setOutcome({ kind: 'error', error: toApiError(e), request });
        }
      },

      resume(job) {
        if (job.status !== 'running' || get().screen.kind === 'running') return;
        startRunning({
          id: job.id,
          request: job.request,
          credits: job.quote.credits,
          timeRange: job.quote.timeRange,
          startedAt: job.startedAt,
        });
      },

      cancel() {
        const { screen } = get();
        if (screen.kind !== 'running') return;
        // Only the waiting stops: the background finishes the call and files the result in history.
        set({ screen: { kind: 'page' } });
        shared.restoreForm(screen.job.request);
        setOutcome({ kind: 'cancelled', jobId: screen.job.id, request: screen.job.request });
      },

      dismissOutcome() {
        setOutcome(null);
      },
    },
  };
}
