import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { settings } from '@/lib/storage';
import { engineWith, setupEngineTests } from './setup';

setupEngineTests();

describe('what a click on the toolbar icon opens', () => {
  it('the popup by default; the side panel when the user chooses it, and back', async () => {
    const popups: (string | null)[] = [];
    // Record what the background asks of Chrome.
    vi.spyOn(fakeBrowser.action, 'setPopup').mockImplementation(async ({ popup }) => {
      popups.push(popup);
    });
    const e = engineWith();
    await e.settled;
    expect(popups).toEqual(['popup.html']);

    await settings.update((s) => ({ ...s, actionOpens: 'sidepanel' }));
    await vi.waitFor(() => expect(popups.at(-1)).toBe(''));
    await settings.update((s) => ({ ...s, actionOpens: 'popup' }));
    await vi.waitFor(() => expect(popups.at(-1)).toBe('popup.html'));
  });
});
