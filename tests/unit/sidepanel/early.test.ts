import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MessageError, type Responses } from '@/lib/messaging';
import { askEarly, type EarlyDetect } from '@/lib/panel/early';
import { withEarlyDetect } from '@/lib/panel/early-reply';
import type { PanelDeps } from '@/lib/panel/store';

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

const early = (tabId: number, reply: EarlyDetect['reply'], at = 0): Promise<EarlyDetect | null> =>
  Promise.resolve({ tabId, at, reply });

beforeEach(() => {
  vi.restoreAllMocks();
  fakeBrowser.reset();
});

describe('askEarly', () => {
  it('asks the worker who is on the pinned tab, at once', async () => {
    const sent = vi
      .spyOn(fakeBrowser.runtime, 'sendMessage')
      .mockResolvedValue({ ok: true, value: found('a') });
    const asked = await askEarly(7, () => 1234);
    expect(sent).toHaveBeenCalledWith({ type: 'detect', data: { tabId: 7 } });
    expect(asked).toMatchObject({ tabId: 7, at: 1234 });
    expect(await asked!.reply).toEqual({ ok: true, value: found('a') });
  });

  it('without a pin asks about the active tab of the window, and asks nothing when there is none', async () => {
    const sent = vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValue(undefined);
    const query = vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValueOnce([{ id: 12 } as never]);
    expect(await askEarly(undefined)).toMatchObject({ tabId: 12 });
    expect(query).toHaveBeenCalledWith({ active: true, currentWindow: true });
    expect(sent).toHaveBeenCalledWith({ type: 'detect', data: { tabId: 12 } });

    query.mockResolvedValueOnce([]);
    expect(await askEarly(undefined)).toBeNull();
    expect(sent).toHaveBeenCalledTimes(1);
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
    const cases: [number, EarlyDetect['reply'], number][] = [
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
});
