import * as z from 'zod/mini';
import { MAX_CANDIDATES, type Candidate } from '@/lib/extract/types';
import {
  GUEST_KINDS,
  MAX_GUESTS,
  MEETING_SOURCES,
  RESPONSES,
  type MeetingReading,
} from '@/lib/extract/meeting-types';
import type { ApiError } from '@/lib/api/errors';
import {
  candidateSchema,
  CHANNELS,
  depthSchema,
  lookupInputSchema,
  lookupRequestSchema,
  upTo,
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
  type SimilarPeople,
} from '@/lib/model';
import { fieldsSchema, valuesSchema, type RecipeNotice, type Taught } from '@/lib/recipe/protocol';

/*
 * One typed protocol for every context.
 * - content script <-> extension: plain objects, no zod on that side (the content script stays small).
 * - extension pages -> background: `send(type, data)`; the background validates `data` with `requestSchema(type)`
 *   and checks the sender before anything runs (lib/background/router.ts).
 */

/** extension -> content script */
export type ContentRequest = { type: 'extract' } | ComposeRequest;
/**
 * "Insert this text into the focused compose box", or read the user's own text from it. `target: 'note'`: the box is
 * a CRM record's note editor ("Inserir no CRM"), never a search box, a field, a comment on something else or a chat.
 */
export type ComposeRequest =
  | {
      type: 'compose';
      op: 'insert';
      text: string;
      replace: boolean;
      subject?: string;
      target?: ComposeTarget;
    }
  | { type: 'compose'; op: 'read' };
export type ComposeTarget = 'message' | 'note';
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
  /** A box the seller writes in (e.g. webmail's compose) has the page's focus. */
  composing?: boolean;
  /** The meeting open on the page (a calendar event or an invitation), when there is one. */
  meeting?: MeetingReading;
}
const meetingSchema: z.ZodMiniType<MeetingReading> = z.object({
  source: z.enum(MEETING_SOURCES),
  title: upTo(300),
  when: upTo(200),
  self: upTo(320),
  guests: z
    .array(
      z.object({
        name: upTo(200),
        email: upTo(320),
        response: z.enum(RESPONSES),
        organizer: z.boolean(),
        optional: z.optional(z.boolean()),
        kind: z.enum(GUEST_KINDS),
      }),
    )
    .check(z.maxLength(MAX_GUESTS)),
  unlisted: z.int().check(z.minimum(0), z.maximum(10_000)),
});
/** What a content script answers is checked like any other input: it runs inside a web page. */
export const contentResponseSchema: z.ZodMiniType<ContentResponse> = z.object({
  url: upTo(4096),
  title: upTo(500),
  candidates: z.array(candidateSchema).check(z.maxLength(MAX_CANDIDATES)),
  composing: z.optional(z.boolean()),
  meeting: z.optional(meetingSchema),
});
/** content script -> extension: the only thing a page may tell us. */
export type ContentEvent = { type: 'page-changed'; url: string };

const text = (max: number) => z.string().check(z.trim(), z.maxLength(max));
const empty = () => z._default(z.object({}), {});
const id = () => z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const tabId = () => z.int().check(z.nonnegative());
const entryId = () => z.string().check(z.minLength(1), z.maxLength(100));

const batchPlanRequest = () =>
  z.object({
    people: z.array(lookupInputSchema).check(z.minLength(1), z.maxLength(1000)),
    depth: depthSchema,
    refresh: z._default(z.boolean(), false),
  });

/** The largest page of whole entries one message carries (about 2 MB). */
export const HISTORY_PAGE_MAX = 500;

/** A page of the whole history: its entries, newest first; where the next starts (null: none); how many in all. */
export interface HistoryPage {
  entries: HistoryEntry[];
  next: { createdAt: number; id: string } | null;
  total: number;
}

/**
 * Requests from extension pages to the background: how to build each payload's schema (zod/mini), and below, the
 * response types. The worker builds a schema on the first message of its type (`requestSchema`); pages only send,
 * and never build one.
 */
const requests = {
  quote: () => lookupRequestSchema,
  lookup: () => lookupRequestSchema,
  'job.get': id,
  'history.list': () =>
    z.object({
      query: z._default(text(200), ''),
      limit: z._default(z.int().check(z.minimum(1), z.maximum(500)), 50),
    }),
  'history.get': id,
  // The whole history a page at a time (the export): the page after `after`, from the newest when null.
  'history.page': () =>
    z.object({
      after: z._default(
        z.nullable(
          z.object({ createdAt: z.number(), id: z.string().check(z.minLength(1), z.maxLength(200)) }),
        ),
        null,
      ),
      limit: z._default(z.int().check(z.minimum(1), z.maximum(HISTORY_PAGE_MAX)), HISTORY_PAGE_MAX),
    }),
  'history.delete': id,
  'history.clear': empty,
  'credits.get': () => z.object({ refresh: z._default(z.boolean(), false) }),
  'key.set': () => z.object({ key: text(512).check(z.minLength(1)) }),
  'key.test': () => z.object({ key: z.optional(text(512)) }),
  'key.remove': empty,
  detect: () => z.object({ tabId: tabId() }),
  'open.panel': () => z.object({ tabId: z.optional(tabId()) }),
  'tiers.get': empty,
  'service.status': empty,
  'models.list': empty,
  'batch.plan': batchPlanRequest,
  'batch.start': () =>
    z.extend(batchPlanRequest(), { limit: z.optional(z.int().check(z.minimum(1), z.maximum(1000))) }),
  'batch.get': id,
  'batch.pause': id,
  'batch.resume': id,
  'batch.cancel': id,
  'batch.retry': () =>
    z.extend(id(), {
      rows: z
        .array(
          z.object({
            rowId: z.string().check(z.minLength(1), z.maxLength(20)),
            input: z.optional(lookupInputSchema),
          }),
        )
        .check(z.minLength(1), z.maxLength(1000)),
    }),
  'batch.delete': id,
  'batch.entries': id,
  /** From a page showing a running job, now and then: the message wakes a stopped worker, whose start carries the job on. */
  'work.wake': () => z.object({}),
  'draft.similar': () => z.object({ entryId: entryId() }),
  'draft.list': () => z.object({ entryId: entryId() }),
  'draft.save': () =>
    z.object({
      entryId: entryId(),
      text: upTo(20_000),
      channel: z.enum(CHANNELS),
      versionId: z.optional(upTo(100)),
    }),
  'compose.insert': () =>
    z.object({
      tabId: tabId(),
      text: z.string().check(z.minLength(1), z.maxLength(20_000)),
      replace: z._default(z.boolean(), false),
      subject: z.optional(text(500)),
      target: z._default(z.enum(['message', 'note']), 'message'),
    }),
  'compose.read': () => z.object({ tabId: tabId() }),
  // what the seller's correction teaches the site (lib/background/recipe.ts)
  'recipe.learn': () => z.object({ tabId: tabId(), values: valuesSchema }),
  'recipe.ready': () => z.object({ tabId: tabId() }),
  'recipe.save': () => z.object({ tabId: tabId(), url: upTo(4096), fields: fieldsSchema }),
} satisfies Record<string, () => z.ZodMiniType>;

export type RequestType = keyof typeof requests;
type RequestSchema<T extends RequestType> = ReturnType<(typeof requests)[T]>;
export type RequestData<T extends RequestType> = z.input<RequestSchema<T>>;
export type ParsedRequest<T extends RequestType> = z.output<RequestSchema<T>>;

export const isRequestType = (type: unknown): type is RequestType =>
  typeof type === 'string' && Object.hasOwn(requests, type);

const built = new Map<RequestType, z.ZodMiniType>();
/** The payload schema of one request type, built on its first use. */
export function requestSchema<T extends RequestType>(type: T): RequestSchema<T> {
  let schema = built.get(type);
  if (!schema) built.set(type, (schema = requests[type]()));
  return schema as RequestSchema<T>;
}

export interface Responses {
  quote: Quote;
  lookup: { jobId: string };
  'job.get': LookupJob | null;
  'history.list': HistorySummary[];
  'history.get': HistoryEntry | null;
  'history.page': HistoryPage;
  'history.delete': { ok: true };
  'history.clear': { ok: true };
  'credits.get': Credits;
  'key.set': KeyStatus;
  'key.test': { ok: true; credits: Credits } | { ok: false; error: ApiError };
  'key.remove': KeyStatus;
  detect:
    | ({ ok: true } & ContentResponse & { recipe?: RecipeNotice })
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
  'work.wake': { ok: true };
  'draft.similar': SimilarPeople;
  'draft.list': DraftVersion[];
  'draft.save': DraftVersion[];
  'compose.insert': ComposeResult | { ok: false; reason: 'no-script' };
  'compose.read': ComposeResult | { ok: false; reason: 'no-script' };
  'recipe.learn': Taught | null;
  'recipe.ready': { ok: boolean };
  'recipe.save': Taught | null;
}

/** The envelope on the wire. Errors come back as plain data, never as thrown class instances. */
export type Envelope<T extends RequestType = RequestType> = { type: T; data: RequestData<T> };
export type Reply<T extends RequestType> = { ok: true; value: Responses[T] } | { ok: false; error: ApiError };
// A page sends with lib/send.ts (and exports the history with lib/history-export.ts): none of the schemas here.

/*
 * The history's export goes over the service worker's own channel (navigator.serviceWorker, same-origin: only our
 * pages reach it), not runtime messages. The worker writes the file, a step of entries at a time, and hands each
 * part over as text: a string crosses far cheaper than the entries' object graphs would, and the page has only to
 * keep it (the file's parts in a Blob) while the worker reads and writes the next.
 */
export const exportRequestSchema = z.object({
  type: z.literal('history.export'),
  format: z.enum(['json', 'csv']),
});
export type ExportRequest = z.infer<typeof exportRequestSchema>;
export type ExportReply =
  | { type: 'page'; text: string; done: number; total: number }
  | { type: 'done'; text: string; count: number }
  | { type: 'error'; error: ApiError };
