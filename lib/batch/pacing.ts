/*
 * When the next batch request may start (docs/api-contract.md, Batches): at most 5 requests in flight, at least 0.5 s
 * between consecutive starts, and nothing starts while a 429's Retry-After runs.
 */

export const MAX_IN_FLIGHT = 5;
export const MIN_GAP_MS = 500;

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export interface PacerOptions {
  maxInFlight?: number;
  minGapMs?: number;
  clock?: Clock;
}

/**
 * A granted start. Call `sent()` when the request goes on the wire (after the job is saved and the client is
 * ready): the 0.5 s gap counts from there, and the next start is not decided before it. Call the permit itself
 * when the answer (or failure) is in; released without `sent()`, nothing went out and no gap is owed.
 */
export interface Permit {
  (): void;
  sent(): void;
}

export function createPacer({
  maxInFlight = MAX_IN_FLIGHT,
  minGapMs = MIN_GAP_MS,
  clock = realClock,
}: PacerOptions = {}) {
  let inFlight = 0;
  let lastStart = -Infinity;
  let holdUntil = -Infinity;
  /** Callers waiting for a free slot, first come first served. */
  const waiting: (() => void)[] = [];
  /** Starts are decided one at a time, each after the previous one is on the wire (or given up). */
  let gate: Promise<void> = Promise.resolve();

  function freeSlot(): Promise<void> {
    if (inFlight < maxInFlight) return Promise.resolve();
    return new Promise((resolve) => waiting.push(resolve));
  }

  async function take(): Promise<void> {
    await freeSlot();
    for (;;) {
      const wait = Math.max(lastStart + minGapMs, holdUntil) - clock.now();
      if (wait <= 0) break;
      await clock.sleep(wait);
    }
    inFlight++;
  }

  return {
    /** Resolves when a request may start (see Permit). */
    acquire(): Promise<Permit> {
      let open!: () => void;
      const onWire = new Promise<void>((resolve) => (open = resolve));
      const turn = gate.then(take);
      // The next start waits for this one to be sent or given up; a failed take lets it through at once.
      gate = turn.then(
        () => onWire,
        () => undefined,
      );
      return turn.then(() => {
        let released = false;
        let sent = false;
        const permit = (() => {
          open();
          if (released) return;
          released = true;
          inFlight--;
          waiting.shift()?.();
        }) as Permit;
        permit.sent = () => {
          if (sent || released) return;
          sent = true;
          lastStart = clock.now();
          open();
        };
        return permit;
      });
    },

    /** A 429 said to wait: no request starts before `seconds` have passed. */
    holdFor(seconds: number): void {
      holdUntil = Math.max(holdUntil, clock.now() + seconds * 1000);
    },

    get inFlight() {
      return inFlight;
    },
  };
}

export type Pacer = ReturnType<typeof createPacer>;
