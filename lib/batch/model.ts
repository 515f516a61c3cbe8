import { z } from 'zod';
import { isApiError, type ApiError } from '@/lib/api/errors';
import { ENDPOINTS, MAX_BATCH_SIZE } from '@/lib/api/endpoints';
import { lookupInputSchema, type LookupInput } from '@/lib/messaging';
import { depths, type Depth } from '@/lib/storage';

/*
 * A batch job as it is persisted (storage.local): the rows and where each one stands. Results live in the
 * history (a row holds the entry id), so the job stays small enough to rewrite after every response.
 */

export { MAX_BATCH_SIZE };

/** The batch endpoint for each depth (the batch endpoints answer in Portuguese only). */
export const BATCH_ENDPOINT = {
  quick: 'crmBasicoBatch',
  complete: 'crmBatch',
  plus: 'crmPlusBatch',
} as const satisfies Record<Depth, keyof typeof ENDPOINTS>;
export type BatchEndpoint = (typeof BATCH_ENDPOINT)[Depth];

export const creditsPerProfile = (depth: Depth) => ENDPOINTS[BATCH_ENDPOINT[depth]].credits;

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

export interface BatchJob {
  id: string;
  depth: Depth;
  /** Request path, e.g. `/crm_batch`. */
  endpoint: string;
  creditsPerProfile: number;
  status: JobStatus;
  /** Why a job stopped by itself (out of credits, key refused). */
  pausedReason?: { pt: string; en: string };
  rows: BatchRow[];
  creditsSpent: number;
  /** Requests answered and the time they took in all, for the ETA. */
  requests: number;
  requestMs: number;
  createdAt: number;
  updatedAt: number;
}

export const INTERRUPTED_ROW = {
  error: 'interrompido: confira os créditos',
  error_code: 'INTERRUPTED',
} as const;

const rowSchema: z.ZodType<BatchRow> = z.object({
  id: z.string(),
  input: lookupInputSchema,
  status: z.enum(ROW_STATUSES),
  entryId: z.string().optional(),
  error: z.string().optional(),
  error_code: z.string().optional(),
  apiError: z.custom<ApiError>(isApiError).optional(),
});

export const batchJobSchema: z.ZodType<BatchJob> = z.object({
  id: z.string(),
  depth: z.enum(depths),
  endpoint: z.string(),
  creditsPerProfile: z.number(),
  status: z.enum(JOB_STATUSES),
  pausedReason: z.object({ pt: z.string(), en: z.string() }).optional(),
  rows: z.array(rowSchema),
  creditsSpent: z.number(),
  requests: z.number(),
  requestMs: z.number(),
  createdAt: z.number(),
  updatedAt: z.number(),
});

/** Jobs by id; a damaged job is dropped, not the whole map. */
export const batchJobsSchema = z.record(z.string(), z.unknown()).transform((r) =>
  Object.fromEntries(
    Object.entries(r).flatMap(([k, v]) => {
      const parsed = batchJobSchema.safeParse(v);
      return parsed.success ? [[k, parsed.data] as const] : [];
    }),
  ),
) as unknown as z.ZodType<Record<string, BatchJob>>;

export const isFinal = (s: RowStatus) => s === 'done' || s === 'cached' || s === 'cancelled';
export const canRetry = (s: RowStatus) => s === 'failed' || s === 'interrupted' || s === 'cancelled';
