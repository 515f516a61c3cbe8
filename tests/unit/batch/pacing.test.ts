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
      const release = await pacer.acquire();
      starts.push(clock.now());
      release();
    }
    expect(starts).toEqual([0, 500, 1000]);
  });

  it('does not wait when the gap has already passed', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    (await pacer.acquire())();
    clock.t += 2000;
    (await pacer.acquire())();
    expect(clock.now()).toBe(2000);
  });

  it('keeps at most 5 requests in flight; the 6th starts when one ends', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    const releases: (() => void)[] = [];
    for (let i = 0; i < 5; i++) releases.push(await pacer.acquire());
    expect(pacer.inFlight).toBe(5);
    let sixth = false;
    const next = pacer.acquire().then((r) => ((sixth = true), r));
    await flush();
    expect(sixth).toBe(false);
    releases[0]!();
    const release = await next;
    expect(sixth).toBe(true);
    expect(pacer.inFlight).toBe(5);
    expect(clock.now()).toBe(2500);
    release();
  });

  it('releasing twice frees one slot only', async () => {
    const pacer = createPacer({ clock: virtualClock(), maxInFlight: 2 });
    const a = await pacer.acquire();
    await pacer.acquire();
    a();
    a();
    expect(pacer.inFlight).toBe(1);
  });

  it('waits out a Retry-After before the next start', async () => {
    const clock = virtualClock();
    const pacer = createPacer({ clock });
    (await pacer.acquire())();
    clock.t = 100;
    pacer.holdFor(3);
    (await pacer.acquire())();
    expect(clock.now()).toBe(3100);
  });
});
