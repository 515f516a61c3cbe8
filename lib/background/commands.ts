import type { Browser } from 'wxt/browser';
import { offerSelection, readSelection } from './panel';

/** Declared in the manifest (`commands`), Alt+Shift+P by default. */
export const ANALYZE_COMMAND = 'analyze-selection';

export function onCommand(command: string, tab: Browser.tabs.Tab | undefined): Promise<void> | undefined {
  const tabId = tab?.id;
  if (command !== ANALYZE_COMMAND || tabId === undefined) return undefined;
  return offerSelection(tabId, () => readSelection(tabId));
}
