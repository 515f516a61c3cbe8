import { browser } from 'wxt/browser';
import { parseSelection } from '@/lib/extract/selection';
import { pageChanged, pendingPerson } from '@/lib/storage/session';

/** Longest selection kept: a person's line, not an article. */
const MAX_SELECTION = 500;

/**
 * Opens the side panel on `tabId` and hands it the selected person. Chrome only opens the panel inside a user
 * gesture, so the panel is opened before anything is awaited; the text comes after (the command reads it from
 * the page).
 */
export async function offerSelection(tabId: number, readText: () => string | Promise<string>): Promise<void> {
  const opened = browser.sidePanel.open({ tabId });
  const text = (await readText()).trim().slice(0, MAX_SELECTION);
  await pendingPerson.set({ tabId, text, candidate: text ? parseSelection(text) : null, at: Date.now() });
  await opened;
}

/** The text selected in the tab's main frame (the keyboard command grants activeTab for it). */
export async function readSelection(tabId: number): Promise<string> {
  const [frame] = await browser.scripting.executeScript({
    target: { tabId },
    func: () => getSelection()?.toString() ?? '',
  });
  return typeof frame?.result === 'string' ? frame.result : '';
}

/** A content script saw a single-page navigation: the panel watches this item and re-detects. */
export function notePageChanged(tabId: number, url: string): Promise<void> {
  return pageChanged.set({ tabId, url, at: Date.now() });
}

/**
 * open.panel: the given tab, or the active tab of the focused window. From the popup, the toolbar click has just
 * granted activeTab on that tab: an open panel is told to look at the page again, now that it may read it.
 */
export async function openPanel(tabId: number | undefined): Promise<void> {
  if (tabId !== undefined) return browser.sidePanel.open({ tabId });
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  if (tab?.id === undefined) throw new Error('No active tab');
  await browser.sidePanel.open({ tabId: tab.id });
  if (tab.url) await notePageChanged(tab.id, tab.url).catch(() => undefined);
}
