import { browser, type Browser } from 'wxt/browser';
import { readInvokedTab } from './action';
import { offerSelection } from './panel';

export const MENU_ID = 'analyze-selection';

/** Menus outlive the worker; they are (re)made when the extension is installed or updated. */
export async function createContextMenu(): Promise<void> {
  await browser.contextMenus.removeAll();
  browser.contextMenus.create({ id: MENU_ID, title: "Analisar '%s'", contexts: ['selection'] });
}

export function onContextMenuClick(
  info: Browser.contextMenus.OnClickData,
  tab: Browser.tabs.Tab | undefined,
): Promise<void> | undefined {
  if (info.menuItemId !== MENU_ID || tab?.id === undefined) return undefined;
  // the menu grants activeTab: the page is read too, so the panel lists its people as well
  return Promise.all([offerSelection(tab.id, () => info.selectionText ?? ''), readInvokedTab(tab)]).then(
    () => {},
  );
}
