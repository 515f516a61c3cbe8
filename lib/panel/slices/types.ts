import type { StoreApi } from 'zustand/vanilla';
import type { ApiError } from '@/lib/api/errors';
import type { Candidate } from '@/lib/extract/types';
import type { ContentResponse } from '@/lib/messaging';
import type { PanelWorker } from '@/lib/panel/worker';
import type { Depth, HistoryEntry, Lang, LookupJob, LookupRequest, Quote, Text } from '@/lib/model';
import type { RecipeNotice } from '@/lib/recipe/protocol';

/*
 * The side panel's state and actions, as its store's slices share them (lib/panel/store.ts composes them): following
 * the page and detecting its people (./detect.ts), the form and its prices (./form.ts), the lookup's run and its
 * outcome (./run.ts), and the screens with the analysis carried across pages (./screens.ts).
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

export type Detection =
  | { status: 'idle' }
  | { status: 'detecting' }
  /** What the page's content script answered (the protocol's own type), with the taught recipe's notice (lib/recipe/). */
  | ({ status: 'done' } & ContentResponse & { recipe?: RecipeNotice })
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

export type Panel = PanelState & PanelActions;

/** What one slice asks of another, beside the public actions: never on the store's state. */
export interface Internals {
  /** Sets the form and prices it (form). */
  setForm(origin: FormOrigin | null, draft: Draft): void;
  /** Puts a request back in the form, e.g. after it failed (form). */
  restoreForm(request: LookupRequest): void;
  /** Forgets the prices and any quote in flight: the page is changing (form). */
  dropQuotes(): void;
  /** Sets the outcome, cancelling a planned retry (run). */
  setOutcome(outcome: Outcome | null): void;
  /** The analysis that followed the seller gives way when the page shows someone else (screens). */
  giveWay(): void;
}

/** What each slice is made with: the store's own set/get/subscribe, the worker, and the other slices' internals. */
export interface SliceArgs {
  set: StoreApi<Panel>['setState'];
  get: StoreApi<Panel>['getState'];
  api: StoreApi<Panel>;
  deps: PanelDeps;
  shared: Internals;
}
