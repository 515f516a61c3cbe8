import { emptyAnalysis } from '@/lib/analysis/normalize';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PRUNE_ALARM } from '@/lib/background/engine';
import { createKeepAlive } from '@/lib/background/keep-alive';
import { createHistory } from '@/lib/history';
import { settings } from '@/lib/storage';
import { engineWith, setupEngineTests } from './setup';
import type { HistoryEntry, LookupJob } from '@/lib/model';
import { lookupJobs } from '@/lib/storage/session';

const sandbox = setupEngineTests();

const request = {
  input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
  depth: 'plus' as const,
  lang: 'pt' as const,
  refresh: false,
};
const running = (id: string): LookupJob => ({
  id,
  request,
  quote: { endpoint: '/crm_plus', credits: 3, timeRange: [15, 35] },
  startedAt: 1,
  updatedAt: 1,
  status: 'running',
});
const entry = (id: string): HistoryEntry => ({
  id,
  personKey: 'ana souza|nubank',
  input: request.input,
  depth: 'plus',
  lang: 'pt',
  endpoint: '/crm_plus',
  creditsCharged: 3,
  createdAt: Date.now(),
  analysis: emptyAnalysis(),
  issues: [],
});

describe('a worker that restarts mid-call', () => {
  it('ends a job left running as interrupted, or as done when its result reached the history', async () => {
    // What a worker that died in the middle of two calls left behind: one result saved, one not.
    await lookupJobs.set({ lost: running('lost'), saved: running('saved') });
    await createHistory({ retentionDays: () => 365 }).put(entry('saved'));

    const e = engineWith();
    await e.ready;
    expect(await e.send('job.get', { id: 'lost' })).toMatchObject({ status: 'interrupted' });
    expect(await e.send('job.get', { id: 'saved' })).toMatchObject({
      status: 'done',
      entryId: 'saved',
      fromHistory: false,
    });
    // Nothing was re-sent by itself.
    expect(e.calls).toEqual([]);
  });

  it('starts a new call for the same person after an interruption only when asked', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    await lookupJobs.set({ lost: running('lost') });
    const e = engineWith();
    await e.send('key.set', { key });
    expect(await e.send('job.get', { id: 'lost' })).toMatchObject({ status: 'interrupted' });
    expect((await sandbox.ledger(key)).entries).toEqual([]);
    const { jobId } = await e.send('lookup', request);
    expect(jobId).not.toBe('lost');
    expect(await e.engine.lookup.settled(jobId)).toMatchObject({ status: 'done' });
    expect((await sandbox.ledger(key)).total_credits).toBe(3);
  });

  it('keeps the jobs that no longer fit their schema out, without losing the others', async () => {
    await fakeBrowser.storage.session.set({
      lookupJobs: { ok: running('ok'), broken: { id: 'broken', status: 'weird' } },
    });
    expect(Object.keys(await lookupJobs.get())).toEqual(['ok']);
  });
});

describe('keep-alive', () => {
  it('pings every 20 s while work is pending and stops when the last piece settles', async () => {
    vi.useFakeTimers();
    try {
      let pings = 0;
      const keepAlive = createKeepAlive(async () => void pings++);
      let finishA!: () => void;
      let finishB!: () => void;
      const a = keepAlive.hold(new Promise<void>((r) => (finishA = r)));
      const b = keepAlive.hold(new Promise<void>((r) => (finishB = r)));
      await vi.advanceTimersByTimeAsync(61_000);
      expect(pings).toBe(3);
      finishA();
      await a;
      await vi.advanceTimersByTimeAsync(20_000);
      expect(pings).toBe(4);
      finishB();
      await b;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(pings).toBe(4);
      expect(keepAlive.pending).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('holds the worker during a lookup', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    let pings = 0;
    const keepAlive = createKeepAlive(async () => void pings++, 5);
    const e = engineWith({ keepAlive });
    await e.send('key.set', { key });
    await sandbox.faults({ latency_scale: 0.01 });
    const { jobId } = await e.send('lookup', request);
    expect(keepAlive.pending).toBe(1);
    await e.engine.lookup.settled(jobId);
    expect(keepAlive.pending).toBe(0);
    expect(pings).toBeGreaterThan(0);
  });
});

describe('start-up and install', () => {
  it('opens the onboarding page on first install only, and makes the context menu', async () => {
    const created: unknown[] = [];
    const menus = {
      removeAll: async () => void created.splice(0),
      create: (m: unknown) => void created.push(m),
    };
    Object.assign(fakeBrowser, { contextMenus: menus });
    const e = engineWith();
    await e.engine.onInstalled({ reason: 'install' } as never);
    const tabs = await fakeBrowser.tabs.query({});
    expect(tabs.map((t) => t.url)).toContain(
      `chrome-extension://${fakeBrowser.runtime.id}/options.html#onboarding`,
    );
    expect(created).toEqual([{ id: 'analyze-selection', title: "Analisar '%s'", contexts: ['selection'] }]);

    await e.engine.onInstalled({ reason: 'update' } as never);
    expect((await fakeBrowser.tabs.query({})).length).toBe(tabs.length);
    expect(created).toHaveLength(1);
  });

  it('prunes the history past retention at start and on the daily alarm', async () => {
    const day = 86_400_000;
    let clock = Date.UTC(2025, 0, 1);
    const old = createHistory({ retentionDays: () => 10, now: () => clock });
    await old.put({ ...entry('old'), createdAt: clock - 20 * day });
    await old.put({ ...entry('new'), createdAt: clock - 2 * day });
    await old.close();
    await settings.set({ ...(await settings.get()), historyRetentionDays: 10 });

    const e = engineWith({ now: () => clock });
    await e.settled;
    expect((await e.send('history.list', {})).map((h) => h.id)).toEqual(['new']);
    expect(await fakeBrowser.alarms.get(PRUNE_ALARM)).toMatchObject({ periodInMinutes: 1440 });

    clock += 9 * day;
    await e.engine.onAlarm({ name: PRUNE_ALARM, scheduledTime: clock, persistAcrossSessions: true });
    expect(await e.send('history.list', {})).toEqual([]);
  });

  it("a wake's messages wait for the key, jobs and batches, not for the history's retention", async () => {
    const history = createHistory({ retentionDays: () => 30 });
    let pruned = false;
    let prune!: () => void;
    const slow = {
      ...history,
      prune: () => new Promise<number>((r) => (prune = () => r(0))).then(() => ((pruned = true), 0)),
    };
    await lookupJobs.set({ j1: running('j1') });
    const e = engineWith({ history: slow });
    await e.ready;
    // the job a previous worker left running is settled before any message is answered
    expect(await e.send('job.get', { id: 'j1' })).toMatchObject({ status: 'interrupted' });
    expect(await e.send('history.list', {})).toEqual([]);
    expect(pruned).toBe(false);
    prune();
    await e.settled;
    expect(pruned).toBe(true);
    expect(await fakeBrowser.alarms.get(PRUNE_ALARM)).toMatchObject({ periodInMinutes: 1440 });
  });
});
