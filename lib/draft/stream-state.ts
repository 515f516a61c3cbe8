import type { ApiError } from '@/lib/api/errors';

/*
 * A model text streamed to a page (a draft, a review, a meeting's plan) as one small state machine, so the three
 * pages that stream read alike: idle → streaming → done | truncated | stopped | error, and streaming again on a new
 * start. A start names its run, and so does every event of the stream: what an earlier run still sends after a stop
 * or a new start is dropped, never appended to the new text.
 */

export type StreamStatus = 'idle' | 'streaming' | 'done' | 'truncated' | 'stopped' | 'error';

export interface StreamState {
  status: StreamStatus;
  /** What the model wrote so far (or the text the page put there: a kept draft, the seller's edits). */
  text: string;
  error: ApiError | null;
  /** The run whose events count (while streaming). */
  run: number;
}

export type StreamEvent =
  | { type: 'start'; run: number }
  | { type: 'delta'; run: number; text: string }
  /** `text`: the final text when the page rewrites it (a channel's format); else the text streamed. */
  | { type: 'done'; run: number; truncated: boolean; text?: string }
  | { type: 'error'; run: number; error: ApiError }
  /** The user stopped: `as` is the status shown ('stopped', or 'done' where a partial answer is usable as it is). */
  | { type: 'stop'; as: 'stopped' | 'done' }
  /** The page sets the text itself (an edit, a kept version); `status` when that changes what is shown. */
  | { type: 'set'; text: string; status?: StreamStatus };

export const idleStream = (text = ''): StreamState => ({ status: 'idle', text, error: null, run: 0 });

export function streamStep(s: StreamState, e: StreamEvent): StreamState {
  switch (e.type) {
    case 'start':
      return { status: 'streaming', text: '', error: null, run: e.run };
    case 'stop':
      return s.status === 'streaming' ? { ...s, status: e.as } : s;
    case 'set':
      return { ...s, text: e.text, ...(e.status && { status: e.status }) };
    default:
      if (e.run !== s.run || s.status !== 'streaming') return s;
      if (e.type === 'delta') return { ...s, text: s.text + e.text };
      if (e.type === 'done')
        return { ...s, status: e.truncated ? 'truncated' : 'done', text: e.text ?? s.text };
      return { ...s, status: 'error', error: e.error };
  }
}
