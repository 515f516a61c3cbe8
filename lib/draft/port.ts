import * as z from 'zod/mini';
import { browser } from 'wxt/browser';
import { makeApiError, type ApiError } from '@/lib/api/errors';
import { MAX_MODEL_ID } from './limits';
import { DRAFT_LANGUAGES, LENGTHS, TONES } from './prompt';
import { CHANNELS, type DraftVersion } from '@/lib/model';

/*
 * Drafting streams through a runtime Port: the page connects, posts one request, and receives deltas until
 * `done` or `error`. Disconnecting the port stops the generation (the background aborts its fetch).
 */
export const DRAFT_PORT = 'draft';

// zod/mini: the page that drafts loads this module too.
const trimmed = (min: number, max: number) =>
  z.string().check(z.trim(), ...(min > 0 ? [z.minLength(min)] : []), z.maxLength(max));
const entryId = () => z.string().check(z.minLength(1), z.maxLength(100));

export const draftRequestSchema = z.object({
  entryId: entryId(),
  channel: z.enum(CHANNELS),
  tone: z.enum(TONES),
  length: z.enum(LENGTHS),
  language: z.enum(DRAFT_LANGUAGES),
  notes: z._default(trimmed(0, 2000), ''),
  model: trimmed(1, MAX_MODEL_ID),
  temperature: z.number(),
  maxTokens: z.number(),
});
export type DraftRequest = z.input<typeof draftRequestSchema>;

/** "Revisar meu texto": the seller's own text, reviewed against the entry's analysis, streamed on this port. */
export const REVIEW_PORT = 'review';
export const reviewRequestSchema = z.object({
  entryId: entryId(),
  text: trimmed(1, 10_000),
  channel: z.enum(CHANNELS),
  language: z.enum(DRAFT_LANGUAGES),
  model: trimmed(1, 200),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** "Plano da conversa": one paragraph for a meeting, from its title and its people's analyses, on this port. */
export const MEETING_PORT = 'meeting-plan';
export const meetingPlanRequestSchema = z.object({
  entryIds: z.array(entryId()).check(z.minLength(1), z.maxLength(30)),
  title: trimmed(0, 300),
  language: z.enum(DRAFT_LANGUAGES),
  model: trimmed(1, MAX_MODEL_ID),
});
export type MeetingPlanRequest = z.input<typeof meetingPlanRequestSchema>;

export type DraftMessage =
  | { type: 'delta'; text: string }
  /** `truncated`: the draft reached MAX_DRAFT_CHARS and was stopped there; `versions`: the person's drafts once saved. */
  | { type: 'done'; truncated?: boolean; versions?: DraftVersion[] }
  | { type: 'error'; error: ApiError };

export interface DraftHandlers {
  onDelta(text: string): void;
  /**
   * `truncated`: the text stops at the draft size limit; `versions`: the person's drafts once this one is saved
   * with them (drafts only).
   */
  onDone(done: { truncated: boolean; versions?: DraftVersion[] }): void;
  onError(error: ApiError): void;
}

/** Starts a draft from an extension page; the returned function stops it. */
export function streamDraft(
  request: DraftRequest | ReviewRequest | MeetingPlanRequest,
  handlers: DraftHandlers,
  name: typeof DRAFT_PORT | typeof REVIEW_PORT | typeof MEETING_PORT = DRAFT_PORT,
): () => void {
  const port = browser.runtime.connect({ name });
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    port.disconnect();
  };
  port.onMessage.addListener((message: DraftMessage) => {
    if (!open) return;
    if (message.type === 'delta') return handlers.onDelta(message.text);
    close();
    if (message.type === 'done')
      handlers.onDone({ truncated: message.truncated === true, versions: message.versions });
    else handlers.onError(message.error);
  });
  port.onDisconnect.addListener(() => {
    if (!open) return;
    open = false;
    // The worker went away mid-stream.
    handlers.onError(makeApiError('NETWORK', {}));
  });
  port.postMessage(request);
  return close;
}
