import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { credits, settings } from '@/lib/storage';
import { engineWith, setupEngineTests } from './setup';
import type { LookupInput, LookupJob } from '@/lib/model';
import { lookupJobs } from '@/lib/storage/session';

const sandbox = setupEngineTests();

const ana: LookupInput = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };
const bia: LookupInput = { primeiro_nome: 'Bia', ultimo_nome: 'Lima', empresa: 'Stone' };
const DAY = 86_400_000;

async function withKey(tier: 'basic' | 'complete' | 'plus', now?: () => number) {
  const key = await sandbox.account({ tier });
  const e = engineWith(now ? { now } : {});
  await e.send('key.set', { key });
  return { ...e, key };
}

async function lookup(
  e: Awaited<ReturnType<typeof withKey>>,
  input: LookupInput,
  depth: 'quick' | 'complete' | 'plus',
  extra: { lang?: 'pt' | 'en'; refresh?: boolean } = {},
): Promise<LookupJob> {
  const { jobId } = await e.send('lookup', {
    input,
    depth,
    lang: extra.lang ?? 'pt',
    refresh: extra.refresh,
  });
  const job = await e.engine.lookup.settled(jobId);
  if (!job) throw new Error('job lost');
  return job;
}

afterEach(() => vi.restoreAllMocks());

describe('lookup', () => {
  it('reads what the charging call needs beside the quote check, and sends nothing before the check passes', async () => {
    const e = await withKey('complete');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const find = e.engine.history.findReusable.bind(e.engine.history);
    vi.spyOn(e.engine.history, 'findReusable').mockImplementation(async (...args) => {
      await held;
      return find(...args);
    });
    const before = vi.spyOn(e.engine.credits, 'balanceBefore');
    const started = e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    // The quote check is still reading the history: the balance is already being read, and nothing is charged.
    await vi.waitFor(() => expect(before).toHaveBeenCalledTimes(1), 10_000);
    expect(e.charging()).toEqual([]);
    release();
    const job = await e.engine.lookup.settled((await started).jobId);
    expect(job).toMatchObject({ status: 'done' });
    expect(e.charging()).toEqual(['/crm']);
    expect(before).toHaveBeenCalledTimes(1);
  });

  it('hands the finished job and its normalized entry to the open pages beside the saving, not after it', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    const told: { job: LookupJob; entry: unknown; storedStatus: string | undefined }[] = [];
    const announce = (job: LookupJob, entry: unknown) => {
      // What the stored job says at the moment the pages are told.
      told.push({ job, entry, storedStatus: undefined });
      void lookupJobs.get().then((all) => (told.at(-1)!.storedStatus = all[job.id]?.status));
    };
    const e = engineWith({ announce });
    await e.send('key.set', { key });
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    const job = await e.engine.lookup.settled(jobId);
    expect(told).toHaveLength(1);
    expect(told[0]!.job).toMatchObject({ id: jobId, status: 'done', entryId: jobId, fromHistory: false });
    // The same entry the history then serves, so the panel renders what a later open would show.
    expect(told[0]!.entry).toEqual(await e.send('history.get', { id: jobId }));
    expect(told[0]!.entry).toMatchObject({ id: jobId, input: ana, depth: 'complete', creditsCharged: 2 });
    // Told while the stored job was still running: the message does not wait for the persistence.
    expect(told[0]!.storedStatus).toBe('running');
    expect(job).toMatchObject({ status: 'done' });
  });

  it('tells the open pages of a failed lookup too, with no entry', async () => {
    const told: { job: LookupJob; entry: unknown }[] = [];
    const e = engineWith({ announce: (job, entry) => told.push({ job, entry }) });
    // An account with no credits: the service refuses the call.
    await e.send('key.set', { key: await sandbox.account({ tier: 'complete', credits: 0 }) });
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    await e.engine.lookup.settled(jobId);
    expect(told).toEqual([{ job: expect.objectContaining({ id: jobId, status: 'error' }), entry: null }]);
  });

  it('tells the open pages of a lookup served from history with the entry, so the panel need not ask for it', async () => {
    const told: { job: LookupJob; entry: unknown }[] = [];
    const e = engineWith({ announce: (job, entry) => told.push({ job, entry }) });
    await e.send('key.set', { key: await sandbox.account({ tier: 'complete' }) });
    const first = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    await e.engine.lookup.settled(first.jobId);
    const again = await e.send('lookup', { input: ana, depth: 'quick', lang: 'pt' });
    await e.engine.lookup.settled(again.jobId);
    expect(told[1]!.job).toMatchObject({
      id: again.jobId,
      status: 'done',
      entryId: first.jobId,
      fromHistory: true,
    });
    expect(told[1]!.entry).toEqual(await e.send('history.get', { id: first.jobId }));
    expect(e.charging()).toEqual(['/crm']);
  });

  it('sends the charge while the job is still being recorded, and ends the job once it is', async () => {
    const e = await withKey('complete');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const update = lookupJobs.update.bind(lookupJobs);
    // storage.session is slow to take the job's record: the first write waits until released.
    vi.spyOn(lookupJobs, 'update').mockImplementationOnce(async (fn) => {
      await held;
      return update(fn);
    });
    const started = e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    // The check has passed: the request reaches the sandbox while the record is still held.
    await vi.waitFor(() => expect(e.charging()).toEqual(['/crm']), 10_000);
    expect(await lookupJobs.get()).toEqual({});
    release();
    const { jobId } = await started;
    const job = await e.engine.lookup.settled(jobId);
    expect(job).toMatchObject({ id: jobId, status: 'done', entryId: jobId, fromHistory: false });
    // The stored job ends as done: the record written late is not left running.
    expect((await lookupJobs.get())[jobId]).toMatchObject({ status: 'done' });
    expect(e.charging()).toEqual(['/crm']);
  });

  it('sends the charge without waiting for storage.local: the settings, the key, its status and the balance are in memory', async () => {
    const e = await withKey('complete');
    // The first lookup of this worker reads them (and learns the balance from the charge's answer).
    expect(await lookup(e, ana, 'complete')).toMatchObject({ status: 'done' });
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const get = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
    // storage.local answers no read until released; each read notes how many charges had gone out when it came.
    const readAfter: number[] = [];
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(async (...args) => {
      readAfter.push(e.charging().length);
      await held;
      return get(...args);
    });
    const started = e.send('lookup', { input: bia, depth: 'complete', lang: 'pt' });
    await vi.waitFor(() => expect(e.charging()).toEqual(['/crm', '/crm']), 10_000);
    // Nothing read before the charge (what the answer's balance writes afterwards may read).
    expect(readAfter.filter((n) => n < 2)).toEqual([]);
    release();
    const job = await e.engine.lookup.settled((await started).jobId);
    expect(job).toMatchObject({ status: 'done', fromHistory: false });
  });

  it("uses what another page changed in storage at the next lookup (the options page's reuse window)", async () => {
    const e = await withKey('complete');
    await lookup(e, ana, 'complete');
    // The options page writes the settings: this worker hears of it through storage.onChanged.
    const elsewhere = async (reuseDays: number) =>
      fakeBrowser.storage.local.set({ settings: { ...(await settings.get()), reuseDays } });
    await elsewhere(0);
    expect(await lookup(e, ana, 'complete')).toMatchObject({ status: 'done', fromHistory: false });
    expect(e.charging()).toEqual(['/crm', '/crm']);
    await elsewhere(30);
    expect(await lookup(e, ana, 'complete')).toMatchObject({ status: 'done', fromHistory: true });
    expect(e.charging()).toEqual(['/crm', '/crm']);
  });

  it('loses nothing when the job cannot be recorded: the entry is kept and the open pages get it', async () => {
    const told: { job: LookupJob; entry: unknown }[] = [];
    const e = engineWith({ announce: (job, entry) => told.push({ job, entry }) });
    const key = await sandbox.account({ tier: 'complete' });
    await e.send('key.set', { key });
    // storage.session refuses the job's record (the browser's quota, say)
    vi.spyOn(lookupJobs, 'update').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    const job = await e.engine.lookup.settled(jobId);
    expect(job).toMatchObject({ id: jobId, status: 'done', entryId: jobId });
    expect(e.charging()).toEqual(['/crm']);
    expect(await sandbox.ledger(key)).toMatchObject({ total_credits: 2 });
    const entry = await e.send('history.get', { id: jobId });
    expect(entry).toMatchObject({ id: jobId, input: ana, creditsCharged: 2 });
    expect(told).toEqual([{ job: expect.objectContaining({ id: jobId, status: 'done' }), entry }]);
  });

  it('calls the routed endpoint once, stores the entry and takes the balance from billing_info', async () => {
    const e = await withKey('complete');
    const job = await lookup(e, ana, 'complete');
    expect(job).toMatchObject({
      status: 'done',
      fromHistory: false,
      quote: { endpoint: '/crm', credits: 2 },
    });
    expect(e.charging()).toEqual(['/crm']);
    const ledger = await sandbox.ledger(e.key);
    expect(ledger.entries.map((x) => [x.endpoint, x.credits])).toEqual([['/crm', 2]]);

    const entry = await e.send('history.get', { id: job.status === 'done' ? job.entryId : '' });
    expect(entry).toMatchObject({ depth: 'complete', lang: 'pt', endpoint: '/crm', creditsCharged: 2 });
    expect(entry?.personKey).toBe('ana souza|nubank');
    expect(entry?.analysis.mbti?.type).toMatch(/^[EI][NS][TF][JP]$/);
    expect(await credits.get()).toMatchObject({
      balance: ledger.balance,
      source: 'billing',
      status: 'active',
    });
  });

  it('answers with the job id at once and persists the job while it runs', async () => {
    const e = await withKey('complete');
    await sandbox.faults({ latency_scale: 0.02 });
    const { jobId } = await e.send('lookup', { input: ana, depth: 'quick', lang: 'pt' });
    expect((await lookupJobs.get())[jobId]?.status).toBe('running');
    expect(await e.send('job.get', { id: jobId })).toMatchObject({ status: 'running' });
    await e.engine.lookup.settled(jobId);
    expect(await e.send('job.get', { id: jobId })).toMatchObject({ status: 'done' });
  });

  it('makes identical concurrent requests share one API call and one job', async () => {
    const e = await withKey('complete');
    await sandbox.faults({ latency_scale: 0.02 });
    const same = { input: ana, depth: 'plus', lang: 'pt' } as const;
    // The panel and the context menu at once, spelled differently: the same person.
    const variant = { ...same, input: { primeiro_nome: ' ána ', ultimo_nome: 'SOUZA', empresa: 'nubank' } };
    const replies = await Promise.all([
      e.send('lookup', same),
      e.send('lookup', same),
      e.send('lookup', variant),
    ]);
    expect(new Set(replies.map((r) => r.jobId)).size).toBe(1);
    await e.engine.lookup.settled(replies[0]!.jobId);
    expect(e.charging()).toEqual(['/crm_plus']);
    expect((await sandbox.ledger(e.key)).total_credits).toBe(3);

    // Another depth or language is another request.
    await Promise.all([
      lookup(e, ana, 'quick', { lang: 'en' }),
      lookup(e, ana, 'quick', { lang: 'en', refresh: true }),
    ]);
    expect(e.charging()).toEqual(['/crm_plus', '/analyze']);
  });

  it('serves the same or a shallower depth from the history within the window at zero credits', async () => {
    const e = await withKey('complete');
    await lookup(e, ana, 'complete');
    const again = await lookup(e, { ...ana, empresa: 'NUBANK ' }, 'complete');
    const shallower = await lookup(e, ana, 'quick');
    expect(again).toMatchObject({ status: 'done', fromHistory: true });
    expect(shallower).toMatchObject({ status: 'done', fromHistory: true });
    expect((await sandbox.ledger(e.key)).total_credits).toBe(2);
    expect(e.charging()).toEqual(['/crm']);
  });

  it('charges for a deeper depth, another language, a refresh, or an entry older than the window', async () => {
    let clock = Date.UTC(2025, 0, 1);
    const e = await withKey('complete', () => clock);
    await lookup(e, ana, 'quick');
    expect(await lookup(e, ana, 'complete')).toMatchObject({ fromHistory: false });
    expect(await lookup(e, ana, 'complete', { lang: 'en' })).toMatchObject({ fromHistory: false });
    expect(await lookup(e, ana, 'complete', { refresh: true })).toMatchObject({ fromHistory: false });

    clock += 29 * DAY;
    expect(await lookup(e, ana, 'complete')).toMatchObject({ fromHistory: true });
    clock += 2 * DAY;
    expect(await lookup(e, ana, 'complete')).toMatchObject({ fromHistory: false });

    await settings.set({ ...(await settings.get()), reuseDays: 0 });
    expect(await lookup(e, ana, 'complete')).toMatchObject({ fromHistory: false });
    expect(e.charging()).toEqual([
      '/analisar-extensao-chrome',
      '/crm',
      '/analyze-comprehensive',
      '/crm',
      '/crm',
      '/crm',
    ]);
    expect((await sandbox.ledger(e.key)).total_credits).toBe(1 + 2 + 2 + 2 + 2 + 2);
  });

  it('stores a Plus that fell back to Complete as Complete, with a notice naming the 2 credits', async () => {
    const e = await withKey('complete');
    await sandbox.faults({ ai_provider_down: true });
    const job = await lookup(e, ana, 'plus');
    expect(job).toMatchObject({ status: 'done', fromHistory: false });
    const entry = await e.send('history.get', { id: job.status === 'done' ? job.entryId : '' });
    expect(entry).toMatchObject({ depth: 'complete', endpoint: '/crm_plus', creditsCharged: 2 });
    expect(entry?.notice?.pt).toMatch(/Plus estava indisponível.*2 créditos/);
    expect((await sandbox.ledger(e.key)).total_credits).toBe(2);

    // A later Plus request is not served by the fallback; a Complete one is.
    await sandbox.faults({ ai_provider_down: false });
    expect(await lookup(e, ana, 'complete')).toMatchObject({ fromHistory: true });
    expect(await lookup(e, ana, 'plus')).toMatchObject({ fromHistory: false });
    expect((await sandbox.ledger(e.key)).total_credits).toBe(5);
  });

  it('ends a failed call with the typed error and learns the balance it reports', async () => {
    const e = await withKey('complete');
    const job = await lookup(e, { ...ana, empresa: 'Dados Insuficientes' }, 'complete');
    expect(job.status).toBe('error');
    if (job.status !== 'error') return;
    expect(job.error).toMatchObject({ code: 'INSUFFICIENT_DATA', charged: 'no' });
    expect((await sandbox.ledger(e.key)).total_credits).toBe(0);
    expect(await e.send('history.list', {})).toEqual([]);
  });

  it('records an exhausted balance from the error', async () => {
    const poor = await sandbox.account({ tier: 'complete', credits: 1 });
    const e = engineWith();
    await e.send('key.set', { key: poor });
    const job = await e.engine.lookup.settled(
      (await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' })).jobId,
    );
    expect(job).toMatchObject({
      status: 'error',
      error: { code: 'INSUFFICIENT_CREDITS', action: 'buy_credits' },
    });
    expect((await credits.get()).balance).toBe(1);
  });

  it('keeps a paid result for the session when the history is full, and says so', async () => {
    const e = await withKey('complete');
    await e.ready;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const job = await lookup(e, ana, 'quick');
    expect(job).toMatchObject({ status: 'done', fromHistory: false });
    const entry = await e.send('history.get', { id: job.status === 'done' ? job.entryId : '' });
    expect(entry).toMatchObject({ endpoint: '/analisar-extensao-chrome', creditsCharged: 1 });
    expect(entry?.notice?.pt).toMatch(/armazenamento cheio/);
    await e.send('history.delete', { id: entry!.id });
    expect(await e.send('history.get', { id: entry!.id })).toBeNull();
  });

  it('lists, deletes and clears the history through the protocol', async () => {
    const e = await withKey('complete');
    const a = await lookup(e, ana, 'quick');
    const b = await lookup(e, { primeiro_nome: 'Bia', ultimo_nome: 'Araújo', empresa: 'Itaú' }, 'quick');
    expect((await e.send('history.list', { query: 'araujo itau' })).map((h) => h.id)).toEqual([b.id]);
    await e.send('history.delete', { id: a.id });
    expect((await e.send('history.list', {})).map((h) => h.id)).toEqual([b.id]);
    // a meeting brief kept beside the history is made of its analyses: clearing the history clears it too
    await fakeBrowser.storage.local.set({ meetingBriefs: { m1: { id: 'm1' } } });
    await e.send('history.clear', {});
    expect(await e.send('history.list', {})).toEqual([]);
    expect(await fakeBrowser.storage.local.get('meetingBriefs')).toEqual({});
  });
});
