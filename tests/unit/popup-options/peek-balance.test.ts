import { fakeBrowser } from 'wxt/testing/fake-browser';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_KEYS, peekBalance } from '@/lib/storage/keys';

describe("the popup's first paint reads the cached balance", () => {
  beforeEach(() => fakeBrowser.reset());

  it('only with a key saved and a number stored; anything else paints nothing', async () => {
    const store = (credits: unknown, keyStatus: unknown) =>
      fakeBrowser.storage.local.set({ [LOCAL_KEYS.credits]: credits, [LOCAL_KEYS.keyStatus]: keyStatus });
    await store({ balance: 42 }, { present: true });
    expect(await peekBalance()).toBe(42);
    await store({ balance: 42 }, { present: false });
    expect(await peekBalance()).toBeNull();
    for (const balance of ['42', null, Number.NaN, undefined]) {
      await store({ balance }, { present: true });
      expect(await peekBalance()).toBeNull();
    }
    await fakeBrowser.storage.local.clear();
    expect(await peekBalance()).toBeNull();
  });
});
