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
