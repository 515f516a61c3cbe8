import type { BatchItem, BatchResponse } from '@/lib/api/schemas';
import { plausibleCharge } from '@/lib/api/billing';
import { ENDPOINTS } from '@/lib/api/endpoints';
import { ApiFailure, isAccountWide, isRateLimit, toApiError } from '@/lib/api/errors';
import { chunk } from '@/lib/batch/chunk';
import { EMBED_BATCH } from '@/lib/draft/similar';
import { combineVerdicts, type LostVerdict } from '@/lib/batch/lost-cost';
import { BATCH_ENDPOINT, INTERRUPTED_ROW, LOST_ROW, canRetry, creditsPerProfile } from '@/lib/batch/model';
import { createPacer, realClock, type Clock, type Pacer, type Permit } from '@/lib/batch/pacing';
import { planBatch, selectForJob } from '@/lib/batch/plan';
import { personKey, type History } from '@/lib/history';
import type { ClientFactory } from './api';
import type { CreditsService } from './credits';
import { buildEntry } from './history-entry';
import { createKeeper } from './kept';
import type { KeepAlive } from './keep-alive';
import type { SpendService } from './spend';
import { refusal } from './refusal';
import type { BatchJob, BatchPlan, BatchRow, Depth, HistoryEntry, LookupInput } from '@/lib/model';
import {
  convertLegacyBatchJobs,
  credits as storedCredits,
  keyStatus,
  readBatchJobs,
  removeBatchRows,
  settings,
  writeBatch,
} from '@/lib/storage';

/*
 * Batch jobs run here, in the background, persisted after every answer: the worker keeps the jobs in memory (read
 * once) and writes what an answer changed, the jobs' heads and the chunks of the rows it touched. A row is marked `sent` (and saved)
 * before its request goes out; a worker that dies with rows `sent` leaves them for the next start, which
 * finds their results in the history (saved under a pre-assigned id) or marks them interrupted. Nothing is
 * ever re-sent by itself: the user retries interrupted and failed rows.
 */

const DAY_MS = 86_400_000;
/** Jobs kept, newest first. */
const MAX_JOBS = 20;

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

export function createBatchService(deps: BatchDeps) {
  const { history, keepAlive } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const clock = deps.clock ?? realClock;
  const pacer = deps.pacer ?? createPacer({ clock });
  const drivers = new Map<string, Promise<void>>();
  const kept = createKeeper(history);
  /** Saved rows' entries not yet handed to the embedding: handed EMBED_BATCH at a time, the rest when a run ends. */
  let toEmbed: string[] = [];
  function embedSaved(ids: string[], flush: boolean): void {
    toEmbed.push(...ids);
    while (toEmbed.length >= EMBED_BATCH || (flush && toEmbed.length > 0)) {
      deps.embed?.(toEmbed.slice(0, EMBED_BATCH));
      toEmbed = toEmbed.slice(EMBED_BATCH);
    }
  }

  let loading: Promise<Map<string, BatchJob>> | null = null;
  /** Every job, read once per worker (jobs kept by an older version are converted first). */
  function jobs(): Promise<Map<string, BatchJob>> {
    loading ??= (async () => {
      await convertLegacyBatchJobs();
      return new Map(Object.entries(await readBatchJobs()));
    })().catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  }

  const get = async (id: string) => (await jobs()).get(id) ?? null;

  /**
   * Changes one job in memory and persists it before anything else happens: the heads, and the chunks holding the
   * rows that changed (a new rows array of the same length: the rows that are not the same objects).
   */
  async function change(id: string, fn: (job: BatchJob) => BatchJob): Promise<BatchJob | null> {
    const all = await jobs();
    const old = all.get(id);
    if (!old) return null;
    const job = { ...fn(old), updatedAt: now() };
    all.set(id, job);
    const rowIndexes =
      job.rows.length === old.rows.length
        ? job.rows.flatMap((r, i) => (r === old.rows[i] ? [] : [i]))
        : undefined;
    await writeBatch(all.values(), { job, rowIndexes });
    return job;
  }

  const settledRows = (job: BatchJob) =>
    job.rows.filter((r) => r.status !== 'queued' && r.status !== 'sent').length;

  const patchRows = (job: BatchJob, patch: Map<string, Partial<BatchRow>>): BatchJob => ({
    ...job,
    rows: job.rows.map((r) => {
      const p = patch.get(r.id);
      if (!p) return r;
      const { error: _e, error_code: _c, apiError: _a, ...clean } = r;
      return { ...clean, ...p };
    }),
  });

  /** The job with its count of rows whose cost is still being measured. */
  const withMeasuring = (job: BatchJob): BatchJob => {
    const measuring = job.rows.filter(
      (r) => r.status === 'interrupted' && r.error_code === LOST_ROW.measuring.error_code,
    ).length;
    if (!measuring && !job.lost) return job;
    return { ...job, lost: { ...job.lost, measuring } };
  };

  async function plan(people: LookupInput[], depth: Depth, refresh: boolean): Promise<BatchPlan> {
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
        const hit = await history.findReusable(key, depth, 'pt', since);
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

  async function start(req: BatchStart): Promise<{ jobId: string }> {
    const p = await plan(req.people, req.depth, req.refresh);
    if (req.limit === undefined && p.short)
      throw new ApiFailure(refusal('INSUFFICIENT_CREDITS', SHORT, 'buy_credits'));
    const chosen = selectForJob(p, Math.min(req.limit ?? p.toSend, p.fits));
    if (!chosen.length) throw new ApiFailure(refusal('INVALID_REQUEST', NOTHING, 'edit_input'));
    const id = newId();
    const at = now();
    const job: BatchJob = {
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
    const all = await jobs();
    // The newest MAX_JOBS stay; the rows of the others go.
    const dropped = [...all.values()].sort((a, b) => b.updatedAt - a.updatedAt).slice(MAX_JOBS - 1);
    for (const old of dropped) all.delete(old.id);
    all.set(id, job);
    await writeBatch(all.values(), { job });
    await Promise.all(dropped.map(removeBatchRows));
    void drive(id);
    return { jobId: id };
  }

  /** Runs a job until nothing is queued or it is paused or cancelled; one driver per job. */
  function drive(id: string): Promise<void> {
    const running = drivers.get(id);
    if (running) return running;
    const done = keepAlive
      .hold(loop(id))
      .catch((e: unknown) => console.error('batch', id, e instanceof Error ? e.message : e))
      .finally(() => {
        drivers.delete(id);
        deps.onRunning?.();
      });
    drivers.set(id, done);
    deps.onRunning?.();
    return done;
  }

  async function loop(id: string): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    // The ETA measures this run, from its first answer on.
    await change(id, (j) => ({ ...j, run: { startedAt: now() } }));
    for (;;) {
      let job = await get(id);
      const queued = job?.status === 'running' ? job.rows.filter((r) => r.status === 'queued') : [];
      if (!queued.length) {
        if (!inFlight.size) break;
        await Promise.race(inFlight);
        continue;
      }
      const permit = await pacer.acquire();
      // Paused or cancelled while waiting for a slot: the claim below finds nothing queued.
      const ids = new Set(chunk(queued)[0]!.map((r) => r.id));
      let claimed: BatchRow[] = [];
      const request = newId();
      job = await change(id, (j) => {
        if (j.status !== 'running') return j;
        const rows = j.rows.map((r) =>
          ids.has(r.id) && r.status === 'queued'
            ? { ...r, status: 'sent' as const, entryId: `${j.id}:${r.id}:${request}` }
            : r,
        );
        claimed = rows.filter((r) => ids.has(r.id) && r.status === 'sent');
        return { ...j, rows };
      });
      if (!job || !claimed.length) {
        permit();
        continue;
      }
      const sending = send(job, claimed, permit, request).finally(permit);
      inFlight.add(sending);
      void sending.finally(() => inFlight.delete(sending));
    }
    await change(id, (j) =>
      j.status === 'running' && !j.rows.some((r) => r.status === 'queued' || r.status === 'sent')
        ? { ...j, status: 'done' }
        : j,
    );
    embedSaved([], true);
  }

  function toEntry(job: BatchJob, row: BatchRow, item: BatchItem, charged: number): HistoryEntry {
    const facts = { id: row.entryId!, input: row.input, depth: job.depth, lang: 'pt' as const };
    const paid = { endpoint: job.endpoint, creditsCharged: charged, createdAt: now() };
    return buildEntry({ ...facts, ...paid }, { analise: item.analise, ai_insights: item.ai_insights });
  }

  async function send(job: BatchJob, rows: BatchRow[], permit: Permit, request: string): Promise<void> {
    const name = BATCH_ENDPOINT[job.depth];
    const spec = ENDPOINTS[name];
    const started = clock.now();
    let res: BatchResponse;
    try {
      const client = await deps.client();
      // Written down before it leaves: a worker stopped from here on leaves it for the next one to measure.
      await deps.spend.open(request, {
        ref: job.id,
        kind: 'batch',
        rowIds: rows.map((r) => r.id),
        people: rows.length,
        prices: [job.creditsPerProfile],
        settleBy: now() + spec.timeoutMs,
      });
      // Marked as charging, so that a single lookup running meanwhile does not read this batch's charge as its own.
      const charge = deps.credits.beginCharge();
      try {
        // The job is saved and the client ready: the pacing gap counts from here, when the request goes out.
        permit.sent();
        res = await client[name](
          rows.map((r) => r.input),
          { onRateLimitWait: (sec) => pacer.holdFor(sec) },
        );
      } finally {
        charge.end();
      }
    } catch (e) {
      const error = toApiError(e, { charging: true, endpoint: spec.path });
      await deps.credits.fromError(error).catch(() => undefined);
      const limited = isRateLimit(error.code);
      // A 429 was not processed: the rows wait their turn again after Retry-After.
      if (limited) pacer.holdFor(error.retryAfterSec ?? 1);
      const lost = !limited && error.charged !== 'no';
      const row: Partial<BatchRow> = limited
        ? { status: 'queued' }
        : !lost
          ? { status: 'failed', error: error.message.pt, error_code: error.code, apiError: error }
          : {
              status: 'interrupted',
              ...LOST_ROW.measuring,
              apiError: error,
            };
      await change(job.id, (j) =>
        withMeasuring({
          ...patchRows(j, new Map(rows.map((r) => [r.id, row]))),
          ...(isAccountWide(error.code) &&
            j.status === 'running' && { status: 'paused', pausedReason: error.message }),
        }),
      );
      // Sent and never answered (a timeout, a dropped connection): measured from the balance, like a stopped worker's.
      if (lost) await deps.spend.lose(request, 0, { people: rows.length, rowIds: rows.map((r) => r.id) });
      else await deps.spend.answer(request, 0);
      return;
    }
    // The service's figures, unless far beyond what the call can cost (lib/api/billing.ts): then the contract's.
    const claimedCpp = res.billing_info?.creditos_por_perfil;
    const cpp =
      claimedCpp !== undefined && plausibleCharge(claimedCpp, job.creditsPerProfile)
        ? claimedCpp
        : job.creditsPerProfile;
    const patch = new Map<string, Partial<BatchRow>>();
    const saved: string[] = [];
    for (const [index, row] of rows.entries()) {
      const item = res.results.find((it) => it.profile_index === index);
      if (item?.success && item.analise !== undefined) {
        // The history first (or the session, when the history is full): a worker that dies after this line
        // finds the result at its next start.
        await kept
          .save(toEntry(job, row, item, cpp))
          .then(() => saved.push(row.entryId!))
          .catch((e: unknown) => console.error('batch history', e));
        patch.set(row.id, { status: 'done', entryId: row.entryId });
      } else if (item && !item.success) {
        patch.set(row.id, {
          status: 'failed',
          error: item.error ?? 'Falhou',
          error_code: item.error_code ?? 'UNKNOWN',
        });
      } else {
        // No answer for this profile: the service may or may not have charged it.
        patch.set(row.id, { status: 'interrupted', ...LOST_ROW.measuring });
      }
    }
    const missing = rows.filter((r) => patch.get(r.id)?.status === 'interrupted');
    embedSaved(saved, false);
    await deps.credits.fromBilling(res.billing_info).catch(() => undefined);
    const successes = [...patch.values()].filter((p) => p.status === 'done').length;
    const claimed = res.billing_info?.creditos_utilizados;
    // With profiles missing from the answer, only what the answer shows is counted; the balance measures the rest.
    const spent =
      !missing.length &&
      claimed !== undefined &&
      plausibleCharge(claimed, rows.length * job.creditsPerProfile)
        ? claimed
        : successes * cpp;
    const ms = clock.now() - started;
    await change(job.id, (j) => {
      const next = withMeasuring(patchRows(j, patch));
      const at = { at: now(), settled: settledRows(next) };
      return {
        ...next,
        creditsSpent: j.creditsSpent + spent,
        requests: j.requests + 1,
        requestMs: j.requestMs + ms,
        run: { startedAt: j.run?.startedAt ?? at.at, first: j.run?.first ?? at, last: at },
      };
    });
    if (missing.length)
      await deps.spend.lose(request, spent, { people: missing.length, rowIds: missing.map((r) => r.id) });
    else await deps.spend.answer(request, spent, res.billing_info?.creditos_restantes);
  }

  async function must(id: string): Promise<BatchJob> {
    const job = await get(id);
    if (!job) throw new ApiFailure(refusal('INVALID_REQUEST', NOT_FOUND, 'none'));
    return job;
  }

  return {
    plan,
    start,
    get,

    async pause(id: string): Promise<BatchJob> {
      await must(id);
      return (await change(id, (j) => (j.status === 'running' ? { ...j, status: 'paused' } : j)))!;
    },

    async resume(id: string): Promise<BatchJob> {
      await must(id);
      const job = await change(id, (j) => {
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
      return (await change(id, (j) =>
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
      const next = await change(id, (j) => {
        const { pausedReason: _r, ...rest } = patchRows(j, patch);
        return withMeasuring({ ...rest, status: 'running' });
      });
      void drive(id);
      return next!;
    },

    async remove(id: string): Promise<void> {
      const all = await jobs();
      const job = all.get(id);
      if (!job) return;
      all.delete(id);
      await writeBatch(all.values());
      await removeBatchRows(job);
    },

    /** The history entries of a job's done and cached rows. */
    async entries(id: string): Promise<HistoryEntry[]> {
      const job = await must(id);
      const ids = job.rows.flatMap((r) =>
        r.entryId && (r.status === 'done' || r.status === 'cached') ? [r.entryId] : [],
      );
      return (await Promise.all(ids.map((e) => kept.get(e)))).filter((e): e is HistoryEntry => e !== null);
    },

    /**
     * At worker start: a `sent` row whose result is in the history is done (charged once); any other is
     * interrupted, never re-sent by itself, and its request's cost is measured from the balance (./spend.ts). Jobs
     * that were running carry on with their queued rows.
     */
    async recover(): Promise<void> {
      for (const job of [...(await jobs()).values()]) {
        const open = new Set((await deps.spend.leftOpen(job.id)).map(([req]) => req));
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
          await change(job.id, (j) =>
            withMeasuring({ ...patchRows(j, patch), creditsSpent: j.creditsSpent + charged }),
          );
          for (const [req, { charged: c, lost }] of byRequest)
            await deps.spend.lose(req, c, { people: lost.length, rowIds: lost });
        }
        if (job.status === 'running') void drive(job.id);
      }
    },

    /** What the balance said about lost requests of batch jobs: their rows and the jobs say it. */
    async judged(
      verdicts: Map<string, LostVerdict>,
      groups: { ref: string; rowIds: string[] }[],
    ): Promise<void> {
      for (const [ref, verdict] of verdicts) {
        const rowIds = new Set(groups.filter((g) => g.ref === ref).flatMap((g) => g.rowIds));
        await change(ref, (j) => {
          const rows = j.rows.filter(
            (r) => rowIds.has(r.id) && r.error_code === LOST_ROW.measuring.error_code,
          );
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
    },

    /** Resolves when the job's driver in this worker has stopped (tests and the benchmark). */
    settled: (id: string) => drivers.get(id) ?? Promise.resolve(),
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
