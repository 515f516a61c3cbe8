import React from 'react';
import ReactDOM from 'react-dom/client';
import { PanelContext } from '@/components/panel/context';
import type { EarlyDetect } from '@/lib/panel/early';
import { withEarlyDetect } from '@/lib/panel/early-reply';
import { browserDeps, followPending, followShown, followTabs, runningJob } from '@/lib/panel/follow';
import { createPanelStore } from '@/lib/panel/store';
import { App } from '@/components/panel/App';

/** The panel itself, loaded by the entry (./main.ts) right after it asked who is on the page. */
export function mount(
  root: HTMLElement,
  { pinnedTabId, early }: { pinnedTabId?: number; early: Promise<EarlyDetect | null> },
): void {
  const deps = withEarlyDetect(browserDeps, early);
  const store = createPanelStore(deps);
  const panel = () => store.getState();

  followTabs(panel, { pinnedTabId });
  followPending(panel);
  followShown(store, deps);
  void runningJob().then((job) => job && panel().resume(job));

  ReactDOM.createRoot(root).render(
    <React.StrictMode>
      <PanelContext.Provider value={store}>
        <App />
      </PanelContext.Provider>
    </React.StrictMode>,
  );
}
