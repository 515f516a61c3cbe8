/*
 * The popup's address. The worker sets it as the toolbar icon's popup with the last known balance in it
 * (`popup.html?saldo=120`), so the popup shows the balance from its own address, before any storage read (a read is
 * a round trip to the browser, 5–15 ms while a page opens). Only the extension sets its popup's address; the page
 * still reads the number as outside data, and React's view reads the balance again from storage, validated.
 */

/** The popup page the manifest declares for the toolbar icon. */
export const POPUP_PAGE = 'popup.html';

const PARAM = 'saldo';
/**
 * A balance as the address carries it: an integer or a decimal, at most 16 digits before the point (any safe
 * integer), so whatever matches reads as a finite number.
 */
const NUMBER = /^-?\d{1,16}(\.\d{1,6})?$/;

/** The popup's address, with `balance` when there is one to show. */
export function popupPage(balance: number | null): string {
  return balance === null || !Number.isFinite(balance) ? POPUP_PAGE : `${POPUP_PAGE}?${PARAM}=${balance}`;
}

/** The balance in the popup's address (`location.search`), or null when it carries none that reads. */
export function balanceIn(search: string): number | null {
  const raw = new URLSearchParams(search).get(PARAM);
  return raw !== null && NUMBER.test(raw) ? Number(raw) : null;
}
