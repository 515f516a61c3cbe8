import '@/components/ui/styles.css';
import { askEarly } from '@/lib/panel/early';

/*
 * The side panel's entry: browser APIs only. It asks the panel's first question (who is on the page) at once, which
 * also wakes a sleeping worker, while React and the panel's code load in their own chunks (./mount.tsx).
 */

// `?tabId=N` pins the panel to one tab (tests open it as a page, where there is no "active tab" of its own);
// with `&follow=active` it starts there and follows each tab switch, as the side panel does.
const params = new URLSearchParams(location.search);
const given = Number(params.get('tabId'));
const tabId = Number.isInteger(given) && given > 0 ? given : undefined;
const tabs = params.get('follow') === 'active' ? { startTabId: tabId } : { pinnedTabId: tabId };
const early = askEarly(tabId);
void import('./mount').then(({ mount }) => mount(document.getElementById('root')!, { tabs, early }));
