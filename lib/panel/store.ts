import { createStore, type StoreApi } from 'zustand/vanilla';
import { MAX_AUTO_RETRY_SEC, toApiError, type ApiError } from '@/lib/api/errors';
import type { Candidate } from '@/lib/extract/types';
import type { ContentResponse, Responses } from '@/lib/messaging';
import { costOf } from '@/lib/panel/spend';
import { keepsPerson, personKey } from '@/lib/panel/carry';
import type { PanelWorker } from '@/lib/panel/worker';
import {
  type Depth,
  depths,
  type HistoryEntry,
  type Lang,
  type LookupInput,
  type LookupJob,
  type LookupRequest,
  type Quote,
  type SeenQuote,
  type Text,
} from '@/lib/model';

/*
 * The side panel's state: which page it follows and who is on it, the form of what will be sent, the quotes,
 * the lookup being waited for, and the outcome. Everything that talks to the background goes through `deps`,
 * so the logic runs in tests without a browser.
 */

/** The worker (lib/panel/worker.ts) and the clock. */
export interface PanelDeps extends PanelWorker {
  now(): number;
}

/** The form: exactly the fields that will leave the browser. */
export interface Draft {
  primeiro_nome: string;
  ultimo_nome: string;
  empresa: string;
  contexto_adicional: string;
}
export const EMPTY_DRAFT: Draft = { primeiro_nome: '', ultimo_nome: '', empresa: '', contexto_adicional: '' };

export type Detection =
  | { status: 'idle' }
  | { status: 'detecting' }
  /** What the page's content script answered (the protocol's own type). */
  | ({ status: 'done' } & ContentResponse)
  | { status: 'not_granted' | 'unsupported' | 'failed'; url: string; origin: string | null };

/** Where the form's content came from; null: no form yet (several people to choose from). */
export type FormOrigin =
  | { kind: 'candidate'; index: number }
  | { kind: 'manual' }
  /** From the context menu; `read` is false when the selected text could not be read as a person. */
  | { kind: 'pending'; text: string; read: boolean };

export type Outcome =
  | { kind: 'error'; error: ApiError; request: LookupRequest; retryAt?: number }
  /** The user stopped waiting; `entryId` once the lookup lands in history anyway. */
  | { kind: 'cancelled'; jobId: string; request: LookupRequest; entryId?: string }
  | { kind: 'interrupted'; request: LookupRequest };

export interface RunningJob {
  id: string;
  request: LookupRequest;
  credits: number | null;
  timeRange: [number, number];
  startedAt: number;
}

export type Screen =
  | { kind: 'page' }
  | { kind: 'running'; job: RunningJob }
  | {
      kind: 'result';
      entry: HistoryEntry;
      via: 'lookup' | 'cache' | 'history';
      /**
       * Shown on a page other than the one it was asked on: 'auto' when it followed the seller there (another person
       * on the page takes its place), 'chosen' when the seller brought it back on this page.
       */
      carried?: 'auto' | 'chosen';
    }
  | { kind: 'history' };

export interface PanelState {
  tabId: number | null;
  detection: Detection;
  origin: FormOrigin | null;
  draft: Draft;
  depth: Depth;
  lang: Lang;
  /** Run even when history could serve it. */
  refresh: boolean;
  quotes: Partial<Record<Depth, Quote>>;
  quoting: boolean;
  quoteError: Text | null;
  /** The lookup request is on its way to the background. */
  starting: boolean;
  screen: Screen;
  outcome: Outcome | null;
  /** The analysis the panel showed before another person's page took it: one click brings it back. */
  previous: HistoryEntry | null;
  /** The panel's components talk to the worker through the store's own deps: its requests and its streams. */
  send: PanelWorker['send'];
  stream: PanelWorker['stream'];
}

export interface PanelActions {
  /** Follows another tab: what was shown for the previous one goes at once. */
  follow(tabId: number): void;
  /** The followed page is changing: forget its people now, before anything new is known. */
  leave(tabId: number): void;
  detect(): Promise<void>;
  configure(defaults: { depth: Depth; lang: Lang }): void;
  choose(index: number): void;
  manual(): void;
  takePending(p: { text: string; candidate: Candidate | null }): void;
  edit(patch: Partial<Draft>): void;
  setDepth(depth: Depth): void;
  setLang(lang: Lang): void;
  setRefresh(refresh: boolean): void;
  /** Asks the prices again (e.g. another key was saved: its tier decides what is available). */
  requote(): void;
  /**
   * What the form as it stands will send and cost, once a re-quote in flight has answered (the button may still show
   * the previous input's price). Null when nothing can be run, or while another click already waits for it.
   */
  prepare(): Promise<Ready | null>;
  /** Runs the form as it stands, at its fresh quote. */
  run(): Promise<void>;
  /** Runs `request`; a full `quote` (the one shown) goes with it, so that the worker charges only that price. */
  runRequest(
    request: LookupRequest,
    quote?: { credits: number | null; timeRange: [number, number] } | Quote,
  ): Promise<void>;
  /** Shows a lookup that was already running when the panel opened. */
  resume(job: LookupJob): void;
  cancel(): void;
  dismissOutcome(): void;
  showEntry(entry: HistoryEntry, via: 'lookup' | 'cache' | 'history'): void;
  /** Brings an analysis shown before (in this panel or an earlier one) back, as following the seller. */
  carry(entry: HistoryEntry, carried?: 'auto' | 'chosen'): void;
  /** Leaves the analysis that followed the seller for the people of the page the panel is on. */
  readPage(): void;
  showHistory(): void;
  back(): void;
}

/** The form, ready to be sent: the request, the quote made for exactly that input, and what it costs. */
export interface Ready {
  request: LookupRequest;
  quote: Quote;
  cost: number;
}

export type PanelStore = StoreApi<PanelState & PanelActions>;

/** A 429 is waited out and re-sent this many times in a row before the user decides. */
export const MAX_AUTO_RETRIES = 3;
const QUOTE_DEBOUNCE_MS = 150;
/**
 * A single-page site may change its address before it renders the new person, and a page just loaded may not
 * have its content script running yet: a reading that found nobody is taken again after these delays.
 */
export const SETTLE_RETRIES_MS = [600, 1500, 3000];
/** Used when no quote is known (e.g. a resumed job): the widest typical range of the contract. */
const DEFAULT_TIME_RANGE: [number, number] = [2, 35];

/** The form as the request's input, or null while a required field is empty. */
export function inputOf(draft: Draft): LookupInput | null {
  const primeiro_nome = draft.primeiro_nome.trim();
  const empresa = draft.empresa.trim();
  if (!primeiro_nome || !empresa) return null;
  const contexto_adicional = draft.contexto_adicional.trim();
  return {
    primeiro_nome,
    ultimo_nome: draft.ultimo_nome.trim(),
    empresa,
    ...(contexto_adicional && { contexto_adicional }),
  };
}

const sameDraft = (a: Draft, b: Draft) => (Object.keys(a) as (keyof Draft)[]).every((k) => a[k] === b[k]);

export const draftOf = (input: Partial<LookupInput>): Draft => ({
  primeiro_nome: input.primeiro_nome ?? '',
  ultimo_nome: input.ultimo_nome ?? '',
  empresa: input.empresa ?? '',
  contexto_adicional: input.contexto_adicional ?? '',
});

/** What the user saw, as the lookup carries it (the worker re-quotes and compares). */
export function seenOf(quote: Quote, refresh: boolean): SeenQuote | undefined {
  if (!quote.input) return undefined;
  return {
    input: quote.input,
    depth: quote.depth,
    lang: quote.lang,
    endpoint: quote.endpoint,
    cost: costOf(quote, refresh),
    cachedId: refresh ? null : (quote.cached?.id ?? null),
  };
}

export function createPanelStore(deps: PanelDeps): PanelStore {
  let detectGen = 0;
  /**
   * Quote generations: each change of what is priced (the form, the language, a new key) starts one; only the newest
   * one's answer is kept, and `quoting` stays true until it has answered.
   */
  let quoteGen = 0;
  /** A click waiting for the fresh quote: a second one meanwhile (a double click) is the same click. */
  let preparing = false;
  let quoteTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let autoRetries = 0;
  let lastDetectedUrl: string | null = null;
  let settleRetries = 0;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;
  let unwatch: (() => void) | undefined;

  return createStore<PanelState & PanelActions>()((set, get, api) => {
    const stopWatching = () => {
      unwatch?.();
      unwatch = undefined;
    };
    const clearRetry = () => {
      clearTimeout(retryTimer);
      retryTimer = undefined;
    };
    const setOutcome = (outcome: Outcome | null) => {
      clearRetry();
      set({ outcome });
    };

    function requote() {
      clearTimeout(quoteTimer);
      const gen = ++quoteGen;
      const input = inputOf(get().draft);
      if (!input) return set({ quotes: {}, quoting: false, quoteError: null });
      set({ quoting: true });
      quoteTimer = setTimeout(async () => {
        const { lang } = get();
        // Quotes ask without refresh, so each tells whether history would serve it; refresh is priced locally.
        const settled = await Promise.allSettled(
          depths.map((depth) => deps.send('quote', { input, depth, lang, refresh: false })),
        );
        if (gen !== quoteGen) return;
        const quotes: Partial<Record<Depth, Quote>> = {};
        settled.forEach((r, i) => {
          if (r.status === 'fulfilled') quotes[depths[i]!] = r.value;
        });
        const failed = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        set({ quotes, quoting: false, quoteError: failed ? toApiError(failed.reason).message : null });
      }, QUOTE_DEBOUNCE_MS);
    }

    /** Resolves once the newest quote generation has answered (at once when none is pending). */
    function quoted(): Promise<void> {
      return new Promise((resolve) => {
        if (!get().quoting) return resolve();
        const stop = api.subscribe((s) => {
          if (s.quoting) return;
          stop();
          resolve();
        });
      });
    }

    function setForm(origin: FormOrigin | null, draft: Draft) {
      set({ origin, draft });
      requote();
    }

    /** The analysis that followed the seller gives way when the page shows someone else. */
    function giveWay() {
      const { screen, detection } = get();
      if (screen.kind !== 'result' || screen.carried !== 'auto') return;
      const page =
        detection.status === 'done'
          ? detection
          : detection.status === 'detecting' || detection.status === 'idle'
            ? undefined
            : null;
      // a meeting on the page takes the panel too: its people are the ones to prepare
      if (page !== undefined && (page?.meeting || !keepsPerson(screen.entry.input, page)))
        set({ screen: { kind: 'page' }, previous: screen.entry });
    }

    function applyDetection(r: Responses['detect']) {
      const shown = get().detection;
      // Also "not granted": a declared content script that has not started yet looks the same from here.
      const empty = r.ok ? r.candidates.length === 0 && !r.meeting : r.reason !== 'unsupported';
      if (empty && settleRetries < SETTLE_RETRIES_MS.length)
        settleTimer = setTimeout(() => void get().detect(), SETTLE_RETRIES_MS[settleRetries++]);
      set({
        detection: r.ok
          ? {
              status: 'done',
              url: r.url,
              title: r.title,
              candidates: r.candidates,
              ...(r.composing !== undefined && { composing: r.composing }),
              ...(r.meeting && { meeting: r.meeting }),
            }
          : { status: r.reason, url: r.url, origin: r.origin },
      });
      giveWay();
      if (!r.ok) {
        lastDetectedUrl = r.url;
        if (!get().origin) setForm({ kind: 'manual' }, EMPTY_DRAFT);
        return;
      }
      const samePage = r.url === lastDetectedUrl;
      lastDetectedUrl = r.url;
      const { origin, draft } = get();
      // The user's own choice on this page stands (a form offered empty and left untouched is no choice);
      // a new page starts from what it shows.
      const untouched = origin?.kind === 'manual' && Object.values(draft).every((v) => !v.trim());
      // The same page read again (the full reading after the page's quick answer, a page that changed in place): a
      // form still as the page gave it follows that person's newer reading.
      const given =
        samePage && origin?.kind === 'candidate' && shown.status === 'done' && shown.candidates[origin.index];
      if (given && sameDraft(draft, draftOf(given))) {
        const index = r.candidates.findIndex((c) => personKey(c) === personKey(given));
        const next = index >= 0 && draftOf(r.candidates[index]!);
        // (an unchanged form is not quoted again)
        if (next)
          return sameDraft(next, draft)
            ? set({ origin: { kind: 'candidate', index } })
            : setForm({ kind: 'candidate', index }, next);
        // that person is no longer on the page: the form starts from what it shows now
      } else if (origin && !untouched && (origin.kind !== 'candidate' || samePage)) return;
      if (r.candidates.length === 1) setForm({ kind: 'candidate', index: 0 }, draftOf(r.candidates[0]!));
      else if (r.candidates.length === 0) setForm({ kind: 'manual' }, EMPTY_DRAFT);
      else setForm(null, EMPTY_DRAFT);
    }

    function restoreForm(request: LookupRequest) {
      set({ depth: request.depth, lang: request.lang, refresh: request.refresh });
      setForm(get().origin ?? { kind: 'manual' }, draftOf(request.input));
    }

    async function finish(job: RunningJob, outcome: LookupJob | null, given?: HistoryEntry | null) {
      if (outcome?.status === 'running') {
        const { startedAt } = outcome;
        const timeRange = outcome.quote.timeRange;
        if (startedAt !== job.startedAt || timeRange.join() !== job.timeRange.join())
          set({
            screen: {
              kind: 'running',
              job: { ...job, startedAt, timeRange, credits: outcome.quote.credits },
            },
          });
        return;
      }
      stopWatching();
      if (outcome?.status === 'done') {
        try {
          const entry =
            given?.id === outcome.entryId ? given : await deps.send('history.get', { id: outcome.entryId });
          if (!entry) throw new Error('history entry not found');
          set({ screen: { kind: 'result', entry, via: outcome.fromHistory ? 'cache' : 'lookup' } });
          autoRetries = 0;
          // History now holds this person: the quotes change (0 credits from history).
          requote();
        } catch (e) {
          set({ screen: { kind: 'page' } });
          restoreForm(job.request);
          setOutcome({ kind: 'error', error: toApiError(e), request: job.request });
        }
        return;
      }
      set({ screen: { kind: 'page' } });
      restoreForm(job.request);
      if (outcome?.status === 'error') {
        const { error } = outcome;
        // Only a short wait is taken by itself; a long one is said as a time of day and left to the user.
        const waitSec = error.retryAfterSec ?? 5;
        if (
          error.action === 'retry_after' &&
          autoRetries < MAX_AUTO_RETRIES &&
          error.retryAt === undefined &&
          waitSec <= MAX_AUTO_RETRY_SEC
        ) {
          const waitMs = Math.max(1, waitSec) * 1000;
          setOutcome({ kind: 'error', error, request: job.request, retryAt: deps.now() + waitMs });
          autoRetries++;
          retryTimer = setTimeout(() => void get().runRequest(job.request, job), waitMs);
        } else setOutcome({ kind: 'error', error, request: job.request });
        return;
      }
      // Interrupted, or gone from the background's records: it may have been charged.
      setOutcome({ kind: 'interrupted', request: job.request });
    }

    function watch(job: RunningJob) {
      stopWatching();
      let settled = false;
      unwatch = deps.watchJob(job.id, (update, entry) => {
        if (settled) return;
        const { screen, outcome } = get();
        if (screen.kind === 'running' && screen.job.id === job.id) {
          if (update?.status !== 'running') settled = true;
          void finish(screen.job, update, entry);
        } else if (
          outcome?.kind === 'cancelled' &&
          outcome.jobId === job.id &&
          update?.status !== 'running'
        ) {
          settled = true;
          stopWatching();
          if (update?.status === 'done') set({ outcome: { ...outcome, entryId: update.entryId } });
        }
      });
    }

    function startRunning(job: RunningJob) {
      set({ screen: { kind: 'running', job }, starting: false });
      watch(job);
    }

    return {
      tabId: null,
      detection: { status: 'idle' },
      origin: null,
      draft: EMPTY_DRAFT,
      depth: 'quick',
      lang: 'pt',
      refresh: false,
      quotes: {},
      quoting: false,
      quoteError: null,
      starting: false,
      screen: { kind: 'page' },
      outcome: null,
      previous: null,
      send: deps.send,
      stream: deps.stream,

      follow(tabId) {
        set({ tabId });
        get().leave(tabId);
        void get().detect();
      },

      leave(tabId) {
        if (tabId !== get().tabId) return;
        detectGen++;
        lastDetectedUrl = null;
        settleRetries = 0;
        clearTimeout(settleTimer);
        clearTimeout(quoteTimer);
        quoteGen++;
        const { screen } = get();
        setOutcome(null);
        set({
          detection: { status: 'detecting' },
          origin: null,
          draft: EMPTY_DRAFT,
          refresh: false,
          quotes: {},
          quoting: false,
          quoteError: null,
          // The analysis follows the seller to the next page until that page shows someone else (applyDetection);
          // one opened from history and a running lookup stay.
          screen:
            screen.kind === 'result' && screen.via !== 'history' ? { ...screen, carried: 'auto' } : screen,
        });
      },

      async detect() {
        const { tabId } = get();
        if (tabId === null) return;
        const gen = ++detectGen;
        clearTimeout(settleTimer);
        if (get().detection.status === 'idle') set({ detection: { status: 'detecting' } });
        let reply: Responses['detect'];
        try {
          reply = await deps.send('detect', { tabId });
        } catch {
          reply = { ok: false, reason: 'failed', url: '', origin: null };
        }
        // A newer detection, or a move to another page, makes this answer stale.
        if (gen === detectGen && tabId === get().tabId) applyDetection(reply);
      },

      configure({ depth, lang }) {
        set({ depth, lang });
        requote();
      },

      choose(index) {
        const { detection } = get();
        const candidate = detection.status === 'done' ? detection.candidates[index] : undefined;
        if (!candidate) return;
        setOutcome(null);
        set({ refresh: false });
        setForm({ kind: 'candidate', index }, draftOf(candidate));
      },

      manual() {
        setOutcome(null);
        set({ refresh: false });
        setForm({ kind: 'manual' }, EMPTY_DRAFT);
      },

      takePending({ text, candidate }) {
        setOutcome(null);
        const { screen } = get();
        set({ refresh: false, screen: screen.kind === 'running' ? screen : { kind: 'page' } });
        setForm(
          { kind: 'pending', text, read: candidate !== null },
          candidate ? draftOf(candidate) : EMPTY_DRAFT,
        );
      },

      edit(patch) {
        const { origin } = get();
        setForm(origin ?? { kind: 'manual' }, { ...get().draft, ...patch });
      },

      setDepth(depth) {
        set({ depth });
      },

      setLang(lang) {
        set({ lang });
        requote();
      },

      setRefresh(refresh) {
        set({ refresh });
      },

      requote() {
        requote();
      },

      async prepare() {
        if (preparing) return null;
        preparing = true;
        try {
          await quoted();
        } finally {
          preparing = false;
        }
        const { draft, depth, lang, refresh, quotes } = get();
        const input = inputOf(draft);
        const quote = quotes[depth];
        // Nothing is spent without a price on screen; a depth this key cannot have runs only from history.
        if (!input || !quote) return null;
        const cost = costOf(quote, refresh);
        if (quote.unavailable && cost !== 0) return null;
        return { request: { input, depth, lang, refresh }, quote, cost };
      },

      async run() {
        const ready = await get().prepare();
        if (!ready) return;
        autoRetries = 0;
        await get().runRequest(ready.request, ready.quote);
      },

      async runRequest(request, quote) {
        if (get().starting || get().screen.kind === 'running') return;
        setOutcome(null);
        set({ starting: true });
        const seen =
          !request.seen && quote && 'endpoint' in quote ? seenOf(quote, request.refresh) : undefined;
        if (seen) request = { ...request, seen };
        try {
          const { jobId } = await deps.send('lookup', request);
          startRunning({
            id: jobId,
            request,
            credits: quote?.credits ?? null,
            timeRange: quote?.timeRange ?? DEFAULT_TIME_RANGE,
            startedAt: deps.now(),
          });
        } catch (e) {
          set({ starting: false });
          restoreForm(request);
          setOutcome({ kind: 'error', error: toApiError(e), request });
        }
      },

      resume(job) {
        if (job.status !== 'running' || get().screen.kind === 'running') return;
        startRunning({
          id: job.id,
          request: job.request,
          credits: job.quote.credits,
          timeRange: job.quote.timeRange,
          startedAt: job.startedAt,
        });
      },

      cancel() {
        const { screen } = get();
        if (screen.kind !== 'running') return;
        // Only the waiting stops: the background finishes the call and files the result in history.
        set({ screen: { kind: 'page' } });
        restoreForm(screen.job.request);
        setOutcome({ kind: 'cancelled', jobId: screen.job.id, request: screen.job.request });
      },

      dismissOutcome() {
        setOutcome(null);
      },

      showEntry(entry, via) {
        set({ screen: { kind: 'result', entry, via } });
      },

      carry(entry, carried = 'auto') {
        const { screen, previous } = get();
        if (screen.kind === 'running' || (screen.kind === 'result' && screen.entry.id !== previous?.id))
          return;
        set({
          screen: { kind: 'result', entry, via: 'cache', carried },
          previous: previous?.id === entry.id ? null : previous,
        });
        giveWay();
      },

      readPage() {
        const { screen } = get();
        if (screen.kind === 'result' && screen.carried)
          set({ screen: { kind: 'page' }, previous: screen.entry });
      },

      showHistory() {
        if (get().screen.kind !== 'running') set({ screen: { kind: 'history' } });
      },

      back() {
        const { screen } = get();
        if (screen.kind === 'result') set({ screen: { kind: 'page' }, previous: screen.entry });
        else if (screen.kind !== 'running') set({ screen: { kind: 'page' } });
      },
    };
  });
}
