import { browser, type Browser } from 'wxt/browser';
import type { PanelActions, PanelDeps, PanelState, PanelStore } from './store';
import type { LookupJob } from '@/lib/model';
import { session } from '@/lib/storage/later';
import type { PendingPerson } from '@/lib/storage/session';

const { lookupJobs, pageChanged, pendingPerson, shownEntry } = session;

type Panel = Pick<PanelState, 'tabId'> & Pick<PanelActions, 'follow' | 'leave' | 'detect' | 'takePending'>;

/** A full load or an in-app navigation settles within this; detection waits for it, or for the page's notice. */
const SETTLE_MS = 700;
/** A person handed over by the context menu is taken when the panel opens this soon after. */
const PENDING_FRESH_MS = 30_000;

/**
 * Keeps the panel on the active tab of its window (or on `pinnedTabId`): a tab switch, a navigation (Chrome's
 * tab events) and an in-app navigation (the content script's notice, relayed by the background) each make it
 * detect again. Returns the unsubscribe.
 *
 * `startTabId` is for the panel opened as a page in a tab of its own (tests, where there is no side panel): it
 * starts on that tab and then follows each tab switch, in any window, except to its own tab.
 *
 * `activeTabId` is the active tab the panel's entry already found (./early.ts asks for it before anything loads):
 * the panel starts on it at once instead of after asking the browser twice more (its window, then its active tab),
 * two round trips while the page opens; the answer to those still moves it if the seller switched tabs meanwhile.
 */
export function followTabs(
  panel: () => Panel,
  {
    pinnedTabId,
    startTabId,
    activeTabId,
  }: { pinnedTabId?: number; startTabId?: number; activeTabId?: Promise<number | undefined> } = {},
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let windowId: number | undefined;
  let ownTabId: number | undefined;
  const isOurs = (tabId: number) => tabId === panel().tabId;
  const detectIn = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void panel().detect(), ms);
  };

  /** A tab switch that came before the panel knew its window: applied once it does. */
  let switchedBefore: Browser.tabs.OnActivatedInfo | undefined;
  const onActivated = (info: Browser.tabs.OnActivatedInfo) => {
    if (startTabId === undefined && windowId === undefined) {
      switchedBefore = info;
      return;
    }
    if (isOurs(info.tabId) || info.tabId === ownTabId) return;
    if (startTabId !== undefined || info.windowId === windowId) panel().follow(info.tabId);
  };
  const onUpdated = (tabId: number, change: Browser.tabs.OnUpdatedInfo) => {
    if (!isOurs(tabId)) return;
    if (change.url !== undefined || change.status === 'loading') {
      panel().leave(tabId);
      detectIn(SETTLE_MS);
    } else if (change.status === 'complete') detectIn(0);
  };
  const onPageNotice = (p: { tabId: number } | null) => {
    if (p && isOurs(p.tabId)) detectIn(0);
  };
  const since = Date.now();
  const unwatchPage = pageChanged.watch(onPageNotice);
  // The watch starts once the storage chunk is in: a notice written before that (a LinkedIn profile's fuller reading
  // right after its quick answer) is read back, when it came since the panel began following.
  void pageChanged
    .get()
    .then((p) => p && p.at >= since && onPageNotice(p))
    .catch(() => undefined);

  browser.tabs.onUpdated.addListener(onUpdated);
  if (pinnedTabId === undefined) browser.tabs.onActivated.addListener(onActivated);

  const followActive = async () => {
    const own = browser.windows.getCurrent();
    const known = await activeTabId?.catch(() => undefined);
    if (known !== undefined) panel().follow(known);
    windowId = (await own).id;
    // Asked again all the same: the tab may have changed between the entry's question and these listeners.
    const [tab] = await browser.tabs.query({ active: true, windowId });
    if (tab?.id !== undefined && !switchedBefore && !isOurs(tab.id)) panel().follow(tab.id);
    if (switchedBefore) onActivated(switchedBefore);
  };
  if (pinnedTabId !== undefined) panel().follow(pinnedTabId);
  else if (startTabId !== undefined) {
    panel().follow(startTabId);
    void browser.tabs.getCurrent().then((own) => (ownTabId = own?.id));
  } else void followActive();

  return () => {
    clearTimeout(timer);
    unwatchPage();
    browser.tabs.onUpdated.removeListener(onUpdated);
    browser.tabs.onActivated.removeListener(onActivated);
  };
}

/** Takes the person the context menu hands over: one just left when the panel opened, and each new one. */
export function followPending(panel: () => Panel, now = Date.now): () => void {
  let last = now() - PENDING_FRESH_MS;
  const take = (p: PendingPerson | null) => {
    if (!p || p.at <= last) return;
    last = p.at;
    panel().takePending(p);
  };
  void pendingPerson.get().then(take);
  return pendingPerson.watch(take);
}

/** An analysis shown this long ago is no longer the seller's current business when the panel opens again. */
const SHOWN_FRESH_MS = 4 * 60 * 60 * 1000;

/**
 * The seller's person follows them across panels: each analysis shown is remembered for the browser session, and a
 * panel opened again brings the last one back (with its drafts, from history: nothing is written or paid again),
 * unless the page it opens on shows someone else. Returns the unsubscribe.
 */
export function followShown(store: PanelStore, deps: Pick<PanelDeps, 'send' | 'now'>): () => void {
  void shownEntry.get().then(async (shown) => {
    if (!shown || deps.now() - shown.at > SHOWN_FRESH_MS) return;
    const entry = await deps.send('history.get', { id: shown.id }).catch(() => null);
    if (entry) store.getState().carry(entry);
  });
  return store.subscribe((state, before) => {
    if (state.screen === before.screen || state.screen.kind !== 'result') return;
    const shown = { id: state.screen.entry.id, at: deps.now() };
    // written after the result's first paint: nothing the paint needs waits for the storage write
    setTimeout(() => void shownEntry.set(shown), 0);
  });
}

/** The newest lookup still running, so a panel opened mid-lookup shows it. */
export async function runningJob(): Promise<LookupJob | null> {
  const jobs = Object.values(await lookupJobs.get()).filter((j) => j.status === 'running');
  return jobs.sort((a, b) => b.startedAt - a.startedAt)[0] ?? null;
}
