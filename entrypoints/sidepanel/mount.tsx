import React from 'react';
import ReactDOM from 'react-dom/client';
import { flushSync } from 'react-dom';
import { PanelContext } from '@/components/panel/context';
import type { EarlyDetect } from '@/lib/panel/early';
import { withEarlyDetect } from '@/lib/panel/early-reply';
import { followPending, followShown, followTabs, runningJob } from '@/lib/panel/follow';
import { createPanelStore } from '@/lib/panel/store';
import { browserWorker } from '@/lib/panel/worker';
import { App } from '@/components/panel/App';

/** The panel itself, loaded by the entry (./main.ts) right after it asked who is on the page. */
export function mount(
  root: HTMLElement,
  { tabs, early }: { tabs: Parameters<typeof followTabs>[1]; early: Promise<EarlyDetect | null> },
): void {
  const deps = withEarlyDetect({ ...browserWorker, now: Date.now }, early);
  const store = createPanelStore(deps);
  const panel = () => store.getState();

  // Unpinned, the panel starts on the tab its entry found active.
  followTabs(panel, { ...tabs, activeTabId: early.then((e) => e?.tabId) });
  followPending(panel);
  followShown(store, deps);
  void runningJob().then((job) => job && panel().resume(job));

  // The first render in this task, not in a task React schedules behind whatever else is queued (the early answer,
  // storage replies): the panel is on screen 2–4 ms sooner.
  const reactRoot = ReactDOM.createRoot(root);
  flushSync(() =>
    reactRoot.render(
      <React.StrictMode>
        <PanelContext.Provider value={store}>
          <App />
        </PanelContext.Provider>
      </React.StrictMode>,
    ),
  );
}
