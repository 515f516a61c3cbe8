import { ENDPOINTS } from '@/lib/api/endpoints';
import { ApiFailure } from '@/lib/api/errors';
import { combineVerdicts, type LostVerdict } from '@/lib/batch/lost-cost';
import { BATCH_ENDPOINT, INTERRUPTED_ROW, LOST_ROW, canRetry, creditsPerProfile } from '@/lib/batch/model';
import { createPacer, realClock, type Clock, type Pacer } from '@/lib/batch/pacing';
import { planBatch, selectForJob } from '@/lib/batch/plan';
import { personKey, type History } from '@/lib/history';
import type { ClientFactory } from './api';
import { createBatchJobs, patchRows, withMeasuring, type BatchJobs } from './batch-jobs';
import { createEmbedQueue, createRunner, type RunContext } from './batch-run';
import type { CreditsService } from './credits';
import { createKeeper } from './kept';
import type { KeepAlive } from './keep-alive';
import type { SpendService } from './spend';
import { refusal } from './refusal';
import type {
  BatchJob,
  BatchPlan,
  BatchRow,
  Depth,
  HistoryEntry,
  LookupInput,
  PlannedPerson,
} from '@/lib/model';
import { credits as storedCredits, keyStatus, settings } from '@/lib/storage';

/*
 * Batch jobs run here, in the background, persisted after every answer: the worker keeps the jobs in memory (read
 * once) and writes what an answer changed, the jobs' heads and the chunks of the rows it touched. A row is marked `sent` (and saved)
 * before its request goes out; a worker that dies with rows `sent` leaves them for the next start, which
 * finds their results in the history (saved under a pre-assigned id) or marks them interrupted. Nothing is
 * ever re-sent by itself: the user retries interrupted and failed rows. The rows are run by ./batch-run.ts, the jobs
 * kept by ./batch-jobs.ts; this service plans, starts, steers and recovers them.
 */

const DAY_MS = 86_400_000;

const BASIC_KEY = {
  pt: 'Sua chave Basic só inclui a análise rápida em lote. Faça upgrade para o plano Complete.',
  en: 'Your Basic key only includes the quick batch analysis. Upgrade to the Complete plan.',
};
const SHORT = {
  pt: 'O saldo não cobre o lote inteiro. Rode só o que cabe ou compre créditos.',
  en: 'The balance does not cover the whole batch. Run what fits or buy credits.',
};
const NOTHING = { pt: 'Nenhuma pessoa para analisar.', en: 'Nobody to analyse.' };
const NOT_FOUND = { pt: 'Lote não encontrado.', en: 'Batch not found.' };

export interface BatchDeps {
  client: ClientFactory;
  history: History;
  credits: CreditsService;
  keepAlive: KeepAlive;
  now?: () => number;
  newId?: () => string;
  /** Shared by every job of this worker: the contract's limits are per account, not per job. */
  pacer?: Pacer;
  clock?: Clock;
  /** Embeds saved entries for "Pessoas parecidas" in the background (never waited for). */
  embed?: (ids: string[]) => void;
  /** Records every charging request before it leaves, so that a lost answer's cost can be measured. */
  spend: SpendService;
  /** Told when a job starts running or stops (the wake alarm follows the running jobs). */
  onRunning?: () => void;
}

/** The request a sent row went in (its entry id is `job:row:request`). */
export const requestOf = (row: BatchRow): string | undefined => row.entryId?.split(':')[2];

export interface BatchStart {
  people: LookupInput[];
  depth: Depth;
  refresh: boolean;
  /** Run only the first `limit` people to send ("run what fits"). */
  limit?: number;
}

/** What the batch's price check reads: the key's plan, the balance, and the history's reusable results. */
async function plan(
  deps: BatchDeps,
  now: () => number,
  people: LookupInput[],
  depth: Depth,
  refresh: boolean,
): Promise<BatchPlan> {
  const [status, balance, { reuseDays }] = await Promise.all([
    keyStatus.get(),
    deps.credits.get().catch(() => storedCredits.get()),
    settings.get(),
  ]);
  if (!status.tier)
    throw new ApiFailure(
      refusal('INVALID_API_KEY', { pt: 'Nenhuma chave de API salva.', en: 'No API key saved.' }, 'fix_key'),
    );
  if (status.tier === 'basic' && depth !== 'quick')
    throw new ApiFailure(refusal('ACCESS_DENIED', BASIC_KEY, 'upgrade'));
  const cached = new Map<string, string>();
  if (!refresh && reuseDays > 0) {
    const since = now() - reuseDays * DAY_MS;
    for (const p of people) {
      const key = personKey(p);
      if (cached.has(key)) continue;
      const hit = await deps.history.findReusable(key, depth, 'pt', since);
      if (hit) cached.set(key, hit.id);
    }
  }
  return planBatch({
    people,
    creditsPerProfile: creditsPerProfile(depth),
    balance: balance.balance,
    cached,
    refresh,
  });
}

/** A new job, running, of the `chosen` people (those served from the history already done). */
function newJob(id: string, at: number, req: BatchStart, p: BatchPlan, chosen: PlannedPerson[]): BatchJob {
  return {
    id,
    depth: req.depth,
    endpoint: ENDPOINTS[BATCH_ENDPOINT[req.depth]].path,
    creditsPerProfile: p.creditsPerProfile,
    status: 'running',
    rows: chosen.map((c, i) =>
      c.status === 'cached'
        ? { id: String(i), input: c.input, status: 'cached', entryId: c.entryId }
        : { id: String(i), input: c.input, status: 'queued' },
    ),
    creditsSpent: 0,
    requests: 0,
    requestMs: 0,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * At worker start: a `sent` row whose result is in the history is done (charged once); any other is
 * interrupted, never re-sent by itself, and its request's cost is measured from the balance (./spend.ts). Jobs
 * that were running carry on with their queued rows.
 */
async function recover(ctx: RunContext, drive: (id: string) => Promise<void>): Promise<void> {
  const { jobs, kept } = ctx;
  for (const job of [...(await jobs.all()).values()]) {
    const open = new Set((await ctx.spend.leftOpen(job.id)).map(([req]) => req));
    const sent = job.rows.filter((r) => r.status === 'sent');
    if (sent.length || open.size) {
      const patch = new Map<string, Partial<BatchRow>>();
      /** Per request an earlier worker left open: what its saved rows charged, and its rows whose answers were lost. */
      const byRequest = new Map([...open].map((req) => [req, { charged: 0, lost: [] as string[] }]));
      let charged = 0;
      for (const r of job.rows) {
        const req = requestOf(r);
        const mine = req !== undefined ? byRequest.get(req) : undefined;
        if (r.status === 'sent') {
          const saved = r.entryId ? await kept.get(r.entryId) : null;
          charged += saved?.creditsCharged ?? 0;
          if (saved && mine) mine.charged += saved.creditsCharged;
          if (!saved) mine?.lost.push(r.id);
          patch.set(
            r.id,
            saved
              ? { status: 'done', entryId: r.entryId }
              : {
                  status: 'interrupted',
                  entryId: r.entryId,
                  ...(mine ? LOST_ROW.measuring : INTERRUPTED_ROW),
                },
          );
        } else if (mine && r.status === 'done' && r.entryId) {
          // Settled before the worker stopped, its request not yet crossed off.
          mine.charged += (await kept.get(r.entryId))?.creditsCharged ?? 0;
        } else if (mine && r.status === 'interrupted' && r.error_code === LOST_ROW.measuring.error_code) {
          mine.lost.push(r.id);
        }
      }
      await jobs.change(job.id, (j) =>
        withMeasuring({ ...patchRows(j, patch), creditsSpent: j.creditsSpent + charged }),
      );
      for (const [req, { charged: c, lost }] of byRequest)
        await ctx.spend.lose(req, c, { people: lost.length, rowIds: lost });
    }
    if (job.status === 'running') void drive(job.id);
  }
}

/** What the balance said about lost requests of batch jobs: their rows and the jobs say it. */
async function judged(
  jobs: BatchJobs,
  verdicts: Map<string, LostVerdict>,
  groups: { ref: string; rowIds: string[] }[],
): Promise<void> {
  for (const [ref, verdict] of verdicts) {
    const rowIds = new Set(groups.filter((g) => g.ref === ref).flatMap((g) => g.rowIds));
    await jobs.change(ref, (j) => {
      const rows = j.rows.filter((r) => rowIds.has(r.id) && r.error_code === LOST_ROW.measuring.error_code);
      const next = patchRows(j, new Map(rows.map((r) => [r.id, { ...LOST_ROW[verdict.state] }])));
      const before = j.lost?.measured;
      return withMeasuring({
        ...next,
        lost: {
          ...j.lost,
          measured: {
            people: (before?.people ?? 0) + rows.length,
            verdict: combineVerdicts(before?.verdict, verdict),
          },
        },
      });
    });
  }
}

export function createBatchService(deps: BatchDeps) {
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const clock = deps.clock ?? realClock;
  const jobs = createBatchJobs(now);
  const ctx: RunContext = {
    client: deps.client,
    credits: deps.credits,
    spend: deps.spend,
    keepAlive: deps.keepAlive,
    onRunning: deps.onRunning,
    now,
    newId,
    clock,
    pacer: deps.pacer ?? createPacer({ clock }),
    jobs,
    kept: createKeeper(deps.history),
    embedSaved: createEmbedQueue(deps.embed),
  };
  const { drive, settled } = createRunner(ctx);

  async function start(req: BatchStart): Promise<{ jobId: string }> {
    const p = await plan(deps, now, req.people, req.depth, req.refresh);
    if (req.limit === undefined && p.short)
      throw new ApiFailure(refusal('INSUFFICIENT_CREDITS', SHORT, 'buy_credits'));
    const chosen = selectForJob(p, Math.min(req.limit ?? p.toSend, p.fits));
    if (!chosen.length) throw new ApiFailure(refusal('INVALID_REQUEST', NOTHING, 'edit_input'));
    const id = newId();
    await jobs.add(newJob(id, now(), req, p, chosen));
    void drive(id);
    return { jobId: id };
  }

  async function must(id: string): Promise<BatchJob> {
    const job = await jobs.get(id);
    if (!job) throw new ApiFailure(refusal('INVALID_REQUEST', NOT_FOUND, 'none'));
    return job;
  }

  return {
    plan: (people: LookupInput[], depth: Depth, refresh: boolean): Promise<BatchPlan> =>
      plan(deps, now, people, depth, refresh),
    start,
    get: jobs.get,

    async pause(id: string): Promise<BatchJob> {
      await must(id);
      return (await jobs.change(id, (j) => (j.status === 'running' ? { ...j, status: 'paused' } : j)))!;
    },

    async resume(id: string): Promise<BatchJob> {
      await must(id);
      const job = await jobs.change(id, (j) => {
        if (j.status !== 'paused') return j;
        const { pausedReason: _r, ...rest } = j;
        return { ...rest, status: 'running' };
      });
      void drive(id);
      return job!;
    },

    /** Rows not yet sent are cancelled; requests already out finish and are recorded (they are charged). */
    async cancel(id: string): Promise<BatchJob> {
      await must(id);
      return (await jobs.change(id, (j) =>
        j.status === 'done' || j.status === 'cancelled'
          ? j
          : {
              ...patchRows(
                j,
                new Map(
                  j.rows
                    .filter((r) => r.status === 'queued')
                    .map((r) => [r.id, { status: 'cancelled' as const }]),
                ),
              ),
              status: 'cancelled',
            },
      ))!;
    },

    /** Failed, interrupted or cancelled rows, maybe edited, go back to the queue and the job runs again. */
    async retry(id: string, rows: { rowId: string; input?: LookupInput }[]): Promise<BatchJob> {
      const job = await must(id);
      const patch = new Map<string, Partial<BatchRow>>();
      for (const { rowId, input } of rows) {
        const row = job.rows.find((r) => r.id === rowId);
        if (row && canRetry(row.status)) patch.set(rowId, { status: 'queued', ...(input && { input }) });
      }
      const next = await jobs.change(id, (j) => {
        const { pausedReason: _r, ...rest } = patchRows(j, patch);
        return withMeasuring({ ...rest, status: 'running' });
      });
      void drive(id);
      return next!;
    },

    remove: jobs.remove,

    /** The history entries of a job's done and cached rows. */
    async entries(id: string): Promise<HistoryEntry[]> {
      const job = await must(id);
      const ids = job.rows.flatMap((r) =>
        r.entryId && (r.status === 'done' || r.status === 'cached') ? [r.entryId] : [],
      );
      return (await Promise.all(ids.map((e) => ctx.kept.get(e)))).filter(
        (e): e is HistoryEntry => e !== null,
      );
    },

    recover: (): Promise<void> => recover(ctx, drive),

    judged: (
      verdicts: Map<string, LostVerdict>,
      groups: { ref: string; rowIds: string[] }[],
    ): Promise<void> => judged(jobs, verdicts, groups),

    settled,
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
