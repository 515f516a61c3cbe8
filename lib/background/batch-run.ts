import type { BatchItem, BatchResponse } from '@/lib/api/schemas';
import { plausibleCharge } from '@/lib/api/billing';
import { ENDPOINTS } from '@/lib/api/endpoints';
import { isAccountWide, isRateLimit, toApiError } from '@/lib/api/errors';
import { chunk } from '@/lib/batch/chunk';
import { EMBED_BATCH } from '@/lib/draft/similar';
import { BATCH_ENDPOINT, LOST_ROW } from '@/lib/batch/model';
import type { Clock, Pacer, Permit } from '@/lib/batch/pacing';
import type { BatchJob, BatchRow, HistoryEntry } from '@/lib/model';
import type { ClientFactory } from './api';
import type { CreditsService } from './credits';
import { buildEntry } from './history-entry';
import type { createKeeper } from './kept';
import type { KeepAlive } from './keep-alive';
import type { SpendService } from './spend';
import { patchRows, withMeasuring, type BatchJobs } from './batch-jobs';

/*
 * A batch job's rows, run: claimed a chunk at a time (marked `sent` and saved before the request goes out), sent
 * when the pacer gives a slot, and settled from the answer (saved to the history, failed, or interrupted and
 * measured from the balance).
 */

/** What running a job uses: the worker's services, the time, the pacer, the jobs and where results are kept. */
export interface RunContext {
  client: ClientFactory;
  credits: CreditsService;
  spend: SpendService;
  keepAlive: KeepAlive;
  /** Told when a job starts running or stops. */
  onRunning?: () => void;
  now: () => number;
  newId: () => string;
  clock: Clock;
  pacer: Pacer;
  jobs: BatchJobs;
  kept: ReturnType<typeof createKeeper>;
  /** Hands saved rows' entries to the embedding (createEmbedQueue). */
  embedSaved: (ids: string[], flush: boolean) => void;
}

/** Saved rows' entries not yet handed to `embed`: handed EMBED_BATCH at a time, the rest when a run ends. */
export function createEmbedQueue(embed: ((ids: string[]) => void) | undefined) {
  let toEmbed: string[] = [];
  return (ids: string[], flush: boolean): void => {
    toEmbed.push(...ids);
    while (toEmbed.length >= EMBED_BATCH || (flush && toEmbed.length > 0)) {
      embed?.(toEmbed.slice(0, EMBED_BATCH));
      toEmbed = toEmbed.slice(EMBED_BATCH);
    }
  };
}

/** The drivers of this worker's jobs, one per running job. */
export function createRunner(ctx: RunContext) {
  const drivers = new Map<string, Promise<void>>();

  /** Runs a job until nothing is queued or it is paused or cancelled; one driver per job. */
  function drive(id: string): Promise<void> {
    const running = drivers.get(id);
    if (running) return running;
    const done = ctx.keepAlive
      .hold(loop(ctx, id))
      .catch((e: unknown) => console.error('batch', id, e instanceof Error ? e.message : e))
      .finally(() => {
        drivers.delete(id);
        ctx.onRunning?.();
      });
    drivers.set(id, done);
    ctx.onRunning?.();
    return done;
  }

  return {
    drive,
    /** Resolves when the job's driver in this worker has stopped (tests and the benchmark). */
    settled: (id: string) => drivers.get(id) ?? Promise.resolve(),
  };
}

const settledRows = (job: BatchJob) =>
  job.rows.filter((r) => r.status !== 'queued' && r.status !== 'sent').length;

/** One run of a job: its queued rows sent a chunk at a time, as the pacer gives slots, until none is left. */
async function loop(ctx: RunContext, id: string): Promise<void> {
  const { jobs, pacer, now } = ctx;
  const inFlight = new Set<Promise<void>>();
  // The ETA measures this run, from its first answer on.
  await jobs.change(id, (j) => ({ ...j, run: { startedAt: now() } }));
  for (;;) {
    let job = await jobs.get(id);
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
    const request = ctx.newId();
    job = await jobs.change(id, (j) => {
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
    const sending = send(ctx, job, claimed, permit, request).finally(permit);
    inFlight.add(sending);
    void sending.finally(() => inFlight.delete(sending));
  }
  await jobs.change(id, (j) =>
    j.status === 'running' && !j.rows.some((r) => r.status === 'queued' || r.status === 'sent')
      ? { ...j, status: 'done' }
      : j,
  );
  ctx.embedSaved([], true);
}

/** The history entry of a row the service answered, charged `charged`. */
function toEntry(
  now: () => number,
  job: BatchJob,
  row: BatchRow,
  item: BatchItem,
  charged: number,
): HistoryEntry {
  const facts = { id: row.entryId!, input: row.input, depth: job.depth, lang: 'pt' as const };
  const paid = { endpoint: job.endpoint, creditsCharged: charged, createdAt: now() };
  return buildEntry({ ...facts, ...paid }, { analise: item.analise, ai_insights: item.ai_insights });
}

/**
 * Sends the claimed `rows` in one request and settles each from the answer; a 429 puts them back in the queue, an
 * answer lost after sending leaves them interrupted, their cost measured from the balance (./spend.ts).
 */
async function send(
  ctx: RunContext,
  job: BatchJob,
  rows: BatchRow[],
  permit: Permit,
  request: string,
): Promise<void> {
  const { jobs, pacer, now, clock } = ctx;
  const name = BATCH_ENDPOINT[job.depth];
  const spec = ENDPOINTS[name];
  const started = clock.now();
  let res: BatchResponse;
  try {
    const client = await ctx.client();
    // Written down before it leaves: a worker stopped from here on leaves it for the next one to measure.
    await ctx.spend.open(request, {
      ref: job.id,
      kind: 'batch',
      rowIds: rows.map((r) => r.id),
      people: rows.length,
      prices: [job.creditsPerProfile],
      settleBy: now() + spec.timeoutMs,
    });
    // Marked as charging, so that a single lookup running meanwhile does not read this batch's charge as its own.
    const charge = ctx.credits.beginCharge();
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
    await ctx.credits.fromError(error).catch(() => undefined);
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
    await jobs.change(job.id, (j) =>
      withMeasuring({
        ...patchRows(j, new Map(rows.map((r) => [r.id, row]))),
        ...(isAccountWide(error.code) &&
          j.status === 'running' && { status: 'paused', pausedReason: error.message }),
      }),
    );
    // Sent and never answered (a timeout, a dropped connection): measured from the balance, like a stopped worker's.
    if (lost) await ctx.spend.lose(request, 0, { people: rows.length, rowIds: rows.map((r) => r.id) });
    else await ctx.spend.answer(request, 0);
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
      await ctx.kept
        .save(toEntry(now, job, row, item, cpp))
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
  ctx.embedSaved(saved, false);
  await ctx.credits.fromBilling(res.billing_info).catch(() => undefined);
  const successes = [...patch.values()].filter((p) => p.status === 'done').length;
  const claimed = res.billing_info?.creditos_utilizados;
  // With profiles missing from the answer, only what the answer shows is counted; the balance measures the rest.
  const spent =
    !missing.length && claimed !== undefined && plausibleCharge(claimed, rows.length * job.creditsPerProfile)
      ? claimed
      : successes * cpp;
  const ms = clock.now() - started;
  await jobs.change(job.id, (j) => {
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
    await ctx.spend.lose(request, spent, { people: missing.length, rowIds: missing.map((r) => r.id) });
  else await ctx.spend.answer(request, spent, res.billing_info?.creditos_restantes);
}
