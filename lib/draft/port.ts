import { z } from 'zod';
import { browser } from 'wxt/browser';
import { makeApiError, type ApiError } from '@/lib/api/errors';
import { MAX_MODEL_ID } from './limits';
import { CHANNELS, DRAFT_LANGUAGES, LENGTHS, TONES } from './prompt';

/*
 * Drafting streams through a runtime Port: the page connects, posts one request, and receives deltas until
 * `done` or `error`. Disconnecting the port stops the generation (the background aborts its fetch).
 */
export const DRAFT_PORT = 'draft';

export const draftRequestSchema = z.object({
  entryId: z.string().min(1).max(100),
  channel: z.enum(CHANNELS),
  tone: z.enum(TONES),
  length: z.enum(LENGTHS),
  language: z.enum(DRAFT_LANGUAGES),
  notes: z.string().trim().max(2000).default(''),
  model: z.string().trim().min(1).max(MAX_MODEL_ID),
  temperature: z.number(),
  maxTokens: z.number(),
});
export type DraftRequest = z.input<typeof draftRequestSchema>;
export type ParsedDraftRequest = z.output<typeof draftRequestSchema>;

export type DraftMessage =
  | { type: 'delta'; text: string }
  /** `truncated`: the draft reached MAX_DRAFT_CHARS and was stopped there. */
  | { type: 'done'; truncated?: boolean }
  | { type: 'error'; error: ApiError };

export interface DraftHandlers {
  onDelta(text: string): void;
  /** `truncated`: the text stops at the draft size limit. */
  onDone(truncated: boolean): void;
  onError(error: ApiError): void;
}

/** Starts a draft from an extension page; the returned function stops it. */
export function streamDraft(request: DraftRequest, handlers: DraftHandlers): () => void {
  const port = browser.runtime.connect({ name: DRAFT_PORT });
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
    if (message.type === 'done') handlers.onDone(message.truncated === true);
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
