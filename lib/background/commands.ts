import type { Browser } from 'wxt/browser';
import { readInvokedTab } from './action';
import { offerSelection, readSelection } from './panel';

/** Declared in the manifest (`commands`), Alt+Shift+P by default. */
export const ANALYZE_COMMAND = 'analyze-selection';

export function onCommand(command: string, tab: Browser.tabs.Tab | undefined): Promise<void> | undefined {
  const tabId = tab?.id;
  if (command !== ANALYZE_COMMAND || tabId === undefined) return undefined;
  // the shortcut grants activeTab: the page is read too, so the panel lists its people as well
  return Promise.all([offerSelection(tabId, () => readSelection(tabId)), readInvokedTab(tab)]).then(() => {});
}
