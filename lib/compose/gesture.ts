/*
 * One insertion per gesture, for "Inserir na mensagem", "Revisar meu texto" and "Inserir no CRM" alike (the panel's
 * one insertion hook, components/draft/useInsert.tsx, asks it before sending anything). A person's double click is
 * two clicks 100–500 ms apart (500 ms is the desktop's usual double-click interval): the second one, and any click
 * while an insertion is on its way, belongs to the gesture already being answered and does nothing.
 */

/** The longest time between two clicks of one double click. */
export const DOUBLE_CLICK_MS = 500;

export interface Gesture {
  /**
   * Whether a click starts a new insertion (true) or belongs to the one under way or just done (false). `at`: when
   * the person clicked (the event's time stamp, in the clock `now` reads), which a busy page may handle late.
   */
  start(at?: number): boolean;
  /** The insertion started by `start` is over (done or failed). */
  end(): void;
}

/**
 * A guard over clicks: a click starts an insertion only when none is on its way and the previous click, accepted
 * or not, is at least `interval` ms old (a run of quick clicks is one gesture).
 */
export function gesture(now: () => number, interval = DOUBLE_CLICK_MS): Gesture {
  let last = Number.NEGATIVE_INFINITY;
  let busy = false;
  return {
    start(at) {
      const t = at ?? now();
      const quick = t - last < interval;
      last = t;
      if (busy || quick) return false;
      busy = true;
      return true;
    },
    end() {
      busy = false;
    },
  };
}
