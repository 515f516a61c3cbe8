import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DOUBLE_CLICK_MS, gesture } from '@/lib/compose/gesture';

/** Clicks at the given times (ms); each accepted one ends after `takes` ms. Returns the times that inserted. */
function run(times: number[], takes: number): number[] {
  let now = 0;
  const g = gesture(() => now);
  const accepted: number[] = [];
  let endsAt: number | null = null;
  for (const t of times) {
    if (endsAt !== null && endsAt <= t) {
      g.end();
      endsAt = null;
    }
    now = t;
    if (g.start()) {
      accepted.push(t);
      endsAt = t + takes;
    }
  }
  return accepted;
}

describe('gesture: one insertion per click gesture', () => {
  it('a double click (two clicks 100–200 ms apart) inserts once, even when the first insertion ends at once', () => {
    for (const gap of [100, 120, 150, 200]) expect(run([1000, 1000 + gap], 0)).toEqual([1000]);
  });

  it('a click while the first is still on its way does nothing, however late', () => {
    expect(run([1000, 1000 + 2 * DOUBLE_CLICK_MS], 5000)).toEqual([1000]);
  });

  it('a second deliberate click after the interval, once the first is done, inserts again', () => {
    expect(run([1000, 1000 + DOUBLE_CLICK_MS + 300], 50)).toEqual([1000, 1000 + DOUBLE_CLICK_MS + 300]);
  });

  it('the click’s own time stamp decides, not when a busy page gets to it', () => {
    let now = 0;
    const g = gesture(() => now);
    now = 1000;
    expect(g.start(1000)).toBe(true);
    g.end();
    // the second click of the double click, stamped 150 ms after the first, handled two seconds later
    now = 3000;
    expect(g.start(1150)).toBe(false);
    // a later click, stamped later
    expect(g.start(3000)).toBe(true);
  });

  it('a run of quick clicks is one gesture', () => {
    expect(run([0, 300, 600, 900, 1200], 10)).toEqual([0]);
  });

  it('property: every accepted click is at least the interval after the click before it, and after the previous insertion ended', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 3000 }),
        (gaps, takes) => {
          const times = gaps.reduce<number[]>((acc, g) => [...acc, (acc.at(-1) ?? 0) + g], []);
          const accepted = run(times, takes);
          expect(accepted[0]).toBe(times[0]);
          for (const t of accepted.slice(1)) {
            const i = times.indexOf(t);
            expect(t - times[i - 1]!).toBeGreaterThanOrEqual(DOUBLE_CLICK_MS);
            const before = accepted[accepted.indexOf(t) - 1]!;
            expect(t - before).toBeGreaterThanOrEqual(takes);
          }
          // a click the guard refused was quick after another, or came while an insertion was under way
          for (const [i, t] of times.entries()) {
            if (accepted.includes(t) || i === 0) continue;
            const prev = accepted.filter((a) => a <= t).at(-1)!;
            expect(t - times[i - 1]! < DOUBLE_CLICK_MS || t - prev < takes).toBe(true);
          }
        },
      ),
      { seed: 38, numRuns: 500 },
    );
  });
});
