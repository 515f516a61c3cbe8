import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { credits, defaultSettings, keepInMemory, settings } from '@/lib/storage';
import { LOCAL_KEYS } from '@/lib/storage/keys';
import { emptyCredits } from '@/lib/model';

/* The worker's memory of the items a charging request reads (`remember` in lib/storage/define.ts). */

/** The keys this context asked storage.local for, one entry per key per read. */
function readsOf(): string[][] {
  return vi
    .mocked(fakeBrowser.storage.local.get)
    .mock.calls.map(([keys]) =>
      typeof keys === 'string' ? [keys] : Array.isArray(keys) ? keys : Object.keys(keys ?? {}),
    );
}
const reads = (key: string) => readsOf().filter((keys) => keys.includes(key)).length;

/** What another context (the options page) writes: storage changes, this context hears of it by the change event. */
const elsewhere = (values: Record<string, unknown>) => fakeBrowser.storage.local.set(values);

beforeEach(() => {
  fakeBrowser.reset();
  vi.spyOn(fakeBrowser.storage.local, 'get');
});
afterEach(() => vi.restoreAllMocks());

describe('items kept in memory', () => {
  it('a cold context reads storage once; the next reads are served from memory', async () => {
    await elsewhere({ [LOCAL_KEYS.settings]: { ...defaultSettings, reuseDays: 7 } });
    keepInMemory();
    expect((await settings.get()).reuseDays).toBe(7);
    expect((await settings.get()).reuseDays).toBe(7);
    await Promise.all([settings.get(), settings.get()]);
    expect(reads(LOCAL_KEYS.settings)).toBe(1);
  });

  it('a change written by another context is seen by the next read', async () => {
    keepInMemory();
    expect((await settings.get()).reuseDays).toBe(defaultSettings.reuseDays);
    await elsewhere({ [LOCAL_KEYS.settings]: { ...defaultSettings, reuseDays: 0 } });
    expect((await settings.get()).reuseDays).toBe(0);
    // A removal too: the default again.
    await fakeBrowser.storage.local.remove(LOCAL_KEYS.settings);
    expect(await settings.get()).toEqual(defaultSettings);
  });

  it("this context's own write is the value at once, without waiting for storage", async () => {
    keepInMemory();
    await credits.get();
    // From here storage never answers a read: what is served comes from the writes themselves.
    vi.mocked(fakeBrowser.storage.local.get).mockImplementation(() => new Promise(() => undefined));
    await credits.set({ ...emptyCredits, balance: 42, updatedAt: 1 });
    expect((await credits.get()).balance).toBe(42);
    await credits.remove();
    expect(await credits.get()).toEqual(emptyCredits);
  });

  it('the late change event of an older write does not bring its value back', async () => {
    keepInMemory();
    const older = { ...emptyCredits, balance: 10, updatedAt: 1 };
    const newer = { ...emptyCredits, balance: 9, updatedAt: 2 };
    await credits.set(older);
    await credits.set(newer);
    // Chrome delivers change events after the writes have resolved: the older write's event comes now.
    await fakeBrowser.storage.onChanged.trigger(
      { [LOCAL_KEYS.credits]: { newValue: older, oldValue: emptyCredits } },
      'local',
    );
    expect(await credits.get()).toEqual(newer);
  });

  it('a failed read is not kept: the next read asks storage again', async () => {
    keepInMemory();
    vi.mocked(fakeBrowser.storage.local.get).mockRejectedValueOnce(new Error('storage unavailable'));
    await expect(settings.get()).rejects.toThrow('storage unavailable');
    expect(await settings.get()).toEqual(defaultSettings);
  });

  it('without its change listener (never asked, or removed) every read goes to storage', async () => {
    await settings.get();
    await settings.get();
    expect(reads(LOCAL_KEYS.settings)).toBe(2);
    keepInMemory();
    await settings.get();
    // The listener gone, nothing would keep the memory current: it is not used.
    fakeBrowser.storage.onChanged.removeAllListeners();
    await elsewhere({ [LOCAL_KEYS.settings]: { ...defaultSettings, reuseDays: 3 } });
    expect((await settings.get()).reuseDays).toBe(3);
  });

  it('called again (a new worker), it forgets what it held and reads storage', async () => {
    keepInMemory();
    await settings.get();
    // Storage changed with no event reaching this memory, as while no worker ran.
    fakeBrowser.storage.onChanged.removeAllListeners();
    await elsewhere({ [LOCAL_KEYS.settings]: { ...defaultSettings, reuseDays: 5 } });
    keepInMemory();
    expect((await settings.get()).reuseDays).toBe(5);
  });

  it('property: after any mix of own writes, foreign writes of any data and late events, a read equals storage', async () => {
    const settingsLike = fc.oneof(
      fc.constant(undefined),
      fc.jsonValue(),
      fc.record(
        { reuseDays: fc.oneof(fc.integer({ min: -5, max: 400 }), fc.string()), environment: fc.string() },
        { requiredKeys: [] },
      ),
    );
    const op = fc.oneof(
      fc.record({ kind: fc.constant('own' as const), reuseDays: fc.integer({ min: 0, max: 365 }) }),
      fc.record({ kind: fc.constant('foreign' as const), raw: settingsLike }),
      fc.record({ kind: fc.constant('echo' as const), raw: settingsLike }),
      fc.record({ kind: fc.constant('remove' as const) }),
      fc.record({ kind: fc.constant('read' as const) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
        fakeBrowser.reset();
        keepInMemory();
        for (const o of ops) {
          if (o.kind === 'own') await settings.update((s) => ({ ...s, reuseDays: o.reuseDays }));
          else if (o.kind === 'foreign')
            await (o.raw === undefined
              ? fakeBrowser.storage.local.remove(LOCAL_KEYS.settings)
              : elsewhere({ [LOCAL_KEYS.settings]: o.raw }));
          // A change event arriving late, for a value storage no longer holds.
          else if (o.kind === 'echo')
            await fakeBrowser.storage.onChanged.trigger(
              { [LOCAL_KEYS.settings]: { newValue: o.raw, oldValue: null } },
              'local',
            );
          else if (o.kind === 'remove') await settings.remove();
          else await settings.get();
        }
        const stored = (await fakeBrowser.storage.local.get(LOCAL_KEYS.settings))[LOCAL_KEYS.settings];
        expect(await settings.get()).toEqual(settings.parse(stored ?? defaultSettings));
      }),
      { numRuns: 150 },
    );
  });
});
