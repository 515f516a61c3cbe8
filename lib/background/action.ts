import { browser } from 'wxt/browser';
import type { Settings } from '@/lib/storage';

/** The popup page the manifest declares for the toolbar icon. */
export const POPUP_PAGE = 'popup.html';

/**
 * What a click on the toolbar icon opens. Chrome shows the action's popup when it has one; without one, the side
 * panel opens (the worker sets openPanelOnActionClick at start).
 */
export async function applyActionClick(opens: Settings['actionOpens']): Promise<void> {
  await browser.action.setPopup({ popup: opens === 'popup' ? POPUP_PAGE : '' });
}
