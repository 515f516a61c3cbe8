/*
 * An idle moment of the browser, in a module of its own: the panel's first paint schedules its preloads with it, and
 * carries none of the views' later rendering (./later.ts).
 */

/** An idle moment runs it anyway, at the latest this long after it was asked for. */
const IDLE_TIMEOUT_MS = 1500;

/** Runs `run` in an idle moment of the browser, at the latest after the idle timeout; returns its cancel. */
export const idle = (run: () => void): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, 1);
  return () => clearTimeout(handle);
};
