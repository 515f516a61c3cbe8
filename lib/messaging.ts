import { z } from 'zod';
import type { Candidate } from '@/lib/extract/types';
import type { ApiError } from '@/lib/api/errors';
import type { Analysis } from '@/lib/analysis/model';
import type { SimilarPerson } from '@/lib/draft/similar';
import { CHANNELS, type Channel } from '@/lib/draft/prompt';
import type { Credits, Depth, KeyStatus } from '@/lib/storage';
import type { BatchJob } from '@/lib/batch/model';
import type { BatchPlan } from '@/lib/batch/plan';

/*
 * One typed protocol for every context.
 * - content script <-> extension: plain objects, no zod on that side (the content script stays small).
 * - extension pages -> background: `send(type, data)`; the background validates `data` with `requests[type]`
 *   and checks the sender before anything runs (lib/background/router.ts).
 */

/** extension -> content script */
export type ContentRequest = { type: 'extract' } | ComposeRequest;
/** "Insert this text into the focused compose box", or read the user's own text from it. */
export type ComposeRequest =
  | { type: 'compose'; op: 'insert'; text: string; replace: boolean; subject?: string }
  | { type: 'compose'; op: 'read' };
/** What the compose box answered. `many`: several boxes open and none focused; `too-long`: the field's limit. */
export type ComposeResult =
  | {
      ok: true;
      kind: 'editor' | 'textarea';
      limit: number | null;
      text?: string;
      subject?: 'filled' | 'kept' | 'none';
    }
  | { ok: false; reason: 'none' | 'many' }
  | { ok: false; reason: 'too-long'; limit: number; room: number };
export interface ContentResponse {
  url: string;
  title: string;
  candidates: Candidate[];
}
/** content script -> extension: the only thing a page may tell us. */
export type ContentEvent = { type: 'page-changed'; url: string };

const text = (max: number) => z.string().trim().max(max);
export const lookupInputSchema = z.object({
  primeiro_nome: text(200).min(1),
  ultimo_nome: text(200).default(''),
  empresa: text(200).min(1),
  contexto_adicional: text(1000).optional(),
});
export type LookupInput = z.infer<typeof lookupInputSchema>;
export const langSchema = z.enum(['pt', 'en']);
export type Lang = z.infer<typeof langSchema>;
export const depthSchema = z.enum(['quick', 'complete', 'plus']);

/** The quote the user saw when asking: the worker charges only when a fresh quote still says the same. */
export const seenQuoteSchema = z.object({
  input: lookupInputSchema,
  depth: depthSchema,
  lang: langSchema,
  endpoint: z.string().max(100),
  /** The cost shown on the button: 0 when history serves it. */
  cost: z.number().int().min(0).max(1000),
  /** The history entry that served it at 0 credits, if any. */
  cachedId: z.string().max(100).nullable(),
});
export type SeenQuote = z.infer<typeof seenQuoteSchema>;

const lookupRequest = z.object({
  input: lookupInputSchema,
  depth: depthSchema,
  lang: langSchema,
  refresh: z.boolean().default(false),
  seen: seenQuoteSchema.optional(),
});
export type LookupRequest = z.infer<typeof lookupRequest>;

/** What a lookup will cost, shown before anything is spent. */
export interface Quote {
  /** The input this quote was made for. */
  input?: LookupInput;
  endpoint: string;
  credits: number;
  /** Typical seconds, from the contract. */
  timeRange: [number, number];
  depth: Depth;
  lang: Lang;
  /** A history entry that would serve this lookup at zero credits (unless refresh). */
  cached: HistorySummary | null;
  balance: number | null;
  /** null when the depth cannot be had with this key (e.g. Plus in English, or a basic key). */
  unavailable: { pt: string; en: string } | null;
}

export interface HistoryEntry {
  id: string;
  /** Normalized person key: name + company, lower case, no accents. */
  personKey: string;
  input: LookupInput;
  depth: Depth;
  lang: Lang;
  endpoint: string;
  creditsCharged: number;
  createdAt: number;
  analysis: Analysis;
  /** Fields the normalizer could not read. */
  issues: string[];
  /** Set when Plus fell back to Complete (503 AI_SERVICE_UNAVAILABLE), or when the charge differed from the price. */
  notice?: { pt: string; en: string };
  /**
   * The balance's drop around this lookup differed from the price quoted: `observed` credits went, `expected`
   * were quoted (e.g. the browser re-sent the request after a dropped connection and the service charged twice).
   */
  billingCheck?: { expected: number; observed: number; before: number; after: number };
}
export type HistorySummary = Pick<
  HistoryEntry,
  'id' | 'personKey' | 'input' | 'depth' | 'lang' | 'endpoint' | 'creditsCharged' | 'createdAt'
> & { cargo?: string };

/** A lookup as the background tracks it; persisted in storage.session so a restarted worker and every page see it. */
export type LookupJob = {
  id: string;
  request: LookupRequest;
  quote: Pick<Quote, 'endpoint' | 'credits' | 'timeRange'>;
  startedAt: number;
  updatedAt: number;
} & (
  | { status: 'running' }
  | { status: 'done'; entryId: string; fromHistory: boolean }
  | { status: 'error'; error: ApiError }
  | { status: 'interrupted' }
);

const empty = z.object({}).default({});
const id = z.object({ id: z.string().min(1).max(100) });

const batchPeople = z.array(lookupInputSchema).min(1).max(1000);
const batchPlanRequest = z.object({
  people: batchPeople,
  depth: depthSchema,
  refresh: z.boolean().default(false),
});
const batchRetryRequest = id.extend({
  rows: z
    .array(z.object({ rowId: z.string().min(1).max(20), input: lookupInputSchema.optional() }))
    .min(1)
    .max(1000),
});

/** Requests from extension pages to the background: payload schema and response type. */
export const requests = {
  quote: lookupRequest,
  lookup: lookupRequest,
  'job.get': id,
  'history.list': z.object({
    query: text(200).default(''),
    limit: z.number().int().min(1).max(500).default(50),
  }),
  'history.get': id,
  'history.delete': id,
  'history.clear': empty,
  'credits.get': z.object({ refresh: z.boolean().default(false) }),
  'key.set': z.object({ key: text(512).min(1) }),
  'key.test': z.object({ key: text(512).optional() }),
  'key.remove': empty,
  detect: z.object({ tabId: z.number().int().nonnegative() }),
  'open.panel': z.object({ tabId: z.number().int().nonnegative().optional() }),
  'tiers.get': empty,
  'service.status': empty,
  'models.list': empty,
  'batch.plan': batchPlanRequest,
  'batch.start': batchPlanRequest.extend({ limit: z.number().int().min(1).max(1000).optional() }),
  'batch.get': id,
  'batch.pause': id,
  'batch.resume': id,
  'batch.cancel': id,
  'batch.retry': batchRetryRequest,
  'batch.delete': id,
  'batch.entries': id,
  'draft.similar': z.object({ entryId: z.string().min(1).max(100) }),
  'draft.list': z.object({ entryId: z.string().min(1).max(100) }),
  'draft.save': z.object({
    entryId: z.string().min(1).max(100),
    text: z.string().max(20_000),
    channel: z.enum(CHANNELS),
    versionId: z.string().max(100).optional(),
  }),
  'compose.insert': z.object({
    tabId: z.number().int().nonnegative(),
    text: z.string().min(1).max(20_000),
    replace: z.boolean().default(false),
    subject: z.string().trim().max(500).optional(),
  }),
  'compose.read': z.object({ tabId: z.number().int().nonnegative() }),
} satisfies Record<string, z.ZodType>;

export interface Responses {
  quote: Quote;
  lookup: { jobId: string };
  'job.get': LookupJob | null;
  'history.list': HistorySummary[];
  'history.get': HistoryEntry | null;
  'history.delete': { ok: true };
  'history.clear': { ok: true };
  'credits.get': Credits;
  'key.set': KeyStatus;
  'key.test': { ok: true; credits: Credits } | { ok: false; error: ApiError };
  'key.remove': KeyStatus;
  detect:
    | ({ ok: true } & ContentResponse)
    | { ok: false; reason: 'not_granted' | 'unsupported' | 'failed'; url: string; origin: string | null };
  'open.panel': { ok: true };
  'tiers.get': PlansInfo;
  'service.status': ServiceStatus;
  'models.list': ModelInfo[];
  'batch.plan': BatchPlan;
  'batch.start': { jobId: string };
  'batch.get': BatchJob | null;
  'batch.pause': BatchJob;
  'batch.resume': BatchJob;
  'batch.cancel': BatchJob;
  'batch.retry': BatchJob;
  'batch.delete': { ok: true };
  'batch.entries': HistoryEntry[];
  'draft.similar': SimilarPerson[];
  'draft.list': DraftVersion[];
  'draft.save': DraftVersion[];
  'compose.insert': ComposeResult | { ok: false; reason: 'no-script' };
  'compose.read': ComposeResult | { ok: false; reason: 'no-script' };
}

/** One version of a draft to a person, newest last; kept with the analysis in the history. */
export interface DraftVersion {
  id: string;
  channel: Channel;
  text: string;
  createdAt: number;
  updatedAt: number;
}

/** /tiers-disponiveis, reduced to what the plan comparison shows. */
export interface PlansInfo {
  plans: {
    name: string;
    tier: string;
    price: string;
    features: string[];
    endpoints: string[];
    creditsPerUse: Record<string, number | string>;
  }[];
  upgradeMessage: string | null;
  upgradeBenefits: string[];
}

/** /health and /status reconciled: both vocabularies map onto one level. */
export interface ServiceStatus {
  level: 'ok' | 'degraded' | 'outage' | 'unknown';
  detail: string | null;
  version: string | null;
  checkedAt: number;
}

export interface ModelInfo {
  id: string;
  /** Documented maximum tokens (part 8), when known. */
  maxTokens: number | null;
}

export type RequestType = keyof typeof requests;
export type RequestData<T extends RequestType> = z.input<(typeof requests)[T]>;
export type ParsedRequest<T extends RequestType> = z.output<(typeof requests)[T]>;

/** The envelope on the wire. Errors come back as plain data, never as thrown class instances. */
export type Envelope<T extends RequestType = RequestType> = { type: T; data: RequestData<T> };
export type Reply<T extends RequestType> = { ok: true; value: Responses[T] } | { ok: false; error: ApiError };

export class MessageError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message.en);
  }
}

/** Send a request from an extension page to the background; throws MessageError with the ApiError. */
export async function send<T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> {
  const reply = (await browser.runtime.sendMessage({ type, data } satisfies Envelope<T>)) as
    | Reply<T>
    | undefined;
  if (!reply) throw new Error(`No answer to ${type}`);
  if (!reply.ok) throw new MessageError(reply.error);
  return reply.value;
}
