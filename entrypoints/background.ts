import { browser } from 'wxt/browser';
import { onActionClicked } from '@/lib/background/action';
import { onCommand } from '@/lib/background/commands';
import { onContextMenuClick } from '@/lib/background/context-menu';
import { createEngine } from '@/lib/background/engine';
import { answerExport, type WorkerMessage } from '@/lib/background/export';
import { notePageChanged } from '@/lib/background/panel';
import { createRouter } from '@/lib/background/router';

/** The performance mark of a lookup message's arrival. */
const LOOKUP_ARRIVED = 'perfil:lookup-arrived';

/** How long after the start-up the worker tidies (its first messages are answered meanwhile). */
const TIDY_AFTER_MS = 1_000;

type WorkerScope = {
  addEventListener(
    type: 'message',
    listener: (event: WorkerMessage & { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
};

const logError = (what: string) => (e: unknown) => console.error(what, e instanceof Error ? e.message : e);

export default defineBackground(() => {
  // Time since the worker started (its time origin): this mark is after the code is evaluated, the next one once
  // messages may be handled, the last once the rest of the start-up is done. The bench reads them.
  performance.mark('perfil:worker-main');
  const engine = createEngine();
  const ready = engine.init().finally(() => performance.mark('perfil:worker-ready'));
  // The tidying (history retention, badge, icon, alarm) waits until the wake's own work is done: run beside it, it
  // slowed the answer to whatever woke the worker (often a side panel opening).
  void ready
    .then(() => new Promise((r) => setTimeout(r, TIDY_AFTER_MS)))
    .then(() => engine.tidy())
    .finally(() => performance.mark('perfil:worker-settled'));
  const route = createRouter({
    handlers: engine.handlers,
    ours: { id: browser.runtime.id, origin: browser.runtime.getURL('/') },
    ready,
    onPageChanged: notePageChanged,
  });

  // Every listener is registered synchronously, so an event that woke the worker is not missed.
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    // When the last lookup arrived, on the worker's clock (one mark, replaced): the bench compares it with when the
    // charging request left.
    if ((message as { type?: unknown } | null)?.type === 'lookup') {
      performance.clearMarks(LOOKUP_ARRIVED);
      performance.mark(LOOKUP_ARRIVED);
    }
    void route(message, sender).then(sendResponse);
    return true;
  });
  browser.runtime.onConnect.addListener((port) => engine.draft.connect(port));
  // The worker's own channel (same-origin, the sender's origin checked): the history export, handed over as a file.
  (self as unknown as WorkerScope).addEventListener('message', (event) => {
    event.waitUntil(ready.then(() => answerExport(engine.history, event, browser.runtime.getURL('/'))));
  });
  browser.runtime.onInstalled.addListener((details) => {
    void ready.then(() => engine.onInstalled(details)).catch(logError('install'));
  });
  // The side panel opens inside these three handlers, before anything is awaited (it needs the user gesture);
  // the gesture also grants activeTab, so the page is read with no permission prompt.
  browser.action.onClicked.addListener((tab) => {
    onActionClicked(tab)?.catch(logError('action'));
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    onContextMenuClick(info, tab)?.catch(logError('context menu'));
  });
  browser.commands.onCommand.addListener((command, tab) => {
    onCommand(command, tab)?.catch(logError('command'));
  });
  browser.alarms.onAlarm.addListener((alarm) => {
    void ready.then(() => engine.onAlarm(alarm)).catch(logError('alarm'));
  });
  browser.storage.onChanged.addListener((changes, area) => {
    void ready.then(() => engine.onStorageChanged(changes, area)).catch(logError('storage'));
  });
  // Without a popup, the click reaches action.onClicked (which grants activeTab) rather than Chrome's own opening.
  browser.sidePanel.setPanelBehavior({ openPanelOnActionClick: false }).catch(logError('side panel'));
});
