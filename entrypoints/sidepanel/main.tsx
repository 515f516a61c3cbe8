import React from 'react';
import ReactDOM from 'react-dom/client';
import '@/components/ui/styles.css';
import { PanelContext } from '@/components/panel/context';
import { followPending, followShown, followTabs, runningJob } from '@/lib/panel/follow';
import { createPanelStore, type PanelDeps } from '@/lib/panel/store';
import { browserWorker } from '@/lib/panel/worker';
import { App } from '@/components/panel/App';

const deps: PanelDeps = { ...browserWorker, now: Date.now };
const store = createPanelStore(deps);
const panel = () => store.getState();

// `?tabId=N` pins the panel to one tab (tests open it as a page, where there is no "active tab" of its own);
// with `&follow=active` it starts there and follows each tab switch, as the side panel does.
const params = new URLSearchParams(location.search);
const given = Number(params.get('tabId'));
const tabId = Number.isInteger(given) && given > 0 ? given : undefined;
followTabs(panel, params.get('follow') === 'active' ? { startTabId: tabId } : { pinnedTabId: tabId });
followPending(panel);
followShown(store, deps);
void runningJob().then((job) => job && panel().resume(job));

ReactDOM.createRoot(document.getElementById('root')!).render(
  <React.StrictMode>
    <PanelContext.Provider value={store}>
      <App />
    </PanelContext.Provider>
  </React.StrictMode>,
);
