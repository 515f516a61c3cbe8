import '@/components/ui/styles.css';
import { askEarly } from '@/lib/panel/early';

/*
 * The side panel's entry: browser APIs only. It asks the panel's first question (who is on the page) at once, which
 * also wakes a sleeping worker, while React and the panel's code load in their own chunks (./mount.tsx).
 */

// `?tabId=N` pins the panel to one tab (tests open it as a page, where there is no "active tab" of its own).
const pinned = Number(new URLSearchParams(location.search).get('tabId'));
const pinnedTabId = Number.isInteger(pinned) && pinned > 0 ? pinned : undefined;
const early = askEarly(pinnedTabId);
void import('./mount').then(({ mount }) => mount(document.getElementById('root')!, { pinnedTabId, early }));
