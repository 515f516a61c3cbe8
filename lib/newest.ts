/*
 * A debounced, newest-only request: what a form asks of the worker while the seller types (the panel's quotes, a
 * meeting's batch plan). Each `ask` replaces the one before: the request goes out once the asks pause for `delayMs`,
 * and its answer is handed on only when no newer ask (nor a `cancel`) came meanwhile, so a slow answer never
 * overwrites a later one.
 */

export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface NewestOnly<T> {
  /** Asks `run` after the pause; `settle` gets its answer, or its failure, if it is still the newest ask. */
  ask(run: () => Promise<T>, settle: (result: Settled<T>) => void): void;
  /** Drops the pending ask and any answer still to come. */
  cancel(): void;
}

export function newestOnly<T>(delayMs: number): NewestOnly<T> {
  let gen = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    gen++;
    clearTimeout(timer);
  };
  return {
    ask(run, settle) {
      cancel();
      const mine = gen;
      timer = setTimeout(() => {
        run().then(
          (value) => mine === gen && settle({ ok: true, value }),
          (error: unknown) => mine === gen && settle({ ok: false, error }),
        );
      }, delayMs);
    },
    cancel,
  };
}
