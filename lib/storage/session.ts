import { z } from 'zod';
import { isApiError, type ApiError } from '@/lib/api/errors';
import type { Candidate } from '@/lib/extract/types';
import { isHistoryEntry, lookupRequestSchema, type HistoryEntry, type LookupJob } from '@/lib/model';
import { defineStored, recordOf } from './define';
import { SESSION_KEYS } from './keys';

/*
 * What the background keeps in storage.session: it outlives a worker restart (not a browser restart) and every
 * extension page can watch it. Pages read these items; only the background writes them.
 */

export const candidateSchema: z.ZodType<Candidate> = z.object({
  primeiro_nome: z.string().max(500),
  ultimo_nome: z.string().max(500),
  empresa: z.string().max(500),
  cargo: z.string().max(500).optional(),
  confidence: z.number().min(0).max(1),
  source: z.string().max(100),
});

const jobBase = z.object({
  id: z.string(),
  request: lookupRequestSchema,
  quote: z.object({
    endpoint: z.string(),
    credits: z.number(),
    timeRange: z.tuple([z.number(), z.number()]),
  }),
  startedAt: z.number(),
  updatedAt: z.number(),
});
const jobSchema: z.ZodType<LookupJob> = z.discriminatedUnion('status', [
  jobBase.extend({ status: z.literal('running') }),
  jobBase.extend({ status: z.literal('done'), entryId: z.string(), fromHistory: z.boolean() }),
  jobBase.extend({ status: z.literal('error'), error: z.custom<ApiError>(isApiError) }),
  jobBase.extend({ status: z.literal('interrupted') }),
]);

/** Lookup jobs by id: running, done, failed or interrupted. */
export const lookupJobs = defineStored(`session:${SESSION_KEYS.lookupJobs}`, recordOf(jobSchema), {});

/** Results IndexedDB refused (storage full), kept for this browser session so no paid result is lost. */
export const unsavedEntries = defineStored(
  `session:${SESSION_KEYS.unsavedEntries}`,
  recordOf(z.custom<HistoryEntry>(isHistoryEntry)),
  {},
);

/** A person handed to the side panel by the context menu or the keyboard command. */
export const pendingPersonSchema = z
  .object({
    tabId: z.number().int().nullable(),
    /** The selected text, so the panel can show it when it could not be read as a person. */
    text: z.string().max(500),
    candidate: candidateSchema.nullable(),
    at: z.number(),
  })
  .nullable();
export type PendingPerson = NonNullable<z.infer<typeof pendingPersonSchema>>;
export const pendingPerson = defineStored(`session:${SESSION_KEYS.pendingPerson}`, pendingPersonSchema, null);

/** The last single-page navigation a content script reported. */
export const pageChangedSchema = z
  .object({ tabId: z.number().int(), url: z.string().max(2048), at: z.number() })
  .nullable();
export const pageChanged = defineStored(`session:${SESSION_KEYS.pageChanged}`, pageChangedSchema, null);

/** When /creditos was last asked, shared by every page through the background. */
export const creditsCheckedAt = defineStored(`session:${SESSION_KEYS.creditsCheckedAt}`, z.number(), 0);

/** The analysis the side panel last showed, so a panel opened again brings the seller's person (and draft) back. */
export const shownEntry = defineStored(
  `session:${SESSION_KEYS.shownEntry}`,
  z.object({ id: z.string().max(200), at: z.number() }).nullable(),
  null,
);
