import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useStream } from '@/components/panel/context';
import type { DRAFT_PORT, MEETING_PORT, REVIEW_PORT, DraftHandlers } from '@/lib/draft/port';
import { idleStream, streamStep, type StreamStatus } from '@/lib/draft/stream-state';

type Port = typeof DRAFT_PORT | typeof REVIEW_PORT | typeof MEETING_PORT;
type Request = Parameters<ReturnType<typeof useStream>>[0];
type Done = Parameters<DraftHandlers['onDone']>[0];

/**
 * A model text streamed on `port` (lib/draft/stream-state.ts is its state machine). `start` stops a stream still
 * running and begins anew; `finish`, when given, is told the whole text once it is done and may return the text to
 * show instead (a channel's format). The stream stops when the page goes away or `resetKey` changes (another
 * person), and nothing it still sends is shown.
 */
export function useModelStream(port: Port, initial = '', resetKey?: unknown) {
  const stream = useStream();
  const [state, dispatch] = useReducer(streamStep, initial, idleStream);
  const stopPort = useRef<(() => void) | null>(null);
  const run = useRef(0);

  const cancel = useCallback(() => {
    stopPort.current?.();
    stopPort.current = null;
  }, []);
  useEffect(() => cancel, [cancel, resetKey]);

  function start(request: Request, finish?: (text: string, done: Done) => string | void) {
    cancel();
    const mine = ++run.current;
    dispatch({ type: 'start', run: mine });
    let whole = '';
    stopPort.current = stream(
      request,
      {
        onDelta: (text) => {
          whole += text;
          dispatch({ type: 'delta', run: mine, text });
        },
        onDone: (done) => {
          stopPort.current = null;
          const text = finish?.(whole, done) ?? undefined;
          dispatch({
            type: 'done',
            run: mine,
            truncated: done.truncated,
            ...(text !== undefined && { text }),
          });
        },
        onError: (error) => {
          stopPort.current = null;
          dispatch({ type: 'error', run: mine, error });
        },
      },
      port,
    );
  }

  /** The user stopped: what was written stays, shown as `as` ('stopped' unless a partial answer is whole enough). */
  function stop(as: 'stopped' | 'done' = 'stopped') {
    cancel();
    dispatch({ type: 'stop', as });
  }

  /** The page puts a text there itself (an edit, a kept version), with the status that it shows, when it changes. */
  const set = (text: string, status?: StreamStatus) =>
    dispatch({ type: 'set', text, ...(status && { status }) });

  return { ...state, streaming: state.status === 'streaming', start, stop, set };
}
