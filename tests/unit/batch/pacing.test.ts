import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPacer, type Clock } from '@/lib/batch/pacing';
import { chunk } from '@/lib/batch/chunk';

/** Virtual time: sleeping moves the clock forward at once. */
function virtualClock(): Clock & { t: number } {
  const clock = {
    t: 0,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
    },
  };
  return clock;
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('chunk', () => {
  it('cuts 37 people into requests of at most 10, in order', () => {
    const people = Array.from({ length: 37 }, (_, i) => i);
    const chunks = chunk(people);
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 10, 7]);
    expect(chunks.flat()).toEqual(people);
  });

  it('gives nothing for nobody and refuses a size below 1', () => {
    expect(chunk([])).toEqual([]);
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe('pacer', () => {
  it('spaces consecutive starts by at least 0.5 s', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    const starts: number[] = [];
    for (let i = 0; i < 3; i++) {
      const permit = await pacer.acquire();
      permit.sent();
      starts.push(clock.now());
      permit();
    }
    expect(starts).toEqual([0, 500, 1000]);
  });

  it('counts the gap from when the request is sent, not from when the slot was granted', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    const wire: number[] = [];
    // Saving the job before each send takes a varying time (300 ms, then none, then 120 ms).
    for (const saving of [300, 0, 120]) {
      const permit = await pacer.acquire();
      clock.t += saving;
      permit.sent();
      wire.push(clock.now());
    }
    expect(wire).toEqual([300, 800, 1420]);
    for (let i = 1; i < wire.length; i++) expect(wire[i]! - wire[i - 1]!).toBeGreaterThanOrEqual(500);
  });

  it('does not decide the next start before the previous request is on the wire', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    const first = await pacer.acquire();
    let second = false;
    const next = pacer.acquire().then((p) => ((second = true), p));
    await flush();
    expect(second).toBe(false);
    clock.t = 450;
    first.sent();
    const permit = await next;
    expect(second).toBe(true);
    expect(clock.now()).toBe(950);
    permit();
    first();
  });

  it('owes no gap for a start given up before sending', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    (await pacer.acquire())();
    (await pacer.acquire())();
    expect(clock.now()).toBe(0);
  });

  it('keeps every pair of sends at least 0.5 s apart, whatever the save times', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 2000 }), { minLength: 2, maxLength: 12 }),
        async (saves) => {
          const clock = virtualClock();
          const pacer = createPacer({ clock, maxInFlight: 3 });
          const wire: number[] = [];
          const permits = saves.map(async (saving) => {
            const permit = await pacer.acquire();
            clock.t += saving;
            permit.sent();
            wire.push(clock.now());
            await flush();
            permit();
          });
          await Promise.all(permits);
          expect(wire).toHaveLength(saves.length);
          for (let i = 1; i < wire.length; i++) expect(wire[i]! - wire[i - 1]!).toBeGreaterThanOrEqual(500);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('does not wait when the gap has already passed', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    const first = await pacer.acquire();
    first.sent();
    first();
    clock.t += 2000;
    (await pacer.acquire())();
    expect(clock.now()).toBe(2000);
  });

  it('keeps at most 5 requests in flight; the 6th starts when one ends', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    const releases: (() => void)[] = [];
    for (let i = 0; i < 5; i++) {
      const permit = await pacer.acquire();
      permit.sent();
      releases.push(permit);
    }
    expect(pacer.inFlight).toBe(5);
    let sixth = false;
    const next = pacer.acquire().then((r) => ((sixth = true), r));
    await flush();
    expect(sixth).toBe(false);
    releases[0]!();
    const release = await next;
    release.sent();
    expect(sixth).toBe(true);
    expect(pacer.inFlight).toBe(5);
    expect(clock.now()).toBe(2500);
    release();
  });

  it('releasing twice frees one slot only', async () => {
    const pacer = createPacer({ clock: virtualClock(), maxInFlight: 2 });
    const a = await pacer.acquire();
    a.sent();
    (await pacer.acquire()).sent();
    a();
    a();
    expect(pacer.inFlight).toBe(1);
  });

  it('waits out a Retry-After before the next start', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    const first = await pacer.acquire();
    first.sent();
    first();
    clock.t = 100;
    pacer.holdFor(3);
    (await pacer.acquire())();
    expect(clock.now()).toBe(3100);
  });
});
