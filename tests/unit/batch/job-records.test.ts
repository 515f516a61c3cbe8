import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { engineWith, setupEngineTests } from '../background/setup';
import type { BatchJob, BatchRow, LookupInput } from '@/lib/model';
import { BATCH_CHUNK_ROWS, chunkKey, readBatchJobs, watchBatchJob, writeBatch } from '@/lib/storage';
import { LOCAL_KEYS } from '@/lib/storage/keys';

/* Batch jobs kept as a head and chunks of rows: what each answer writes, a worker restart, the version-1 record. */

const sandbox = setupEngineTests();

const person = (i: number): LookupInput => ({
  primeiro_nome: `Pessoa${i}`,
  ultimo_nome: `Lote${i}`,
  empresa: `Empresa ${i % 7}`,
});

async function withKey() {
  const key = await sandbox.account({ tier: 'complete', credits: 1000 });
  const e = engineWith();
  await e.ready;
  await e.send('key.set', { key });
  return { ...e, key };
}

const rowKeys = (stored: Record<string, unknown>) =>
  Object.keys(stored).filter((k) => k.startsWith('batchRows:'));

describe('batch job records', () => {
  it('an answer writes the heads and only the chunks of its rows, never the whole job', async () => {
    const e = await withKey();
    const people = Array.from({ length: 120 }, (_, i) => person(i));
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    const { jobId } = await e.send('batch.start', { people, depth: 'quick' });
    await e.engine.batch.settled(jobId);
    const writes = set.mock.calls
      .map(([values]) => values as Record<string, unknown>)
      .filter((v) => LOCAL_KEYS.batchHeads in v);
    // The start writes every chunk of the new job (120 rows: 3 chunks).
    expect(rowKeys(writes[0]!).sort()).toEqual([0, 1, 2].map((k) => chunkKey(jobId, k)).sort());
    // Every later write: the heads and at most the two chunks a 10-row request can span, each at most 50 rows.
    for (const w of writes.slice(1)) {
      expect(rowKeys(w).length).toBeLessThanOrEqual(2);
      for (const k of rowKeys(w)) expect((w[k] as BatchRow[]).length).toBeLessThanOrEqual(BATCH_CHUNK_ROWS);
    }
    const job = (await readBatchJobs())[jobId]!;
    expect(job.rows).toHaveLength(120);
    expect(job.rows.map((r) => r.id)).toEqual(people.map((_, i) => String(i)));
    expect(job.rows.every((r) => r.status === 'done')).toBe(true);
    expect(job.status).toBe('done');
    expect(job.run?.first).toBeDefined();
    expect(job.run!.last!.settled).toBe(120);
    expect((await sandbox.ledger(e.key)).total_credits).toBe(120);
  });

  it('a worker that restarts mid-job finds every row and goes on with the queued ones, charging each once', async () => {
    const e = await withKey();
    const people = Array.from({ length: 70 }, (_, i) => person(i));
    const { jobId } = await e.send('batch.start', { people, depth: 'quick' });
    // Stopped after a few answers: as a worker that died would leave it (rows sent stay sent).
    await vi.waitFor(async () => {
      const rows = (await readBatchJobs())[jobId]?.rows ?? [];
      expect(rows.filter((r) => r.status === 'done').length).toBeGreaterThanOrEqual(20);
      // a loaded machine answers 20 people in more than waitFor's default second
    }, 30_000);
    await e.send('batch.pause', { id: jobId });
    await e.engine.batch.settled(jobId);
    const left = (await readBatchJobs())[jobId]!;
    await writeBatch(Object.values(await readBatchJobs()), { job: { ...left, status: 'running' } });

    const restarted = engineWith();
    await restarted.ready;
    await restarted.engine.batch.settled(jobId);
    const job = (await readBatchJobs())[jobId]!;
    expect(job.rows).toHaveLength(70);
    expect(job.rows.map((r) => r.input)).toEqual(people);
    expect(job.rows.every((r) => r.status === 'done')).toBe(true);
    expect(job.status).toBe('done');
    expect((await sandbox.ledger(e.key)).total_credits).toBe(70);
    expect(await restarted.send('batch.entries', { id: jobId })).toHaveLength(70);
  });

  it('converts the jobs version 1 kept in one record, with all their rows, and removes that record', async () => {
    const rows: BatchRow[] = Array.from({ length: 130 }, (_, i) => ({
      id: String(i),
      input: person(i),
      status: i < 100 ? 'failed' : 'cancelled',
      error: 'Falhou',
      error_code: 'PROFILE_NOT_FOUND',
    }));
    const old: BatchJob = {
      id: 'old',
      depth: 'quick',
      endpoint: '/crm_basico_batch',
      creditsPerProfile: 1,
      status: 'cancelled',
      rows,
      creditsSpent: 0,
      requests: 13,
      requestMs: 9000,
      createdAt: 1,
      updatedAt: 2,
    };
    await fakeBrowser.storage.local.set({ [LOCAL_KEYS.batchJobs]: { old } });
    const e = engineWith();
    await e.ready;
    expect(await e.send('batch.get', { id: 'old' })).toEqual(old);
    const stored = await fakeBrowser.storage.local.get(null);
    expect(stored[LOCAL_KEYS.batchJobs]).toBeUndefined();
    expect(rowKeys(stored).sort()).toEqual([0, 1, 2].map((k) => chunkKey('old', k)).sort());
    expect((await readBatchJobs()).old).toEqual(old);
    // Deleting the job takes its chunks.
    await e.send('batch.delete', { id: 'old' });
    expect(rowKeys(await fakeBrowser.storage.local.get(null))).toEqual([]);
    expect(await readBatchJobs()).toEqual({});
  });

  it('a page following a job sees each written chunk applied, and ends with the job as stored', async () => {
    const e = await withKey();
    const people = Array.from({ length: 60 }, (_, i) => person(i));
    const seen: (BatchJob | null)[] = [];
    const { jobId } = await e.send('batch.start', { people, depth: 'quick' });
    const stop = watchBatchJob(jobId, (j) => seen.push(j));
    await e.engine.batch.settled(jobId);
    await vi.waitFor(() => expect(seen.at(-1)?.status).toBe('done'), 10_000);
    stop();
    expect(seen.at(-1)).toEqual((await readBatchJobs())[jobId]);
    // It moved with the answers, not only at the end.
    expect(new Set(seen.map((j) => j?.rows.filter((r) => r.status === 'done').length)).size).toBeGreaterThan(
      2,
    );
    const gone: (BatchJob | null)[] = [];
    const stopGone = watchBatchJob('nope', (j) => gone.push(j));
    await vi.waitFor(() => expect(gone).toEqual([null]), 10_000);
    stopGone();
  });
});
