import type { ApiError } from '@/lib/api/errors';
import type { LostVerdict } from '@/lib/batch/lost-cost';
import type { LookupJob } from '@/lib/model';
import { lookupJobs } from '@/lib/storage/session';

/** Finished jobs stay visible this long (pages that open later still learn the outcome), and at most this many. */
const KEEP_FINISHED_MS = 24 * 3_600_000;
const MAX_JOBS = 100;

export type JobOutcome =
  | { status: 'done'; entryId: string; fromHistory: boolean }
  | { status: 'error'; error: ApiError }
  | { status: 'interrupted'; lost?: LostVerdict };

export function createJobStore({ now = Date.now }: { now?: () => number } = {}) {
  function tidy(jobs: Record<string, LookupJob>): Record<string, LookupJob> {
    const kept = Object.values(jobs)
      .filter((j) => j.status === 'running' || now() - j.updatedAt < KEEP_FINISHED_MS)
      .sort((a, b) => b.updatedAt - a.updatedAt)
      .slice(0, MAX_JOBS);
    return Object.fromEntries(kept.map((j) => [j.id, j]));
  }

  /** Ends a job with its outcome; the persisted record is what every page and a restarted worker see. */
  async function finish(id: string, outcome: JobOutcome): Promise<LookupJob | null> {
    const jobs = await lookupJobs.update((all) => {
      const job = all[id];
      return job ? tidy({ ...all, [id]: { ...job, ...outcome, updatedAt: now() } as LookupJob }) : all;
    });
    return jobs[id] ?? null;
  }

  return {
    async get(id: string): Promise<LookupJob | null> {
      return (await lookupJobs.get())[id] ?? null;
    },

    async put(job: LookupJob): Promise<void> {
      await lookupJobs.update((jobs) => tidy({ ...jobs, [job.id]: job }));
    },

    finish,

    /**
     * At worker start every job still `running` belonged to a worker that died mid-call. Its result may already
     * be in the history (the entry id is the job id); otherwise it is `interrupted`, never re-sent.
     */
    async recover(
      resultOf: (jobId: string) => Promise<boolean>,
      measured: (jobId: string) => Promise<boolean> = async () => false,
    ): Promise<LookupJob[]> {
      const running = Object.values(await lookupJobs.get()).filter((j) => j.status === 'running');
      const ended: LookupJob[] = [];
      for (const job of running) {
        const done = await resultOf(job.id);
        const lost = !done && (await measured(job.id));
        const out = await finish(
          job.id,
          done
            ? { status: 'done', entryId: job.id, fromHistory: false }
            : { status: 'interrupted', ...(lost && { lost: { state: 'measuring' } }) },
        );
        if (out) ended.push(out);
      }
      return ended;
    },

    /** What the balance said about an interrupted lookup's cost. */
    async judged(id: string, lost: LostVerdict): Promise<void> {
      await lookupJobs.update((all) => {
        const job = all[id];
        return job?.status === 'interrupted' ? { ...all, [id]: { ...job, lost, updatedAt: now() } } : all;
      });
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
