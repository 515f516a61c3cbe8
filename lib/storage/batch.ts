import * as z from 'zod/mini';
import { browser } from 'wxt/browser';
import { batchJobFields, batchJobSchema, batchRowSchema, type BatchJob, type BatchRow } from '@/lib/model';
import { defineStored, recordOf } from './define';
import { LOCAL_KEYS } from './keys';

/*
 * Batch jobs in storage.local, in small records: each job's head (status, counters, how many rows) in one record
 * of every job's head, and its rows in chunks of BATCH_CHUNK_ROWS under a key each. An answer rewrites the heads
 * and the one or two chunks its rows are in, never the whole job: a 1,000-person job writes as little at its last
 * request as at its first. Only the worker writes (it keeps the jobs in memory); pages read and watch.
 */

export const BATCH_CHUNK_ROWS = 50;

/** A job without its rows, and how many there are. */
export type BatchHead = Omit<BatchJob, 'rows'> & { rowCount: number };

const headSchema: z.ZodMiniType<BatchHead> = z.extend(batchJobFields, {
  rowCount: z.int().check(z.nonnegative()),
});

/** Every job's head, by id. */
export const batchHeads = defineStored(`local:${LOCAL_KEYS.batchHeads}`, recordOf(headSchema), {});

/** The jobs as version 1 kept them: one record holding every job with all its rows (read once, to convert). */
const legacyJobs = defineStored(`local:${LOCAL_KEYS.batchJobs}`, recordOf(batchJobSchema), {});

const CHUNK_PREFIX = 'batchRows:';
export const chunkKey = (jobId: string, chunk: number) => `${CHUNK_PREFIX}${jobId}:${chunk}`;
const chunkCount = (rows: number) => Math.ceil(rows / BATCH_CHUNK_ROWS);
const chunkOfRow = (index: number) => Math.floor(index / BATCH_CHUNK_ROWS);
const rowsSchema = z.array(batchRowSchema);

/** The head of a job, as stored. */
export function headOf({ rows, ...head }: BatchJob): BatchHead {
  return { ...head, rowCount: rows.length };
}

/** A job's rows from its chunks; a damaged or missing chunk gives none of its rows rather than none of the job. */
async function readRows(head: BatchHead): Promise<BatchRow[]> {
  const keys = Array.from({ length: chunkCount(head.rowCount) }, (_, k) => chunkKey(head.id, k));
  if (!keys.length) return [];
  const stored = await browser.storage.local.get(keys);
  return keys.flatMap((k) => {
    const parsed = rowsSchema.safeParse(stored[k]);
    return parsed.success ? parsed.data : [];
  });
}

const withRows = (head: BatchHead, rows: BatchRow[]): BatchJob => {
  const { rowCount: _n, ...job } = head;
  return { ...job, rows };
};

/** Every job with its rows (the worker reads them once; a page, to list them). */
export async function readBatchJobs(): Promise<Record<string, BatchJob>> {
  const heads = await batchHeads.get();
  const jobs = await Promise.all(Object.values(heads).map(async (h) => withRows(h, await readRows(h))));
  return Object.fromEntries(jobs.map((j) => [j.id, j]));
}

/**
 * Writes the heads of `jobs` (every job kept: the heads record is the list of jobs) and of `changed` (its head and
 * the chunks holding the rows at `rowIndexes`, all its chunks when omitted), in one storage call.
 */
export async function writeBatch(
  jobs: Iterable<BatchJob>,
  changed?: { job: BatchJob; rowIndexes?: Iterable<number> },
): Promise<void> {
  const heads = Object.fromEntries([...jobs].map((j) => [j.id, headOf(j)]));
  if (changed) heads[changed.job.id] = headOf(changed.job);
  const values: Record<string, unknown> = { [LOCAL_KEYS.batchHeads]: batchHeads.parse(heads) };
  if (changed) {
    const { job } = changed;
    const chunks = changed.rowIndexes
      ? new Set([...changed.rowIndexes].map(chunkOfRow))
      : Array.from({ length: chunkCount(job.rows.length) }, (_, k) => k);
    for (const k of chunks)
      values[chunkKey(job.id, k)] = job.rows.slice(k * BATCH_CHUNK_ROWS, (k + 1) * BATCH_CHUNK_ROWS);
  }
  await browser.storage.local.set(values);
}

/** Whether any batch job is kept (in either version's shape): the worker's start recovers them only then. */
export async function hasBatchJobs(): Promise<boolean> {
  return Object.keys(await batchHeads.get()).length > 0 || (await legacyJobs.getRaw()) !== undefined;
}

/** Removes a job's rows (its head goes with the next `writeBatch` of the jobs left). */
export async function removeBatchRows(job: Pick<BatchJob, 'id' | 'rows'>): Promise<void> {
  const keys = Array.from({ length: chunkCount(job.rows.length) }, (_, k) => chunkKey(job.id, k));
  if (keys.length) await browser.storage.local.remove(keys);
}

/**
 * At the worker's start: jobs kept by version 1 (every job in one record) are written as heads and chunks, and the
 * old record removed. Returns how many jobs were converted.
 */
export async function convertLegacyBatchJobs(): Promise<number> {
  if ((await legacyJobs.getRaw()) === undefined) return 0;
  const old = Object.values(await legacyJobs.get());
  const jobs = { ...(await readBatchJobs()), ...Object.fromEntries(old.map((j) => [j.id, j])) };
  for (const job of old) await writeBatch(Object.values(jobs), { job });
  if (!old.length) await writeBatch(Object.values(jobs));
  await legacyJobs.remove();
  return old.length;
}

/**
 * One job, kept live for a page: read once, then each changed head or chunk applied as it is written (a page never
 * reads the whole job again). `cb(null)` when the job is not (or no longer) kept.
 */
export function watchBatchJob(id: string, cb: (job: BatchJob | null) => void): () => void {
  let head: BatchHead | null = null;
  let rows: BatchRow[] = [];
  let live = true;
  let ready = false;
  const pending: Record<string, unknown>[] = [];
  const emit = () => cb(head ? withRows(head, rows) : null);
  const apply = (changes: Record<string, unknown>) => {
    const heads = changes[LOCAL_KEYS.batchHeads];
    if (heads !== undefined) {
      head = batchHeads.parse(heads)[id] ?? null;
      if (head && rows.length > head.rowCount) rows = rows.slice(0, head.rowCount);
    }
    for (const [key, value] of Object.entries(changes)) {
      if (!key.startsWith(`${CHUNK_PREFIX}${id}:`)) continue;
      const k = Number(key.slice(`${CHUNK_PREFIX}${id}:`.length));
      const parsed = rowsSchema.safeParse(value);
      if (!Number.isInteger(k) || !parsed.success) continue;
      rows = [...rows];
      rows.splice(k * BATCH_CHUNK_ROWS, parsed.data.length, ...parsed.data);
    }
  };
  const listener = (changes: Record<string, { newValue?: unknown }>, area: string) => {
    if (area !== 'local') return;
    const values = Object.fromEntries(Object.entries(changes).map(([k, c]) => [k, c.newValue]));
    if (!ready) pending.push(values);
    else {
      apply(values);
      emit();
    }
  };
  browser.storage.onChanged.addListener(listener);
  void (async () => {
    const h = (await batchHeads.get())[id] ?? null;
    const r = h ? await readRows(h) : [];
    if (!live) return;
    head = h;
    rows = r;
    ready = true;
    // What was written while the first reading ran, in order.
    for (const values of pending.splice(0)) apply(values);
    emit();
  })();
  return () => {
    live = false;
    browser.storage.onChanged.removeListener(listener);
  };
}

const lostGroupSchema = z.object({
  ref: z.string(),
  kind: z.enum(['batch', 'lookup']),
  rowIds: z.array(z.string()),
  people: z.int().check(z.nonnegative()),
  prices: z.array(z.int().check(z.nonnegative())),
  settleBy: z.number(),
});

const openRequestSchema = z.extend(lostGroupSchema, {
  sentAt: z.number(),
  /** Another charging request was in flight at some moment of this one's. */
  overlapped: z.boolean(),
  /** The worker life that sent it: one of an earlier life found open at start was lost with that worker. */
  life: z.string(),
});
export type OpenRequest = z.infer<typeof openRequestSchema>;

const spendSchema = z.object({
  /** A balance known when no charging request of ours was in flight, and when (the earliest the service computed it). */
  base: z.nullable(z.object({ balance: z.int(), at: z.number() })),
  /** What the requests answered since `base` charged. */
  answered: z.int(),
  /** When the last answer came: every answered request was charged before it. */
  lastAnswerAt: z.number(),
  /** Charging requests in flight, by request id. */
  open: recordOf(openRequestSchema),
  /** Requests whose answers were lost, waiting for a balance that tells what they cost. */
  lost: z.array(lostGroupSchema),
});
export type SpendWatch = z.infer<typeof spendSchema>;

/** The worker's record of charging requests in flight and lost (only the worker writes it). */
export const spendWatch = defineStored(`local:${LOCAL_KEYS.spendWatch}`, spendSchema, {
  base: null,
  answered: 0,
  lastAnswerAt: 0,
  open: {},
  lost: [],
});
