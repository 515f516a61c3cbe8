import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Browser } from 'wxt/browser';
import { followPending, followShown, followTabs, runningJob } from '@/lib/panel/follow';
import { createPanelStore } from '@/lib/panel/store';
import { browserWorker } from '@/lib/panel/worker';
import type { RequestType } from '@/lib/messaging';
import type { HistoryEntry, LookupJob } from '@/lib/model';
import { session } from '@/lib/storage/later';
import { lookupJobs, pageChanged, pendingPerson, shownEntry } from '@/lib/storage/session';
import { basic, entryOf } from './analyses';

/** A stand-in for the store that records what the browser's events asked of it. */
function recorder(tabId: number | null = null) {
  const calls: string[] = [];
  const panel = {
    tabId,
    follow: (id: number) => {
      panel.tabId = id;
      calls.push(`follow ${id}`);
    },
    leave: (id: number) => void calls.push(`leave ${id}`),
    detect: async () => void calls.push('detect'),
    takePending: (p: { text: string }) => void calls.push(`pending ${p.text}`),
  };
  return { panel, calls, get: () => panel };
}

const job = (id: string, status: LookupJob['status'], startedAt = 1): LookupJob =>
  ({
    id,
    request: {
      input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
      depth: 'quick',
      lang: 'pt',
      refresh: false,
    },
    quote: { endpoint: '/crm_basico', credits: 1, timeRange: [2, 8] },
    startedAt,
    updatedAt: startedAt,
    status,
    ...(status === 'done' && { entryId: id, fromHistory: false }),
  }) as LookupJob;

beforeEach(async () => {
  fakeBrowser.reset();
  // the panel's stored items load their definitions on first use (lib/storage/later.ts): loaded before the clock
  // stops, a watch starts within the microtasks the tests let run
  await Promise.all(Object.values(session).map((item) => item.get()));
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('followTabs', () => {
  it('pinned: follows that tab; a navigation forgets the page at once and detects once it settles', async () => {
    const r = recorder();
    const stop = followTabs(r.get, { pinnedTabId: 5 });
    expect(r.calls).toEqual(['follow 5']);

    await fakeBrowser.tabs.onUpdated.trigger(5, { url: 'https://www.linkedin.com/in/x' }, {} as never);
    expect(r.calls).toEqual(['follow 5', 'leave 5']);
    await vi.advanceTimersByTimeAsync(100);
    expect(r.calls).not.toContain('detect');
    await fakeBrowser.tabs.onUpdated.trigger(5, { status: 'complete' }, {} as never);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['follow 5', 'leave 5', 'detect']);

    // Another tab's events and a tab switch do not move a pinned panel.
    await fakeBrowser.tabs.onUpdated.trigger(6, { url: 'https://example.com/' }, {} as never);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 6, windowId: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(r.calls).toEqual(['follow 5', 'leave 5', 'detect']);
    stop();
  });

  it('detects when the content script reports an in-app navigation of the followed tab', async () => {
    const r = recorder();
    const stop = followTabs(r.get, { pinnedTabId: 5 });
    await pageChanged.set({ tabId: 9, url: 'https://www.linkedin.com/in/y', at: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['follow 5']);
    await pageChanged.set({ tabId: 5, url: 'https://www.linkedin.com/in/y', at: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['follow 5', 'detect']);
    stop();
  });

  it('a notice written before its watch started (the fuller reading right after a quick answer) is not lost', async () => {
    // written as the panel began following, before the watch was in; an older notice is another panel's past
    await pageChanged.set({ tabId: 5, url: 'https://www.linkedin.com/in/y', at: Date.now() - 1 });
    const old = recorder();
    const stopOld = followTabs(old.get, { pinnedTabId: 5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(old.calls).toEqual(['follow 5']);
    stopOld();
    await pageChanged.set({ tabId: 5, url: 'https://www.linkedin.com/in/y', at: Date.now() });
    const r = recorder();
    const stop = followTabs(r.get, { pinnedTabId: 5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['follow 5', 'detect']);
    stop();
  });

  it('detects after a navigation even when no "complete" or notice comes', async () => {
    const r = recorder();
    const stop = followTabs(r.get, { pinnedTabId: 5 });
    await fakeBrowser.tabs.onUpdated.trigger(5, { status: 'loading' }, {} as never);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(r.calls).toEqual(['follow 5', 'leave 5', 'detect']);
    stop();
  });

  it('unpinned: follows the active tab of its window, and each tab switch there', async () => {
    const win = await fakeBrowser.windows.create({ focused: true });
    const a = await fakeBrowser.tabs.create({ windowId: win.id, url: 'https://a.example/' });
    // The fake browser has no way to make a created tab active: it answers for it here.
    const query = vi
      .spyOn(fakeBrowser.tabs, 'query')
      .mockImplementation(async (q) => (q.active && q.windowId === win.id ? [a] : []));
    const r = recorder();
    const stop = followTabs(r.get);
    await vi.advanceTimersByTimeAsync(0);
    expect(query).toHaveBeenCalledWith({ active: true, windowId: win.id });
    expect(r.calls).toEqual([`follow ${a.id}`]);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 77, windowId: win.id! });
    expect(r.calls).toEqual([`follow ${a.id}`, 'follow 77']);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 78, windowId: win.id! + 1 });
    expect(r.calls).toEqual([`follow ${a.id}`, 'follow 77']);
    stop();
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 79, windowId: win.id! });
    expect(r.calls).toHaveLength(2);
  });

  it('unpinned, with the active tab its entry already found: starts there at once, moves if another became active meanwhile', async () => {
    const win = await fakeBrowser.windows.create({ focused: true });
    let active = 42;
    let answer: () => void = () => undefined;
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(
      (q) =>
        new Promise((resolve) => {
          answer = () =>
            resolve(q.active && q.windowId === win.id ? [{ id: active } as Browser.tabs.Tab] : []);
        }),
    );
    const r = recorder();
    const stop = followTabs(r.get, { activeTabId: Promise.resolve(42) });
    await vi.advanceTimersByTimeAsync(0);
    // On the entry's tab before the browser answers again.
    expect(r.calls).toEqual(['follow 42']);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['follow 42']);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 77, windowId: win.id! });
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 78, windowId: win.id! + 1 });
    expect(r.calls).toEqual(['follow 42', 'follow 77']);
    stop();

    // The seller switched tabs between the entry's question and the panel's listeners.
    active = 43;
    const late = recorder();
    const stop2 = followTabs(late.get, { activeTabId: Promise.resolve(42) });
    await vi.advanceTimersByTimeAsync(0);
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(late.calls).toEqual(['follow 42', 'follow 43']);
    stop2();
    query.mockRestore();
  });

  it('unpinned: a tab switch made before the panel knows its window is followed once it does', async () => {
    const win = await fakeBrowser.windows.create({ focused: true });
    vi.spyOn(fakeBrowser.windows, 'getCurrent').mockImplementation(
      () => new Promise((resolve) => setTimeout(() => resolve(win), 50)),
    );
    const r = recorder();
    const stop = followTabs(r.get, { activeTabId: Promise.resolve(42) });
    await vi.advanceTimersByTimeAsync(0);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 77, windowId: win.id! });
    expect(r.calls).toEqual(['follow 42']);
    await vi.advanceTimersByTimeAsync(50);
    expect(r.calls).toEqual(['follow 42', 'follow 77']);
    stop();
    vi.mocked(fakeBrowser.windows.getCurrent).mockRestore();
  });

  it('unpinned, when its entry found no active tab: asks the browser', async () => {
    const win = await fakeBrowser.windows.create({ focused: true });
    const a = await fakeBrowser.tabs.create({ windowId: win.id, url: 'https://a.example/' });
    vi.spyOn(fakeBrowser.tabs, 'query').mockImplementation(async (q) =>
      q.active && q.windowId === win.id ? [a] : [],
    );
    for (const found of [() => Promise.resolve(undefined), () => Promise.reject(new Error('no tab'))]) {
      const r = recorder();
      const stop = followTabs(r.get, { activeTabId: found() });
      await vi.advanceTimersByTimeAsync(0);
      expect(r.calls).toEqual([`follow ${a.id}`]);
      stop();
    }
  });

  it('opened as a page with a start tab: starts there, then follows each tab switch but never to itself', async () => {
    vi.spyOn(fakeBrowser.tabs, 'getCurrent').mockResolvedValue({ id: 3 } as never);
    const r = recorder();
    const stop = followTabs(r.get, { startTabId: 5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['follow 5']);
    // the panel's own tab coming to the front is not a page to read
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 3, windowId: 1 });
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 5, windowId: 1 });
    expect(r.calls).toEqual(['follow 5']);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 8, windowId: 2 });
    expect(r.calls).toEqual(['follow 5', 'follow 8']);
    // and the tab it follows now is the one whose navigations count
    await fakeBrowser.tabs.onUpdated.trigger(5, { url: 'https://example.com/' }, {} as never);
    await fakeBrowser.tabs.onUpdated.trigger(8, { url: 'https://mail.google.com/mail/u/0/' }, {} as never);
    expect(r.calls).toEqual(['follow 5', 'follow 8', 'leave 8']);
    await fakeBrowser.tabs.onActivated.trigger({ tabId: 5, windowId: 1 });
    expect(r.calls).toEqual(['follow 5', 'follow 8', 'leave 8', 'follow 5']);
    stop();
  });
});

describe('followPending', () => {
  it('takes a person handed over just before the panel opened, and each new one, but not an old one', async () => {
    const now = Date.now();
    await pendingPerson.set({ tabId: 1, text: 'antiga', candidate: null, at: now - 60_000 });
    const r = recorder(1);
    const stop = followPending(r.get, () => now);
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual([]);
    await pendingPerson.set({ tabId: 1, text: 'Ana Souza – Nubank', candidate: null, at: now + 10 });
    await vi.advanceTimersByTimeAsync(0);
    expect(r.calls).toEqual(['pending Ana Souza – Nubank']);
    stop();

    const again = recorder(1);
    const stop2 = followPending(again.get, () => now + 20);
    await vi.advanceTimersByTimeAsync(0);
    expect(again.calls).toEqual(['pending Ana Souza – Nubank']);
    stop2();
  });
});

describe('followShown: the last analysis shown comes back in a panel opened again', () => {
  const HOUR = 60 * 60 * 1000;
  /** A panel on a page with nobody, whose history holds `entries`; records what it asked the worker. */
  function panelWith(entries: HistoryEntry[], now: () => number) {
    const asked: RequestType[] = [];
    const deps = {
      ...browserWorker,
      now,
      async send(type: RequestType, data: unknown) {
        asked.push(type);
        if (type === 'history.get') return entries.find((e) => e.id === (data as { id: string }).id) ?? null;
        if (type === 'detect')
          return { ok: true, url: 'https://mail.google.com/mail/u/0/', title: '', candidates: [] };
        throw new Error(`unexpected ${type}`);
      },
    } as typeof browserWorker & { now: () => number };
    const store = createPanelStore(deps);
    const stop = followShown(store, deps);
    return { store, asked, stop };
  }

  it('remembers each analysis shown, and a new panel brings it back from history, asking nothing else', async () => {
    const ana = entryOf(basic);
    const first = panelWith([ana], () => 1_000);
    first.store.getState().showEntry(ana, 'lookup');
    await vi.advanceTimersByTimeAsync(0);
    expect(await shownEntry.get()).toEqual({ id: ana.id, at: 1_000 });
    first.stop();

    const again = panelWith([ana], () => 1_000 + 3 * HOUR);
    await vi.advanceTimersByTimeAsync(0);
    expect(again.store.getState().screen).toMatchObject({
      kind: 'result',
      entry: { id: ana.id },
      carried: 'auto',
    });
    // read from history: no lookup, no quote, no draft written
    expect(again.asked).toEqual(['history.get']);
    again.stop();
  });

  it('leaves an analysis shown long ago, or one no longer in history', async () => {
    const ana = entryOf(basic);
    await shownEntry.set({ id: ana.id, at: 0 });
    const stale = panelWith([ana], () => 5 * HOUR);
    await vi.advanceTimersByTimeAsync(0);
    expect(stale.store.getState().screen).toEqual({ kind: 'page' });
    expect(stale.asked).toEqual([]);
    stale.stop();

    await shownEntry.set({ id: 'erased', at: 0 });
    const gone = panelWith([ana], () => HOUR);
    await vi.advanceTimersByTimeAsync(0);
    expect(gone.asked).toEqual(['history.get']);
    expect(gone.store.getState().screen).toEqual({ kind: 'page' });
    gone.stop();
  });
});

describe('jobs as the panel sees them', () => {
  it('calls back on every change of the watched job, from storage events and the first poll', async () => {
    fakeBrowser.runtime.onMessage.addListener((raw: unknown) => {
      const message = raw as { type: string; data: { id: string } };
      return message.type === 'job.get'
        ? Promise.resolve({ ok: true, value: job(message.data.id, 'running') })
        : undefined;
    });
    const seen: string[] = [];
    const stop = browserWorker.watchJob('j1', (j) => seen.push(j?.status ?? 'null'));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['running']);
    await lookupJobs.set({ j1: job('j1', 'done'), other: job('other', 'running') });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toEqual(['running', 'done']);
    stop();
    await lookupJobs.set({ j1: job('j1', 'interrupted') });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen).toEqual(['running', 'done']);
  });

  it('finds the newest running lookup for a panel that opens mid-lookup', async () => {
    await lookupJobs.set({ a: job('a', 'running', 10), b: job('b', 'running', 20), c: job('c', 'done', 30) });
    expect((await runningJob())?.id).toBe('b');
    await lookupJobs.set({ c: job('c', 'done', 30) });
    expect(await runningJob()).toBeNull();
  });
});
