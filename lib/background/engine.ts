import { browser, type Browser } from 'wxt/browser';
import { createHistory, type History } from '@/lib/history';
import { credits, settings } from '@/lib/storage';
import { LOCAL_KEYS } from '@/lib/storage/keys';
import { createClientFactory, type ClientFactory } from './api';
import { createBatchService } from './batch';
import { applyActionClick } from './action';
import { showBadge } from './badge';
import { createContextMenu } from './context-menu';
import { createCreditsService } from './credits';
import { detect } from './detect';
import { composeInsert, composeRead } from './compose';
import { createDraftService } from './draft';
import { infoHandlers } from './info';
import { createJobStore } from './jobs';
import { createKeepAlive, type KeepAlive } from './keep-alive';
import { createKeyService } from './key';
import { createLookupService } from './lookup';
import { openPanel } from './panel';
import type { Handlers } from './router';

export const PRUNE_ALARM = 'history-prune';

export interface EngineOptions {
  client?: ClientFactory;
  history?: History;
  keepAlive?: KeepAlive;
  now?: () => number;
}

/** The background's services and its handler map, wired once; the entrypoint only registers listeners. */
export function createEngine(options: EngineOptions = {}) {
  const now = options.now ?? Date.now;
  const client = options.client ?? createClientFactory();
  const history =
    options.history ??
    createHistory({ retentionDays: async () => (await settings.get()).historyRetentionDays, now });
  const creditsService = createCreditsService({ client, now });
  const jobs = createJobStore({ now });
  const keepAlive = options.keepAlive ?? createKeepAlive();
  const lookup = createLookupService({
    client,
    history,
    credits: creditsService,
    jobs,
    keepAlive,
    now,
  });
  const draft = createDraftService({ client, history, keepAlive });
  const batch = createBatchService({
    client,
    history,
    credits: creditsService,
    keepAlive,
    now,
  });
  const keys = createKeyService({ credits: creditsService });
  const info = async () => ({ client: await client({ keyOptional: true }) });

  const handlers: Handlers = {
    quote: (req) => lookup.quote(req),
    lookup: (req) => lookup.start(req),
    'job.get': ({ id }) => jobs.get(id),
    'history.list': (q) => history.list(q),
    'history.get': ({ id }) => lookup.entry(id),
    'history.delete': async ({ id }) => (await lookup.forget(id), { ok: true }),
    'history.clear': async () => (await lookup.forget(), { ok: true }),
    'credits.get': (q) => creditsService.get(q),
    'key.set': ({ key }) => keys.set(key),
    'key.test': ({ key }) => keys.test(key),
    'key.remove': () => keys.remove(),
    detect: ({ tabId }) => detect(tabId),
    'open.panel': async ({ tabId }) => (await openPanel(tabId), { ok: true }),
    'tiers.get': async (d) => infoHandlers['tiers.get'](d, await info()),
    'service.status': async (d) => infoHandlers['service.status'](d, await info()),
    'models.list': async (d) => infoHandlers['models.list'](d, await info()),
    'batch.plan': ({ people, depth, refresh }) => batch.plan(people, depth, refresh),
    'batch.start': (req) => batch.start(req),
    'batch.get': ({ id }) => batch.get(id),
    'batch.pause': ({ id }) => batch.pause(id),
    'batch.resume': ({ id }) => batch.resume(id),
    'batch.cancel': ({ id }) => batch.cancel(id),
    'batch.retry': ({ id, rows }) => batch.retry(id, rows),
    'batch.delete': async ({ id }) => (await batch.remove(id), { ok: true }),
    'batch.entries': ({ id }) => batch.entries(id),
    'draft.similar': (req) => draft.similar(req),
    'draft.list': (req) => draft.drafts(req),
    'draft.save': (req) => draft.saveDraft(req),
    'compose.insert': composeInsert,
    'compose.read': composeRead,
  };

  async function refreshBadge(): Promise<void> {
    const [c, s] = await Promise.all([credits.get(), settings.get()]);
    await showBadge(c, s.lowBalanceThreshold);
  }

  /** One step of the start-up; a failing step is reported and the others still run. */
  const step = (name: string, work: () => Promise<unknown>) =>
    work().catch((e: unknown) =>
      console.error(`start-up: ${name} failed`, e instanceof Error ? e.message : e),
    );

  const applyActionSetting = async () => applyActionClick((await settings.get()).actionOpens);

  /** Runs once per worker life, before any handler. Never rejects. */
  async function init(): Promise<void> {
    // Content scripts must not read the key: restrict storage.local to our own pages and the worker.
    await step('storage access level', async () =>
      browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }),
    );
    // Rewrite stored settings in their current shape (invalid fields fall back to their defaults).
    await step('settings', async () => {
      const raw = await settings.getRaw();
      const valid = await settings.get();
      if (raw !== undefined && JSON.stringify(raw) !== JSON.stringify(valid)) await settings.set(valid);
    });
    await step('key status', () => keys.reconcile());
    // Opening the history runs its migrations.
    await step('history retention', () => history.prune());
    await step('job recovery', () => lookup.recover());
    await step('batch recovery', () => batch.recover());
    await step('badge', refreshBadge);
    await step('action click', applyActionSetting);
    await step('prune alarm', async () => {
      if (!(await browser.alarms.get(PRUNE_ALARM)))
        await browser.alarms.create(PRUNE_ALARM, { periodInMinutes: 24 * 60 });
    });
  }

  return {
    handlers,
    init,
    lookup,
    batch,
    history,
    credits: creditsService,
    draft,

    async onInstalled({ reason }: Browser.runtime.InstalledDetails): Promise<void> {
      await createContextMenu();
      if (reason === 'install')
        await browser.tabs.create({ url: browser.runtime.getURL('/options.html#onboarding') });
    },

    async onAlarm({ name }: Browser.alarms.Alarm): Promise<void> {
      if (name === PRUNE_ALARM) await history.prune();
    },

    /** The badge follows the stored credits and the low-balance threshold. */
    async onStorageChanged(changes: Record<string, unknown>, area: string): Promise<void> {
      if (area === 'local' && (LOCAL_KEYS.credits in changes || LOCAL_KEYS.settings in changes))
        await refreshBadge();
      // The icon's click follows the settings, whoever changed them.
      if (area === 'local' && LOCAL_KEYS.settings in changes) await step('action click', applyActionSetting);
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
