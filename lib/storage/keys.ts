import { browser } from 'wxt/browser';

/*
 * The raw names of the stored items, for the few readers that must not load the item definitions (the popup's
 * first paint) and for storage.onChanged. The items themselves: ./local.ts and ./session.ts.
 */
export const LOCAL_KEYS = {
  settings: 'settings',
  apiKey: 'apiKey',
  keyStatus: 'keyStatus',
  credits: 'credits',
  onboardingDone: 'onboardingDone',
  batchJobs: 'batchJobs',
} as const;

export const SESSION_KEYS = {
  lookupJobs: 'lookupJobs',
  unsavedEntries: 'unsavedEntries',
  pendingPerson: 'pendingPerson',
  pageChanged: 'pageChanged',
  creditsCheckedAt: 'creditsCheckedAt',
  shownEntry: 'shownEntry',
} as const;

/**
 * The balance the popup shows first: the last known one when a key is saved, read straight from storage without the
 * item definitions (and their schemas). The worker puts it in the popup's address (lib/popup-page.ts); the popup
 * reads it here when its address has none. React's view reads it again, validated, through ./local.ts.
 */
export async function peekBalance(): Promise<number | null> {
  const stored = await browser.storage.local.get([LOCAL_KEYS.credits, LOCAL_KEYS.keyStatus]);
  const balance = (stored[LOCAL_KEYS.credits] as { balance?: unknown } | undefined)?.balance;
  const present = (stored[LOCAL_KEYS.keyStatus] as { present?: unknown } | undefined)?.present === true;
  return present && typeof balance === 'number' && Number.isFinite(balance) ? balance : null;
}
