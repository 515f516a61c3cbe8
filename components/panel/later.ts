import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { idle } from './idle';

/** Content this close below the view renders before the reader scrolls to it. */
const AHEAD = '200px 0px';
/**
 * The part of a view that waits for the first paint: false at first, true once the element given to the returned
 * ref (a marker at the end of what is shown first) nears the view, once the browser is idle, or before a
 * print, whichever comes first. Rendering what comes after the marker adds below it: nothing already on screen moves.
 * `mark`, when given, is set as a performance mark the moment that part is committed.
 */
export function useLater(mark?: string): [boolean, RefObject<HTMLDivElement | null>] {
  const [ready, setReady] = useState(false);
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (ready) return;
    const show = () => setReady(true);
    const print = () => flushSync(show);
    window.addEventListener('beforeprint', print);
    const stopIdle = idle(show);
    const at = marker.current;
    const seen =
      at && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
            rootMargin: AHEAD,
          })
        : undefined;
    if (at) seen?.observe(at);
    return () => {
      window.removeEventListener('beforeprint', print);
      stopIdle();
      seen?.disconnect();
    };
  }, [ready]);
  useLayoutEffect(() => {
    if (ready && mark) performance.mark(mark);
  }, [ready, mark]);
  return [ready, marker];
}
