import { browser, type Browser } from 'wxt/browser';
import { createHistory, type History } from '@/lib/history';
import { credits, hasBatchJobs, keepInMemory, keyStatus, meetingBriefs, settings } from '@/lib/storage';
import { LOCAL_KEYS, shownBalance } from '@/lib/storage/keys';
import { createClientFactory, type ClientFactory } from './api';
import { createBatchService, type BatchService } from './batch';
import { applyActionClick } from './action';
import { showBadge } from './badge';
import { createContextMenu } from './context-menu';
import { createCreditsService } from './credits';
import { detect } from './detect';
import { composeInsert, composeRead } from './compose';
import { learnFrom, ready as recipeReady, save as saveRecipe } from './recipe';
import { createDraftService, type DraftService } from './draft';
import { infoHandlers } from './info';
import { createJobStore } from './jobs';
import { createKeepAlive, syncWakeAlarm, WAKE_ALARM, type KeepAlive } from './keep-alive';
import { createSpendWatch, type SpendDeps, type SpendService } from './spend';
import { normalizeCredits } from '@/lib/api/schemas';
import { batchHeads } from '@/lib/storage/batch';
import { lookupJobs } from '@/lib/storage/session';
import { createKeyService } from './key';
import { createLookupService, type LookupDeps } from './lookup';
import { openPanel } from './panel';
import type { Handlers } from './router';

export const PRUNE_ALARM = 'history-prune';

/** `make()` on the first call, the same value after. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export interface EngineOptions {
  client?: ClientFactory;
  history?: History;
  keepAlive?: KeepAlive;
  now?: () => number;
  /** How a finished lookup reaches the open pages (a runtime message by default). */
  announce?: LookupDeps['announce'];
  /** Runs a measurement of lost answers later in this worker (a timer by default). */
  later?: SpendDeps['later'];
}

/** The wake alarm stays while a job runs or a lost answer's cost waits for the balance. */
async function syncWakeFor(spend: SpendService): Promise<void> {
  const [heads, lookups, pending] = await Promise.all([batchHeads.get(), lookupJobs.get(), spend.pending()]);
  const running =
    Object.values(heads).some((h) => h.status === 'running') ||
    Object.values(lookups).some((j) => j.status === 'running');
  await syncWakeAlarm(running || pending);
}

/** One step of the start-up; a failing step is reported and the others still run. */
const step = (name: string, work: () => Promise<unknown>) =>
  work().catch((e: unknown) => console.error(`start-up: ${name} failed`, e instanceof Error ? e.message : e));

/**
 * The toolbar icon follows the settings, the key and the credits, each read once: its badge, what its click opens,
 * and the balance the popup shows first.
 */
async function refreshIcon(): Promise<void> {
  const [c, k, s] = await Promise.all([credits.get(), keyStatus.get(), settings.get()]);
  await Promise.all([
    showBadge(c, s.lowBalanceThreshold),
    applyActionClick(s.actionOpens, shownBalance(c, k)),
  ]);
}

/** Rewrites the stored settings in their current shape (invalid fields fall back to their defaults). */
async function rewriteSettings(): Promise<void> {
  const raw = await settings.getRaw();
  const valid = await settings.get();
  if (raw !== undefined && JSON.stringify(raw) !== JSON.stringify(valid)) await settings.set(valid);
}

/**
 * The rest of a wake's start-up, which no message waits for: the history's retention, search index and similar
 * people's vectors, the toolbar icon (badge, click, the popup's first balance) and the daily alarm. Never rejects.
 */
async function tidyUp(history: History, draftService: () => DraftService): Promise<void> {
  await Promise.all([
    step('history retention', () => history.prune()),
    // The search index is read now, so that the first search after a wake does not wait for it.
    step('history index', () => history.warm()),
    // The vectors too, so that the first "Pessoas parecidas" after a wake does not read them all.
    step('similar vectors', () => draftService().warmSimilar()),
    step('toolbar icon', refreshIcon),
    step('prune alarm', async () => {
      if (!(await browser.alarms.get(PRUNE_ALARM)))
        await browser.alarms.create(PRUNE_ALARM, { periodInMinutes: 24 * 60 });
    }),
  ]);
}

interface Services {
  lookup: ReturnType<typeof createLookupService>;
  jobs: ReturnType<typeof createJobStore>;
  history: History;
  creditsService: ReturnType<typeof createCreditsService>;
  keys: ReturnType<typeof createKeyService>;
  info: () => Promise<{ client: Awaited<ReturnType<ClientFactory>> }>;
  batchService: () => BatchService;
  draftService: () => DraftService;
  /** Keeps the wake alarm while a job runs. */
  wake: () => void;
}

/** What each message does: one line a message type, to the service that answers it. */
function handlersOf(services: Services): Handlers {
  const { lookup, jobs, history, creditsService, keys, info, batchService, draftService, wake } = services;
  return {
    quote: (req) => lookup.quote(req),
    lookup: async (req) => {
      const started = await lookup.start(req);
      // A lookup in flight keeps the wake alarm: a worker stopped mid-call is woken to settle it.
      wake();
      return started;
    },
    'job.get': ({ id }) => jobs.get(id),
    'history.list': (q) => history.list(q),
    'history.get': ({ id }) => lookup.entry(id),
    'history.page': ({ after, limit }) => history.page(after, limit),
    'history.delete': async ({ id }) => (await lookup.forget(id), { ok: true }),
    // the meeting briefs are made of the analyses: they go with them
    'history.clear': async () => (await Promise.all([lookup.forget(), meetingBriefs.remove()]), { ok: true }),
    'credits.get': (q) => creditsService.get(q),
    'key.set': ({ key }) => keys.set(key),
    'key.test': ({ key }) => keys.test(key),
    'key.remove': () => keys.remove(),
    detect: ({ tabId }) => detect(tabId),
    'open.panel': async ({ tabId }) => (await openPanel(tabId), { ok: true }),
    'tiers.get': async (d) => infoHandlers['tiers.get'](d, await info()),
    'service.status': async (d) => infoHandlers['service.status'](d, await info()),
    'models.list': async (d) => infoHandlers['models.list'](d, await info()),
    'batch.plan': ({ people, depth, refresh }) => batchService().plan(people, depth, refresh),
    'batch.start': (req) => batchService().start(req),
    'batch.get': ({ id }) => batchService().get(id),
    'batch.pause': ({ id }) => batchService().pause(id),
    'batch.resume': ({ id }) => batchService().resume(id),
    'batch.cancel': ({ id }) => batchService().cancel(id),
    'batch.retry': ({ id, rows }) => batchService().retry(id, rows),
    'batch.delete': async ({ id }) => (await batchService().remove(id), { ok: true }),
    'batch.entries': ({ id }) => batchService().entries(id),
    // the message arriving is what wakes the worker; its start-up reconciles and goes on with any running job
    'work.wake': async () => ({ ok: true }) as const,
    'draft.similar': (req) => draftService().similar(req),
    'draft.list': (req) => draftService().drafts(req),
    'draft.save': (req) => draftService().saveDraft(req),
    'compose.insert': composeInsert,
    'compose.read': composeRead,
    'recipe.learn': learnFrom,
    'recipe.ready': async ({ tabId }) => ({ ok: await recipeReady(tabId) }),
    'recipe.save': saveRecipe,
  };
}

/** The background's services and its handler map, wired once; the entrypoint only registers listeners. */
export function createEngine(options: EngineOptions = {}) {
  // The settings, the key, its status and the credits are read once per worker life, then served from memory:
  // a lookup's charging request does not wait for storage round trips.
  keepInMemory();
  const now = options.now ?? Date.now;
  const client = options.client ?? createClientFactory();
  const history =
    options.history ??
    createHistory({ retentionDays: async () => (await settings.get()).historyRetentionDays, now });
  const creditsService = createCreditsService({ client, now });
  const jobs = createJobStore({ now });
  const keepAlive = options.keepAlive ?? createKeepAlive();
  const spend = createSpendWatch({
    now,
    later: options.later,
    readBalance: async () => {
      const n = normalizeCredits(await (await client()).creditos());
      if (n.balance === null) throw new Error('balance unknown');
      return n.balance;
    },
    storedCredits: () => credits.get(),
    onJudged: async (groups, { verdicts }) => {
      const kindOf = new Map(groups.map((g) => [g.ref, g.kind]));
      const batchVerdicts = new Map([...verdicts].filter(([ref]) => kindOf.get(ref) === 'batch'));
      if (batchVerdicts.size) await batchService().judged(batchVerdicts, groups);
      for (const [ref, verdict] of verdicts)
        if (kindOf.get(ref) === 'lookup') await lookup.judged(ref, verdict);
      await syncWake();
    },
  });
  const syncWake = () => syncWakeFor(spend);
  const wake = () => void syncWake().catch(() => undefined);
  // Built on the first message that needs them, not at every wake of the worker. (A service worker may not
  // `import()` a file, so their code is in background.js; only their construction and work wait.)
  const draftService = once(() => createDraftService({ client, history, keepAlive }));
  // A saved analysis is embedded for "Pessoas parecidas" in the background, not when that next opens.
  const embed = (ids: string[]) => draftService().embedLater(ids);
  const lookup = createLookupService({
    client,
    history,
    credits: creditsService,
    jobs,
    keepAlive,
    now,
    announce: options.announce,
    embed,
    spend,
  });
  const batchService = once(() =>
    createBatchService({
      client,
      history,
      credits: creditsService,
      keepAlive,
      now,
      embed,
      spend,
      onRunning: wake,
    }),
  );
  const keys = createKeyService({ credits: creditsService });
  const info = async () => ({ client: await client({ keyOptional: true }) });

  const services = { lookup, jobs, history, creditsService, keys, info, batchService, draftService, wake };
  const handlers = handlersOf(services);

  /**
   * Runs once per worker life, before any handler: what a message may depend on (the key's status, jobs and batches
   * a previous worker left). Never rejects.
   */
  async function init(): Promise<void> {
    // Content scripts must not read the key: restrict storage.local to our own pages and the worker.
    await step('storage access level', async () =>
      browser.storage.local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }),
    );
    // Rewrite stored settings in their current shape (invalid fields fall back to their defaults).
    await step('settings', rewriteSettings);
    // The rest is independent: side by side, so a wake is ready after the slowest step, not their sum.
    await Promise.all([
      step('key status', () => keys.reconcile()),
      // Opening the history (which runs its migrations) waits for a job left running, if any.
      step('job recovery', () => lookup.recover()),
      // The batch service is built only when a batch is on record.
      step('batch recovery', async () => {
        if (await hasBatchJobs()) await batchService().recover();
      }),
    ]);
    // What an earlier worker left open and no job claimed is lost as it was; then the balance is asked when it can tell.
    await step('lost answers', async () => {
      await spend.recover();
      void spend.measure().catch(() => undefined);
    });
    await step('wake alarm', syncWake);
  }

  /**
   * The rest of a wake's start-up, which no message waits for (the worker runs it once `init` is done). Never rejects.
   */
  const tidy = () => tidyUp(history, draftService);

  return {
    handlers,
    init,
    tidy,
    lookup,
    spend,
    /** The batch service (built on first use). */
    get batch(): BatchService {
      return batchService();
    },
    history,
    credits: creditsService,
    /** The drafting service (built on first use). */
    get draft(): DraftService {
      return draftService();
    },

    async onInstalled({ reason }: Browser.runtime.InstalledDetails): Promise<void> {
      await createContextMenu();
      if (reason === 'install')
        await browser.tabs.create({ url: browser.runtime.getURL('/options.html#onboarding') });
    },

    async onAlarm({ name }: Browser.alarms.Alarm): Promise<void> {
      if (name === PRUNE_ALARM) await history.prune();
      // The wake itself ran the start-up (jobs reconciled and carried on); what is lost is measured when it can be.
      if (name === WAKE_ALARM) await Promise.all([spend.measure().catch(() => undefined), syncWake()]);
    },

    /** The badge follows the stored credits and the low-balance threshold. */
    async onStorageChanged(changes: Record<string, unknown>, area: string): Promise<void> {
      if (area !== 'local') return;
      const changed = (key: keyof typeof LOCAL_KEYS) => LOCAL_KEYS[key] in changes;
      // Whoever changed them.
      if (changed('settings') || changed('credits') || changed('keyStatus'))
        await step('toolbar icon', refreshIcon);
    },
  };
}
