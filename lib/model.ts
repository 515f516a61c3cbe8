import * as z from 'zod/mini';
import type { Analysis } from '@/lib/analysis/model';
import type { Candidate } from '@/lib/extract/types';
import { isApiError, type ApiError } from '@/lib/api/errors';
import { jobLossSchema, type JobLoss, type LostVerdict } from '@/lib/batch/lost-cost';
import { depths, type Depth } from '@/lib/depths';

/*
 * The domain model: what the extension talks about (a person to look up, a depth, a quote, a history entry, a
 * batch job, the account's credits) with the schemas that check it. The message protocol (lib/messaging.ts),
 * the stored items (lib/storage/) and the pages import these; this module imports no one of them. Its schemas are
 * zod/mini (functions instead of methods): every page loads them, and mini costs a fraction of classic zod's bytes
 * and construction time.
 */

/** A user-visible text in both languages. */
export type { Text } from '@/lib/text';
import type { Text } from '@/lib/text';
export const textSchema: z.ZodMiniType<Text> = z.object({ pt: z.string(), en: z.string() });

/** The language of the UI and of an analysis. */
export const langs = ['pt', 'en'] as const;
export const langSchema = z.enum(langs);
export type Lang = (typeof langs)[number];

/** How deep an analysis goes: Basic, Complete or Plus (lib/depths.ts). */
export { depths, type Depth };
export const depthSchema = z.enum(depths);

/** Any text up to `max` characters. */
export const upTo = (max: number) => z.string().check(z.maxLength(max));

/** A person a page shows, as a content script answers it (read from a web page: checked like any input). */
export const candidateSchema: z.ZodMiniType<Candidate> = z.object({
  primeiro_nome: upTo(500),
  ultimo_nome: upTo(500),
  empresa: upTo(500),
  cargo: z.optional(upTo(500)),
  confidence: z.number().check(z.minimum(0), z.maximum(1)),
  source: upTo(100),
});

const trimmed = (max: number, min = 0) =>
  z.string().check(z.trim(), z.maxLength(max), ...(min > 0 ? [z.minLength(min)] : []));
/** The person to analyse, as the service names the fields. */
export const lookupInputSchema = z.object({
  primeiro_nome: trimmed(200, 1),
  ultimo_nome: z._default(trimmed(200), ''),
  empresa: trimmed(200, 1),
  contexto_adicional: z.optional(trimmed(1000)),
});
export type LookupInput = z.infer<typeof lookupInputSchema>;

/** The quote the user saw when asking: the worker charges only when a fresh quote still says the same. */
export const seenQuoteSchema = z.object({
  input: lookupInputSchema,
  depth: depthSchema,
  lang: langSchema,
  endpoint: z.string().check(z.maxLength(100)),
  /** The cost shown on the button: 0 when history serves it. */
  cost: z.int().check(z.minimum(0), z.maximum(1000)),
  /** The history entry that served it at 0 credits, if any. */
  cachedId: z.nullable(z.string().check(z.maxLength(100))),
});
export type SeenQuote = z.infer<typeof seenQuoteSchema>;

/** One lookup the user asked for. */
export const lookupRequestSchema = z.object({
  input: lookupInputSchema,
  depth: depthSchema,
  lang: langSchema,
  refresh: z._default(z.boolean(), false),
  seen: z.optional(seenQuoteSchema),
});
export type LookupRequest = z.infer<typeof lookupRequestSchema>;

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
  unavailable: Text | null;
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
  /**
   * How the analysis was read (ANALYSIS_VERSION in lib/analysis/model.ts); absent on entries written before
   * versions, which lib/history.ts migrates when it reads them.
   */
  version?: number;
  /** Fields the normalizer could not read. */
  issues: string[];
  /** Set when Plus fell back to Complete (503 AI_SERVICE_UNAVAILABLE), or when the charge differed from the price. */
  notice?: Text;
  /**
   * The balance's drop around this lookup differed from the price quoted: `observed` credits went, `expected`
   * were quoted (e.g. the browser re-sent the request after a dropped connection and the service charged twice).
   */
  billingCheck?: { expected: number; observed: number; before: number; after: number };
  /**
   * A charge the service claimed (its billing_info) far beyond what the lookup can cost: the service's claim, kept
   * and shown as implausible, never the entry's charge nor part of any total.
   */
  implausibleCharge?: number;
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
  | { status: 'interrupted'; lost?: LostVerdict }
);

/** What pages say about an interrupted job: the call may have been charged, and nothing is re-sent by itself. */
export const INTERRUPTED_MESSAGE: Text = {
  pt: 'Interrompido: confira os créditos antes de tentar de novo.',
  en: 'Interrupted: check your credits before trying again.',
};

/** Where a draft is meant to be sent. */
export const CHANNELS = ['linkedin', 'linkedin-note', 'email', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

/** One version of a draft to a person, newest last; kept with the analysis in the history. */
export interface DraftVersion {
  id: string;
  channel: Channel;
  text: string;
  createdAt: number;
  updatedAt: number;
}

/** Another person in the history who buys alike. */
export interface SimilarPerson {
  id: string;
  name: string;
  company: string;
  cargo?: string;
  /** Cosine similarity, -1 to 1. */
  score: number;
}

/** The answer to "pessoas parecidas": the best so far, and how far the background embedding of the rest is. */
export interface SimilarPeople {
  people: SimilarPerson[];
  /** Entries of the history still being embedded (null when none): the answer may improve once they are. */
  filling: { done: number; total: number } | null;
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
  /** Documented maximum tokens, when known. */
  maxTokens: number | null;
}

/** What pages may know of the API key: never the key itself. */
export const keyStatusSchema = z.object({
  present: z.boolean(),
  masked: z.string(),
  tier: z.nullable(z.enum(['basic', 'complete'])),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;

/** The account's balance and plan, as last learned. */
export const creditsSchema = z.object({
  balance: z.nullable(z.number()),
  plan: z.nullable(z.string()),
  tier: z.nullable(z.string()),
  status: z.enum(['active', 'suspended', 'expired', 'unknown']),
  renewal: z.nullable(z.string()),
  allowedEndpoints: z.array(z.string()),
  usedThisPeriod: z.nullable(z.number()),
  totalCredits: z.nullable(z.number()),
  thisMonth: z.nullable(z.record(z.string(), z.unknown())),
  last30Days: z.nullable(z.record(z.string(), z.unknown())),
  upgradeUrl: z.nullable(z.string()),
  /** When the balance was last learned, and from where. */
  updatedAt: z.number(),
  source: z.enum(['billing', 'creditos', 'none']),
});
export type Credits = z.infer<typeof creditsSchema>;
export const emptyCredits: Credits = {
  balance: null,
  plan: null,
  tier: null,
  status: 'unknown',
  renewal: null,
  allowedEndpoints: [],
  usedThisPeriod: null,
  totalCredits: null,
  thisMonth: null,
  last30Days: null,
  upgradeUrl: null,
  updatedAt: 0,
  source: 'none',
};

/*
 * A batch job: the rows and where each one stands. Results live in the history (a row holds the entry id); the job
 * is kept in storage.local as a head and chunks of rows (lib/storage/batch.ts).
 */

/**
 * - queued: waiting to be sent · sent: its request is out, no answer yet
 * - done: analysed (charged) · cached: served from the history (free)
 * - failed: the service said no (not charged) · interrupted: sent, answer lost (maybe charged)
 * - cancelled: never sent, the job was cancelled
 */
export const ROW_STATUSES = [
  'queued',
  'sent',
  'done',
  'cached',
  'failed',
  'interrupted',
  'cancelled',
] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const JOB_STATUSES = ['running', 'paused', 'cancelled', 'done'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface BatchRow {
  id: string;
  input: LookupInput;
  status: RowStatus;
  /** The history entry of a done or cached row; for a sent row, the id its result will be saved under. */
  entryId?: string;
  /** The service's words and code for a failed or interrupted row. */
  error?: string;
  error_code?: string;
  apiError?: ApiError;
}

/** Rows settled (not queued nor sent) at a moment of a job's run. */
export interface SettledAt {
  at: number;
  settled: number;
}
export interface RunMeasure {
  startedAt: number;
  first?: SettledAt;
  last?: SettledAt;
}

export interface BatchJob {
  id: string;
  depth: Depth;
  /** Request path, e.g. `/crm_batch`. */
  endpoint: string;
  creditsPerProfile: number;
  status: JobStatus;
  /** Why a job stopped by itself (out of credits, key refused). */
  pausedReason?: Text;
  rows: BatchRow[];
  creditsSpent: number;
  /** What the requests whose answers were lost cost, measured from the balance (lib/batch/lost-cost.ts). */
  lost?: JobLoss;
  /** Requests answered and the time they took in all. */
  requests: number;
  requestMs: number;
  /** This run in a worker (from its start or resumption): when the first and the last answers came, and how many
   * rows were settled then. The ETA is measured from them (lib/batch/progress.ts). */
  run?: RunMeasure;
  createdAt: number;
  updatedAt: number;
}

export const batchRowSchema: z.ZodMiniType<BatchRow> = z.object({
  id: z.string(),
  input: lookupInputSchema,
  status: z.enum(ROW_STATUSES),
  entryId: z.optional(z.string()),
  error: z.optional(z.string()),
  error_code: z.optional(z.string()),
  apiError: z.optional(z.custom<ApiError>(isApiError)),
});

/** A job's fields but its rows (the head kept apart from the rows: lib/storage/batch.ts). */
export const batchJobFields = z.object({
  id: z.string(),
  depth: depthSchema,
  endpoint: z.string(),
  creditsPerProfile: z.number(),
  status: z.enum(JOB_STATUSES),
  pausedReason: z.optional(textSchema),
  creditsSpent: z.number(),
  lost: z.optional(jobLossSchema),
  requests: z.number(),
  requestMs: z.number(),
  run: z.optional(
    z.object({
      startedAt: z.number(),
      first: z.optional(z.object({ at: z.number(), settled: z.number() })),
      last: z.optional(z.object({ at: z.number(), settled: z.number() })),
    }),
  ),
  createdAt: z.number(),
  updatedAt: z.number(),
});

export const batchJobSchema: z.ZodMiniType<BatchJob> = z.extend(batchJobFields, {
  rows: z.array(batchRowSchema),
});

/** What a batch will cost before anything is sent (see lib/batch/plan.ts). */
export type PlanStatus = 'new' | 'cached' | 'duplicate' | 'invalid';

export interface PlannedPerson {
  input: LookupInput;
  key: string;
  status: PlanStatus;
  /** The history entry that serves a cached person. */
  entryId?: string;
  /** Why an invalid person cannot be sent. */
  reason?: string;
}

export interface BatchPlan {
  people: PlannedPerson[];
  /** People to send, in order. */
  toSend: number;
  cached: number;
  duplicates: number;
  invalid: number;
  creditsPerProfile: number;
  /** toSend × creditsPerProfile. */
  cost: number;
  /** null when unknown (the service still refuses a batch it cannot charge). */
  balance: number | null;
  /** How many of `toSend` the balance covers. */
  fits: number;
  short: boolean;
}

/** A light shape check on what comes back from storage; a damaged record is skipped, not shown. */
export function isHistoryEntry(x: unknown): x is HistoryEntry {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Partial<Record<keyof HistoryEntry, unknown>>;
  const input = e.input as Partial<LookupInput> | null | undefined;
  return (
    typeof e.id === 'string' &&
    typeof e.personKey === 'string' &&
    typeof e.createdAt === 'number' &&
    typeof e.endpoint === 'string' &&
    typeof e.creditsCharged === 'number' &&
    (e.depth === 'quick' || e.depth === 'complete' || e.depth === 'plus') &&
    (e.lang === 'pt' || e.lang === 'en') &&
    typeof e.analysis === 'object' &&
    e.analysis !== null &&
    typeof input === 'object' &&
    input !== null &&
    typeof input.primeiro_nome === 'string' &&
    typeof input.empresa === 'string'
  );
}
