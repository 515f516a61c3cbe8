import { LOST_ROW } from '@/lib/batch/model';
import type { BatchJob, BatchRow } from '@/lib/model';
import { convertLegacyBatchJobs, readBatchJobs, removeBatchRows, writeBatch } from '@/lib/storage';

/** Jobs kept, newest first. */
const MAX_JOBS = 20;

/**
 * The batch jobs of this worker, read once and kept in memory; each change is persisted before anything else
 * happens, as the jobs' heads and the chunks of the rows it touched (lib/storage/batch.ts).
 */
export function createBatchJobs(now: () => number) {
  let loading: Promise<Map<string, BatchJob>> | null = null;
  /** Every job, read once per worker (jobs kept by an older version are converted first). */
  function all(): Promise<Map<string, BatchJob>> {
    loading ??= (async () => {
      await convertLegacyBatchJobs();
      return new Map(Object.entries(await readBatchJobs()));
    })().catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  }

  /**
   * Changes one job in memory and persists it before anything else happens: the heads, and the chunks holding the
   * rows that changed (a new rows array of the same length: the rows that are not the same objects).
   */
  async function change(id: string, fn: (job: BatchJob) => BatchJob): Promise<BatchJob | null> {
    const jobs = await all();
    const old = jobs.get(id);
    if (!old) return null;
    const job = { ...fn(old), updatedAt: now() };
    jobs.set(id, job);
    const rowIndexes =
      job.rows.length === old.rows.length
        ? job.rows.flatMap((r, i) => (r === old.rows[i] ? [] : [i]))
        : undefined;
    await writeBatch(jobs.values(), { job, rowIndexes });
    return job;
  }

  return {
    all,
    get: async (id: string) => (await all()).get(id) ?? null,
    change,

    /** Keeps a new job and persists it. */
    async add(job: BatchJob): Promise<void> {
      const jobs = await all();
      // The newest MAX_JOBS stay; the rows of the others go.
      const dropped = [...jobs.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(MAX_JOBS - 1);
      for (const old of dropped) jobs.delete(old.id);
      jobs.set(job.id, job);
      await writeBatch(jobs.values(), { job });
      await Promise.all(dropped.map(removeBatchRows));
    },

    /** Forgets a job, its head and its rows. */
    async remove(id: string): Promise<void> {
      const jobs = await all();
      const job = jobs.get(id);
      if (!job) return;
      jobs.delete(id);
      await writeBatch(jobs.values());
      await removeBatchRows(job);
    },
  };
}

export type BatchJobs = ReturnType<typeof createBatchJobs>;

/** The job with the rows named in `patch` changed (their error, if any, gone). */
export const patchRows = (job: BatchJob, patch: Map<string, Partial<BatchRow>>): BatchJob => ({
  ...job,
  rows: job.rows.map((r) => {
    const p = patch.get(r.id);
    if (!p) return r;
    const { error: _e, error_code: _c, apiError: _a, ...clean } = r;
    return { ...clean, ...p };
  }),
});

/** The job with its count of rows whose cost is still being measured. */
export const withMeasuring = (job: BatchJob): BatchJob => {
  const measuring = job.rows.filter(
    (r) => r.status === 'interrupted' && r.error_code === LOST_ROW.measuring.error_code,
  ).length;
  if (!measuring && !job.lost) return job;
  return { ...job, lost: { ...job.lost, measuring } };
};
