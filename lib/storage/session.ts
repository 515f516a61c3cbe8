import * as z from 'zod/mini';
import { isApiError, type ApiError } from '@/lib/api/errors';
import {
  candidateSchema,
  isHistoryEntry,
  lookupRequestSchema,
  upTo,
  type HistoryEntry,
  type LookupJob,
} from '@/lib/model';
import { lostVerdictSchema } from '@/lib/batch/lost-cost';
import { defineStored, recordOf } from './define';
import { SESSION_KEYS } from './keys';

/*
 * What the background keeps in storage.session: it outlives a worker restart (not a browser restart) and every
 * extension page can watch it. Pages read these items; only the background writes them.
 */

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
const jobSchema: z.ZodMiniType<LookupJob> = z.discriminatedUnion('status', [
  z.extend(jobBase, { status: z.literal('running') }),
  z.extend(jobBase, { status: z.literal('done'), entryId: z.string(), fromHistory: z.boolean() }),
  z.extend(jobBase, { status: z.literal('error'), error: z.custom<ApiError>(isApiError) }),
  z.extend(jobBase, { status: z.literal('interrupted'), lost: z.optional(lostVerdictSchema) }),
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
export const pendingPersonSchema = z.nullable(
  z.object({
    tabId: z.nullable(z.int()),
    /** The selected text, so the panel can show it when it could not be read as a person. */
    text: upTo(500),
    candidate: z.nullable(candidateSchema),
    at: z.number(),
  }),
);
export type PendingPerson = NonNullable<z.infer<typeof pendingPersonSchema>>;
export const pendingPerson = defineStored(`session:${SESSION_KEYS.pendingPerson}`, pendingPersonSchema, null);

/** The last single-page navigation a content script reported. */
export const pageChangedSchema = z.nullable(z.object({ tabId: z.int(), url: upTo(2048), at: z.number() }));
export const pageChanged = defineStored(`session:${SESSION_KEYS.pageChanged}`, pageChangedSchema, null);

/** When /creditos was last asked, shared by every page through the background. */
export const creditsCheckedAt = defineStored(`session:${SESSION_KEYS.creditsCheckedAt}`, z.number(), 0);

/** The analysis the side panel last showed, so a panel opened again brings the seller's person (and draft) back. */
export const shownEntry = defineStored(
  `session:${SESSION_KEYS.shownEntry}`,
  z.nullable(z.object({ id: upTo(200), at: z.number() })),
  null,
);
