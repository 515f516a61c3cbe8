import { browser, type Browser } from 'wxt/browser';
import { filesFor } from '@/lib/extract/sites';
import { popupPage } from '@/lib/popup-page';
import type { Settings } from '@/lib/storage';
import { notePageChanged } from './panel';

/**
 * What a click on the toolbar icon opens. Chrome shows the action's popup when it has one; without one, the click
 * reaches `onActionClicked`, which opens the side panel (Chrome's own openPanelOnActionClick would open it without
 * granting activeTab, so the page could not be read without a host permission). The popup's address carries the
 * last known `balance` (null: none to show), which it paints before anything else (lib/popup-page.ts).
 */
export async function applyActionClick(
  opens: Settings['actionOpens'],
  balance: number | null,
): Promise<void> {
  await browser.action.setPopup({ popup: opens === 'popup' ? popupPage(balance) : '' });
}

/**
 * Reads the tab the user just invoked the extension on (toolbar click, keyboard shortcut, context menu): the
 * gesture grants activeTab on that tab, so the reading script is injected with no permission prompt, and the panel
 * is told to look again. Pages no script may run on (the browser's own) are left alone. Never rejects.
 */
export async function readInvokedTab(tab: Browser.tabs.Tab | undefined): Promise<boolean> {
  const url = tab?.url ?? '';
  if (tab?.id === undefined || !/^https?:/.test(url)) return false;
  try {
    await browser.scripting.executeScript({ target: { tabId: tab.id }, files: filesFor(url) });
  } catch {
    return false;
  }
  await notePageChanged(tab.id, url).catch(() => undefined);
  return true;
}

/** A click on the toolbar icon when it has no popup: the side panel, opened inside the gesture, reads the tab. */
export function onActionClicked(tab: Browser.tabs.Tab): Promise<unknown> | undefined {
  if (tab.id === undefined) return undefined;
  const opened = browser.sidePanel.open({ tabId: tab.id });
  return Promise.all([opened, readInvokedTab(tab)]);
}
