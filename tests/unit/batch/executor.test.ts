import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WAKE_ALARM } from '@/lib/background/keep-alive';
import { engineWith, setupEngineTests } from '../background/setup';
import type { BatchJob, BatchRow, LookupInput } from '@/lib/model';
import { readBatchJobs, writeBatch } from '@/lib/storage';
import { spendWatch } from '@/lib/storage/batch';

const sandbox = setupEngineTests();

const FAILING = ['Empresa Inexistente', 'Dados Insuficientes', 'Homônimos SA'];

/** 37 people, 3 of them at the sandbox's test companies. */
const people: LookupInput[] = Array.from({ length: 37 }, (_, i) => ({
  primeiro_nome: `Pessoa${i}`,
  ultimo_nome: `Teste${i}`,
  empresa: i % 12 === 5 ? FAILING[(i - 5) / 12]! : `Empresa ${i % 4}`,
}));

async function withKey(credits = 200, tier: 'complete' | 'plus' = 'complete') {
  const key = await sandbox.account({ tier, credits });
  const e = engineWith();
  await e.ready;
  await e.send('key.set', { key });
  return { ...e, key };
}

const job = async (id: string) => (await readBatchJobs())[id]!;

describe('batch executor against the sandbox', () => {
  it('charges exactly the successes, keeps the failures with their codes, and retries them after editing', async () => {
    const e = await withKey();
    const plan = await e.send('batch.plan', { people, depth: 'complete' });
    expect(plan).toMatchObject({ toSend: 37, cost: 74, short: false });
    const { jobId } = await e.send('batch.start', { people, depth: 'complete' });
    await e.engine.batch.settled(jobId);
    let j = await job(jobId);
    expect(j.status).toBe('done');
    const failed = j.rows.filter((r) => r.status === 'failed');
    expect(failed.map((r) => r.error_code).sort()).toEqual([
      'INSUFFICIENT_DATA',
      'MULTIPLE_MATCHES',
      'PROFILE_NOT_FOUND',
    ]);
    expect(failed.every((r) => r.error)).toBe(true);
    expect(j.creditsSpent).toBe(68);
    // 4 requests of at most 10
    expect(e.charging().filter((p) => p === '/crm_batch')).toHaveLength(4);
    let ledger = await sandbox.ledger(e.key);
    expect(ledger.total_credits).toBe(68);

    // Every success is in the history.
    const entries = await e.send('batch.entries', { id: jobId });
    expect(entries).toHaveLength(34);
    expect((await e.send('history.list', { limit: 100 })).length).toBe(34);

    await e.send('batch.retry', {
      id: jobId,
      rows: failed.map((r) => ({ rowId: r.id, input: { ...r.input, empresa: 'Empresa Corrigida' } })),
    });
    await e.engine.batch.settled(jobId);
    j = await job(jobId);
    expect(j.rows.every((r) => r.status === 'done')).toBe(true);
    expect(j.rows.filter((r) => r.error_code)).toHaveLength(0);
    ledger = await sandbox.ledger(e.key);
    // Only the 3 retried rows were charged again: no success is charged twice.
    expect(ledger.total_credits).toBe(74);
  });

  it('a claimed charge far beyond what a request can cost is not counted in the batch’s total', async () => {
    const e = await withKey();
    const few = people.slice(0, 4);
    await sandbox.faults({ absurd_billing: { creditos_utilizados: 1_000_000_000 } });
    onTestFinished(async () => {
      await sandbox.faults({ absurd_billing: null });
    });
    const { jobId } = await e.send('batch.start', { people: few, depth: 'complete' });
    await e.engine.batch.settled(jobId);
    const j = await job(jobId);
    expect(j.status).toBe('done');
    expect(j.creditsSpent).toBe(8);
    expect((await sandbox.ledger(e.key)).total_credits).toBe(8);
  });

  it('keeps paid results for the session when the history is full, and still shows them', async () => {
    const e = await withKey();
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    onTestFinished(() => full.mockRestore());
    const few = people.slice(0, 4);
    const { jobId } = await e.send('batch.start', { people: few, depth: 'complete' });
    await e.engine.batch.settled(jobId);
    const j = await job(jobId);
    expect(j.rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'done']);
    const entries = await e.send('batch.entries', { id: jobId });
    expect(entries).toHaveLength(4);
    expect(entries.every((x) => /armazenamento cheio/.test(x.notice?.pt ?? ''))).toBe(true);
    expect(await e.send('history.get', { id: j.rows[0]!.entryId! })).toMatchObject({ input: few[0] });
  });

  it('skips people already in the history unless refresh', async () => {
    const e = await withKey();
    const few = people.slice(0, 3);
    const first = await e.send('batch.start', { people: few, depth: 'quick' });
    await e.engine.batch.settled(first.jobId);
    const plan = await e.send('batch.plan', { people: [...few, people[3]!], depth: 'quick' });
    expect(plan).toMatchObject({ cached: 3, toSend: 1 });
    const second = await e.send('batch.start', { people: [...few, people[3]!], depth: 'quick' });
    await e.engine.batch.settled(second.jobId);
    expect((await job(second.jobId)).rows.map((r) => r.status)).toEqual([
      'cached',
      'cached',
      'cached',
      'done',
    ]);
    expect((await sandbox.ledger(e.key)).total_credits).toBe(4);
    expect((await e.send('batch.plan', { people: few, depth: 'quick', refresh: true })).toSend).toBe(3);
  });

  it('refuses a batch the balance cannot cover, and runs what fits when asked', async () => {
    const e = await withKey(11);
    await expect(
      e.send('batch.start', { people: people.slice(0, 10), depth: 'complete' }),
    ).rejects.toMatchObject({
      apiError: { code: 'INSUFFICIENT_CREDITS', charged: 'no' },
    });
    await e.send('credits.get', { refresh: true });
    const plan = await e.send('batch.plan', { people: people.slice(0, 10), depth: 'complete' });
    expect(plan).toMatchObject({ fits: 5, short: true });
    const { jobId } = await e.send('batch.start', {
      people: people.slice(0, 10),
      depth: 'complete',
      limit: plan.fits,
    });
    await e.engine.batch.settled(jobId);
    expect((await job(jobId)).rows).toHaveLength(5);
    expect((await sandbox.ledger(e.key)).total_credits).toBe(10);
  });

  it('pauses, resumes and cancels', async () => {
    const e = await withKey();
    const { jobId } = await e.send('batch.start', { people: people.slice(0, 30), depth: 'quick' });
    const paused = await e.send('batch.pause', { id: jobId });
    expect(paused.status).toBe('paused');
    await e.engine.batch.settled(jobId);
    const mid = await job(jobId);
    // At most the first request was out when the pause came.
    expect(mid.rows.filter((r) => r.status === 'queued').length).toBeGreaterThanOrEqual(20);
    await e.send('batch.resume', { id: jobId });
    const cancelled = await e.send('batch.cancel', { id: jobId });
    expect(cancelled.status).toBe('cancelled');
    await e.engine.batch.settled(jobId);
    const end = await job(jobId);
    expect(end.rows.some((r) => r.status === 'cancelled')).toBe(true);
    expect(end.rows.some((r) => r.status === 'queued' || r.status === 'sent')).toBe(false);
    const done = end.rows.filter((r) => r.status === 'done').length;
    expect((await sandbox.ledger(e.key)).total_credits).toBe(done);
  });

  it('at worker start, a sent row whose result was saved is done, any other is interrupted and not re-sent; queued rows go on', async () => {
    const e = await withKey();
    const { jobId } = await e.send('batch.start', { people: people.slice(0, 2), depth: 'quick' });
    await e.engine.batch.settled(jobId);
    const finished = await job(jobId);
    // As a worker that died would leave it: the first row's answer saved, the second's lost, two more queued.
    const stuck: BatchJob = {
      ...finished,
      id: 'stuck',
      status: 'running',
      creditsSpent: 0,
      rows: [
        { ...finished.rows[0]!, status: 'sent' },
        { id: '1', input: people[1]!, status: 'sent', entryId: 'never-saved' },
        { id: '2', input: people[2]!, status: 'queued' },
        { id: '3', input: people[3]!, status: 'queued' },
      ],
    };
    await writeBatch([stuck], { job: stuck });
    const before = (await sandbox.ledger(e.key)).total_credits;
    const restarted = engineWith();
    await restarted.ready;
    await restarted.engine.batch.settled('stuck');
    const j = await job('stuck');
    expect(j.rows.map((r) => r.status)).toEqual(['done', 'interrupted', 'done', 'done']);
    expect(j.rows[1]).toMatchObject({
      error: 'interrompido: confira os créditos',
      error_code: 'INTERRUPTED',
    });
    expect(j.status).toBe('done');
    expect(j.creditsSpent).toBe(3);
    expect((await sandbox.ledger(e.key)).total_credits - before).toBe(2);
  });

  it('reconciles a stored job with rows in every state: saved answers done, lost ones measuring, settled rows untouched, queued rows go on', async () => {
    const e = await withKey();
    const { jobId } = await e.send('batch.start', { people: people.slice(0, 1), depth: 'quick' });
    await e.engine.batch.settled(jobId);
    const saved = (await job(jobId)).rows[0]!;
    const charged = (await e.send('history.get', { id: saved.entryId! }))!.creditsCharged;
    const balance = (await sandbox.ledger(e.key)).balance;
    // As a stopped worker leaves it: request R1 (its first row's answer saved, the second's lost) and R2 (lost) open.
    const row = (id: string, status: BatchRow['status'], extra: Partial<BatchRow> = {}): BatchRow => ({
      id,
      input: people[Number(id)]!,
      status,
      ...extra,
    });
    const stuck: BatchJob = {
      ...(await job(jobId)),
      id: 'every',
      status: 'running',
      creditsSpent: 5,
      rows: [
        row('0', 'sent'),
        row('1', 'sent'),
        row('2', 'sent', { entryId: 'every:2:R2' }),
        // Settled by a request answered long before.
        row('3', 'done', { entryId: 'every:3:OLD' }),
        row('4', 'cached', { entryId: 'every:4:OLD' }),
        row('5', 'failed', { error: 'x', error_code: 'PROFILE_NOT_FOUND' }),
        row('6', 'interrupted', { error: 'interrompido: confira os créditos', error_code: 'INTERRUPTED' }),
        row('7', 'cancelled'),
        row('8', 'queued'),
      ],
    };
    // Request R1 is the one whose answer for row 0 was saved (the finished job's entry).
    stuck.rows[0] = row('0', 'sent', { entryId: saved.entryId });
    const r1 = saved.entryId!.split(':')[2]!;
    stuck.rows[1] = row('1', 'sent', { entryId: `every:1:${r1}` });
    await writeBatch([stuck], { job: stuck });
    const open = (rowIds: string[]) => ({
      ref: 'every',
      kind: 'batch' as const,
      rowIds,
      people: rowIds.length,
      prices: [1],
      settleBy: Date.now() + 120_000,
      sentAt: Date.now(),
      overlapped: true,
      life: 'an earlier worker',
    });
    await spendWatch.set({
      base: { balance: balance + charged, at: 0 },
      answered: 0,
      lastAnswerAt: 0,
      open: { [r1]: open(['0', '1']), R2: open(['2']) },
      lost: [],
    });
    const before = (await sandbox.ledger(e.key)).total_credits;

    const restarted = engineWith({ later: () => undefined });
    await restarted.ready;
    await restarted.engine.batch.settled('every');
    const j = await job('every');
    expect(j.rows.map((r) => r.status)).toEqual([
      'done',
      'interrupted',
      'interrupted',
      'done',
      'cached',
      'failed',
      'interrupted',
      'cancelled',
      'done',
    ]);
    expect(j.rows.map((r) => r.error_code ?? null)).toEqual([
      null,
      'INTERRUPTED_MEASURING',
      'INTERRUPTED_MEASURING',
      null,
      null,
      'PROFILE_NOT_FOUND',
      'INTERRUPTED',
      null,
      null,
    ]);
    expect(j.status).toBe('done');
    expect(j.lost).toEqual({ measuring: 2 });
    // The saved answer's charge and the queued row's: nothing lost was sent again.
    expect(j.creditsSpent).toBe(5 + charged + 1);
    expect((await sandbox.ledger(e.key)).total_credits - before).toBe(1);
    const w = await spendWatch.get();
    expect(w.open).toEqual({});
    expect(w.answered).toBe(charged + 1);
    expect(w.lost.map((g) => [g.ref, g.rowIds, g.people])).toEqual([
      ['every', ['1'], 1],
      ['every', ['2'], 1],
    ]);
  });

  it('sets the wake alarm while a job runs and clears it once the job ends, at start-up as after a start', async () => {
    const e = await withKey();
    const alarm = () => fakeBrowser.alarms.get(WAKE_ALARM);
    // nothing runs: no alarm keeps the worker coming back
    expect(await alarm()).toBeUndefined();
    const { jobId } = await e.send('batch.start', { people: people.slice(0, 12), depth: 'complete' });
    await vi.waitFor(async () => expect(await alarm()).toMatchObject({ periodInMinutes: 0.5 }), 10_000);
    await e.engine.batch.settled(jobId);
    expect((await job(jobId)).status).toBe('done');
    await vi.waitFor(async () => expect(await alarm()).toBeUndefined(), 10_000);

    // A worker that starts with a job left running (Chrome stopped the last one) sets it again at once.
    const stored = await job(jobId);
    const again: BatchJob = {
      ...stored,
      id: 'again',
      status: 'running',
      rows: stored.rows.map((r, i) => ({ id: String(i), input: r.input, status: 'queued' })),
    };
    await writeBatch([again], { job: again });
    const next = engineWith();
    await next.ready;
    expect(await alarm()).toMatchObject({ periodInMinutes: 0.5 });
    await next.engine.batch.settled('again');
    await vi.waitFor(async () => expect(await alarm()).toBeUndefined(), 10_000);
  });
});
