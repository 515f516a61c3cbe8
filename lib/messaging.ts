import { browser } from 'wxt/browser';
import { z } from 'zod';
import type { Candidate } from '@/lib/extract/types';
import { ApiFailure, type ApiError } from '@/lib/api/errors';
import {
  CHANNELS,
  depthSchema,
  lookupInputSchema,
  lookupRequestSchema,
  type BatchJob,
  type BatchPlan,
  type Credits,
  type DraftVersion,
  type HistoryEntry,
  type HistorySummary,
  type KeyStatus,
  type LookupJob,
  type ModelInfo,
  type PlansInfo,
  type Quote,
  type ServiceStatus,
  type SimilarPerson,
} from '@/lib/model';

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
  quote: lookupRequestSchema,
  lookup: lookupRequestSchema,
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

export type RequestType = keyof typeof requests;
export type RequestData<T extends RequestType> = z.input<(typeof requests)[T]>;
export type ParsedRequest<T extends RequestType> = z.output<(typeof requests)[T]>;

/** The envelope on the wire. Errors come back as plain data, never as thrown class instances. */
export type Envelope<T extends RequestType = RequestType> = { type: T; data: RequestData<T> };
export type Reply<T extends RequestType> = { ok: true; value: Responses[T] } | { ok: false; error: ApiError };

/** The background's ApiError, as `send` throws it in a page; toApiError (lib/api/errors.ts) gives it back. */
export class MessageError extends ApiFailure {}

/** Send a request from an extension page to the background; throws MessageError with the ApiError. */
export async function send<T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> {
  const reply = (await browser.runtime.sendMessage({ type, data } satisfies Envelope<T>)) as
    | Reply<T>
    | undefined;
  if (!reply) throw new Error(`No answer to ${type}`);
  if (!reply.ok) throw new MessageError(reply.error);
  return reply.value;
}
