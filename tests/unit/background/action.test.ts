import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { credits, settings } from '@/lib/storage';
import { engineWith, setupEngineTests } from './setup';

const { account } = setupEngineTests();

/** What the background asks of Chrome for the icon's popup, in order, from a started engine. */
async function popupsOfEngine() {
  const popups: (string | null)[] = [];
  vi.spyOn(fakeBrowser.action, 'setPopup').mockImplementation(async ({ popup }) => {
    popups.push(popup);
  });
  const e = engineWith();
  await e.settled;
  return { e, popups };
}

describe('what a click on the toolbar icon opens', () => {
  it('the popup by default; the side panel when the user chooses it, and back', async () => {
    const { popups } = await popupsOfEngine();
    expect(popups).toEqual(['popup.html']);

    await settings.update((s) => ({ ...s, actionOpens: 'sidepanel' }));
    await vi.waitFor(() => expect(popups.at(-1)).toBe(''), 10_000);
    await settings.update((s) => ({ ...s, actionOpens: 'popup' }));
    await vi.waitFor(() => expect(popups.at(-1)).toBe('popup.html'), 10_000);
  });
});

describe("the popup's address carries the balance it shows first", () => {
  it('once a key is saved and the balance learned; it follows the balance, and goes with the key', async () => {
    const { e, popups } = await popupsOfEngine();
    expect(popups.at(-1)).toBe('popup.html');

    await e.send('key.set', { key: await account({ tier: 'complete', credits: 120 }) });
    await e.send('credits.get', { refresh: true });
    await vi.waitFor(() => expect(popups.at(-1)).toBe('popup.html?saldo=120'), 10_000);
    // Whoever changes the stored balance, the address follows.
    await credits.update((c) => ({ ...c, balance: 95 }));
    await vi.waitFor(() => expect(popups.at(-1)).toBe('popup.html?saldo=95'), 10_000);
    // The side panel chosen: no popup at all; the popup again: with the balance.
    await settings.update((s) => ({ ...s, actionOpens: 'sidepanel' }));
    await vi.waitFor(() => expect(popups.at(-1)).toBe(''), 10_000);
    await settings.update((s) => ({ ...s, actionOpens: 'popup' }));
    await vi.waitFor(() => expect(popups.at(-1)).toBe('popup.html?saldo=95'), 10_000);
    // Without a key there is no balance to show.
    await e.send('key.remove', {});
    await vi.waitFor(() => expect(popups.at(-1)).toBe('popup.html'), 10_000);
  });

  it('a worker that wakes with a key and a balance stored sets the address at its start-up', async () => {
    const first = await popupsOfEngine();
    await first.e.send('key.set', { key: await account({ tier: 'complete', credits: 40 }) });
    await first.e.send('credits.get', { refresh: true });
    await vi.waitFor(() => expect(first.popups.at(-1)).toBe('popup.html?saldo=40'), 10_000);

    const woken = await popupsOfEngine();
    expect(woken.popups).toEqual(['popup.html?saldo=40']);
  });
});
