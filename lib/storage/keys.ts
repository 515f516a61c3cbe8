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
  /** Version 1 of the batch jobs (every job in one record): converted to the heads and chunks at the worker's start. */
  batchJobs: 'batchJobs',
  batchHeads: 'batchHeads',
  /** What the charging requests in flight and lost may cost, and the balance they are measured from (lib/background/spend.ts). */
  spendWatch: 'spendWatch',
  ownDomains: 'ownDomains',
  meetingBriefs: 'meetingBriefs',
  /** What the seller's corrections taught about sites (lib/storage/recipes.ts). */
  recipes: 'recipes',
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
 * The balance the popup shows first, from the stored credits and key status (as stored, or read through ./local.ts):
 * the last known one when a key is saved. The worker puts it in the popup's address (lib/popup-page.ts).
 */
export function shownBalance(credits: unknown, keyStatus: unknown): number | null {
  const balance = (credits as { balance?: unknown } | undefined)?.balance;
  const present = (keyStatus as { present?: unknown } | undefined)?.present === true;
  return present && typeof balance === 'number' && Number.isFinite(balance) ? balance : null;
}

/**
 * The popup's first paint when its address carries no balance: read straight from storage without the item
 * definitions (and their schemas). React's view reads it again, validated, through ./local.ts.
 */
export async function peekBalance(): Promise<number | null> {
  const stored = await browser.storage.local.get([LOCAL_KEYS.credits, LOCAL_KEYS.keyStatus]);
  return shownBalance(stored[LOCAL_KEYS.credits], stored[LOCAL_KEYS.keyStatus]);
}
