import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Reply, Responses } from '@/lib/messaging';
import { MessageError } from '@/lib/send';
import { askEarly, type EarlyDetect } from '@/lib/panel/early';
import { withEarlyDetect } from '@/lib/panel/early-reply';
import type { PanelDeps } from '@/lib/panel/store';
import { anaCandidate as ana } from '../../fixtures/candidates';

const found = (name: string): Responses['detect'] => ({
  ok: true,
  url: 'https://www.linkedin.com/in/x',
  title: name,
  candidates: [],
});

/** Deps whose own `send` records each question and answers `detect` with a fresh reading. */
function fakeDeps(now = 0) {
  const asked: string[] = [];
  const deps: PanelDeps = {
    now: () => now,
    watchJob: () => () => undefined,
    stream: () => () => undefined,
    send: (async (type: string, data: unknown) => {
      asked.push(`${type} ${JSON.stringify(data)}`);
      if (type === 'detect') return found('fresh');
      return { ok: true };
    }) as PanelDeps['send'],
  };
  return { deps, asked };
}

/** An early question about `tabId` that the worker answered with `reply`. */
const early = (
  tabId: number,
  reply: Promise<Reply<'detect'> | undefined>,
  at = 0,
): Promise<EarlyDetect | null> =>
  Promise.resolve({ tabId, at, answer: reply.then((r) => ({ from: 'worker' as const, reply: r })) });
/** An early question about `tabId` that the tab's content script answered with `reply`. */
const fromPage = (tabId: number, reply: unknown): Promise<EarlyDetect | null> =>
  Promise.resolve({ tabId, at: 0, answer: Promise.resolve({ from: 'page' as const, reply }) });

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('askEarly', () => {
  const page = { url: 'https://www.linkedin.com/in/x', title: 'a', candidates: [] };

  it('asks the content script of the pinned tab at once, and leaves the worker asleep when it answers', async () => {
    const extract = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(page);
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const asked = await askEarly(7, () => 1234);
    expect(extract).toHaveBeenCalledWith(7, { type: 'extract' }, { frameId: 0 });
    expect(asked).toMatchObject({ tabId: 7, at: 1234 });
    expect(await asked!.answer).toEqual({ from: 'page', reply: page });
    expect(sent).not.toHaveBeenCalled();
  });

  it('no content script, or an empty answer: the worker is asked (it may inject the reader)', async () => {
    const sent = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockResolvedValue({ ok: true, value: found('a') });
    const extract = vi
      .spyOn(fakeBrowser.tabs, 'sendMessage')
      .mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'))
      .mockResolvedValueOnce(undefined);
    for (let i = 0; i < 2; i++) {
      const asked = await askEarly(7);
      expect(await asked!.answer).toEqual({ from: 'worker', reply: { ok: true, value: found('a') } });
    }
    expect(extract).toHaveBeenCalledTimes(2);
    expect(sent).toHaveBeenCalledTimes(2);
    expect(sent).toHaveBeenCalledWith({ type: 'detect', data: { tabId: 7 } });
  });

  it('without a pin asks about the active tab of the window, and asks nothing when there is none', async () => {
    const extract = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue(page);
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValueOnce([{ id: 12 } as never]);
    expect(await askEarly(undefined)).toMatchObject({ tabId: 12 });
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    expect(extract).toHaveBeenCalledWith(12, { type: 'extract' }, { frameId: 0 });

    query.mockResolvedValueOnce([]);
    expect(await askEarly(undefined)).toBeNull();
    expect(extract).toHaveBeenCalledTimes(1);
  });
});

describe('withEarlyDetect', () => {
  it("the store's first detect of the same tab takes the early answer; the next ones ask the worker", async () => {
    const { deps, asked } = fakeDeps();
    const send = withEarlyDetect(deps, early(5, Promise.resolve({ ok: true, value: found('early') }))).send;
    expect(await send('detect', { tabId: 5 })).toEqual(found('early'));
    expect(asked).toEqual([]);
    expect(await send('detect', { tabId: 5 })).toEqual(found('fresh'));
    expect(asked).toEqual(['detect {"tabId":5}']);
  });

  it('two detects at once: only one takes the early answer', async () => {
    const { deps, asked } = fakeDeps();
    const send = withEarlyDetect(deps, early(5, Promise.resolve({ ok: true, value: found('early') }))).send;
    const both = await Promise.all([send('detect', { tabId: 5 }), send('detect', { tabId: 5 })]);
    expect(both.map((r) => r.ok && r.title).sort()).toEqual(['early', 'fresh']);
    expect(asked).toHaveLength(1);
  });

  it('another tab, a stale answer, no answer or a failed ask: the worker is asked, and the early answer is dropped', async () => {
    const cases: [number, Promise<Reply<'detect'> | undefined>, number][] = [
      [6, Promise.resolve({ ok: true, value: found('early') }), 0], // another tab
      [5, Promise.resolve({ ok: true, value: found('early') }), 2_001], // asked too long before the store asks
      [5, Promise.resolve(undefined), 0], // nobody answered
      [5, Promise.reject(new Error('Could not establish connection')), 0],
    ];
    for (const [tabId, reply, now] of cases) {
      const { deps, asked } = fakeDeps(now);
      const send = withEarlyDetect(deps, early(tabId, reply)).send;
      expect(await send('detect', { tabId: 5 })).toEqual(found('fresh'));
      expect(await send('detect', { tabId: 6 })).toEqual(found('fresh'));
      expect(asked).toEqual(['detect {"tabId":5}', 'detect {"tabId":6}']);
    }
    const { deps, asked } = fakeDeps();
    expect(await withEarlyDetect(deps, Promise.resolve(null)).send('detect', { tabId: 5 })).toEqual(
      found('fresh'),
    );
    expect(asked).toHaveLength(1);
  });

  it("the worker's refusal of the early ask reaches the store as the same error a send would throw", async () => {
    const { deps, asked } = fakeDeps();
    const error = {
      code: 'FORBIDDEN',
      charged: 'no',
      action: 'none',
      message: { pt: 'não', en: 'no' },
    } as const;
    const send = withEarlyDetect(deps, early(5, Promise.resolve({ ok: false, error }))).send;
    const thrown = await send('detect', { tabId: 5 }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(MessageError);
    expect((thrown as MessageError).error).toEqual(error);
    expect(asked).toEqual([]);
  });

  it('any other question goes to the worker untouched, and leaves the early answer for the first detect', async () => {
    const { deps, asked } = fakeDeps();
    const send = withEarlyDetect(deps, early(5, Promise.resolve({ ok: true, value: found('early') }))).send;
    await send('credits.get', {});
    expect(asked).toEqual(['credits.get {}']);
    expect(await send('detect', { tabId: 5 })).toEqual(found('early'));
  });

  it("the content script's answer, checked, is the first detect's reply", async () => {
    const { deps, asked } = fakeDeps();
    const reply = { url: 'https://www.linkedin.com/in/ana', title: 'Ana', candidates: [ana] };
    const send = withEarlyDetect(deps, fromPage(5, reply)).send;
    expect(await send('detect', { tabId: 5 })).toEqual({ ok: true, ...reply });
    expect(asked).toEqual([]);
  });

  it('a page answer that does not read as one (a hostile or broken page) is asked of the worker instead', async () => {
    const bad: unknown[] = [
      'Ana',
      { url: 'x', title: 'y' },
      { url: 'x', title: 'y', candidates: [{ ...ana, confidence: 7 }] },
      { url: 'x'.repeat(5000), title: 'y', candidates: [] },
      { url: 'x', title: 'y', candidates: Array.from({ length: 51 }, () => ana) },
    ];
    for (const reply of bad) {
      const { deps, asked } = fakeDeps();
      expect(await withEarlyDetect(deps, fromPage(5, reply)).send('detect', { tabId: 5 })).toEqual(
        found('fresh'),
      );
      expect(asked).toEqual(['detect {"tabId":5}']);
    }
  });
});
