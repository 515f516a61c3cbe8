import { MAX_BATCH_SIZE } from './model';
import { MAX_IN_FLIGHT, MIN_GAP_MS } from './pacing';
import type { BatchJob, RowStatus, RunMeasure } from '@/lib/model';

export interface BatchProgress {
  total: number;
  /** Analysed now or served from the history. */
  done: number;
  failed: number;
  /** Queued or sent. */
  remaining: number;
  byStatus: Record<RowStatus, number>;
  creditsSpent: number;
  /** Share of the rows settled, 0–1. */
  fraction: number;
  /** Estimated milliseconds left; null before the first answer or when nothing runs. */
  etaMs: number | null;
}

export function progressOf(job: BatchJob, now: number = Date.now()): BatchProgress {
  const byStatus: Record<RowStatus, number> = {
    queued: 0,
    sent: 0,
    done: 0,
    cached: 0,
    failed: 0,
    interrupted: 0,
    cancelled: 0,
  };
  for (const row of job.rows) byStatus[row.status]++;
  const total = job.rows.length;
  const remaining = byStatus.queued + byStatus.sent;
  return {
    total,
    done: byStatus.done + byStatus.cached,
    failed: byStatus.failed + byStatus.interrupted,
    remaining,
    byStatus,
    creditsSpent: job.creditsSpent,
    fraction: total ? (total - remaining) / total : 1,
    etaMs:
      job.status === 'running'
        ? (measuredEta(job.run, remaining, now) ??
          eta(remaining, job.requests ? job.requestMs / job.requests : null))
        : null,
  };
}

/**
 * What is left at the pace measured in this run: rows settled between its first answer and its last, over the time
 * between them (the first answer's wait is not a pace), less the time since the last answer. Null until two answers
 * apart in time have come.
 */
export function measuredEta(run: RunMeasure | undefined, remaining: number, now: number): number | null {
  if (remaining === 0) return 0;
  const { first, last } = run ?? {};
  if (!first || !last || last.at <= first.at || last.settled <= first.settled) return null;
  const msPerRow = (last.at - first.at) / (last.settled - first.settled);
  return Math.max(0, Math.round(remaining * msPerRow - Math.max(0, now - last.at)));
}

/** Before any pace is measured: remaining requests run 5 at a time, each start at least 0.5 s after the previous one. */
export function eta(remainingRows: number, msPerRequest: number | null): number | null {
  if (remainingRows === 0) return 0;
  if (msPerRequest === null) return null;
  const requests = Math.ceil(remainingRows / MAX_BATCH_SIZE);
  return Math.max(
    Math.ceil(requests / MAX_IN_FLIGHT) * msPerRequest,
    (requests - 1) * MIN_GAP_MS + msPerRequest,
  );
}
