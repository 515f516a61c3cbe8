import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { newestOnly, type Settled } from '@/lib/newest';

afterEach(() => void vi.useRealTimers());

describe('newestOnly: a debounced request whose answer counts only while it is the newest', () => {
  it('asks once after the pause, with the last ask', async () => {
    vi.useFakeTimers();
    const asked: number[] = [];
    const got: Settled<number>[] = [];
    const n = newestOnly<number>(150);
    for (const i of [1, 2, 3])
      n.ask(
        async () => (asked.push(i), i * 10),
        (r) => got.push(r),
      );
    await vi.advanceTimersByTimeAsync(149);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([3]);
    expect(got).toEqual([{ ok: true, value: 30 }]);
  });

  it('a failure is handed on as a failure; a cancel drops what is on its way', async () => {
    vi.useFakeTimers();
    const got: Settled<number>[] = [];
    const n = newestOnly<number>(10);
    n.ask(
      () => Promise.reject(new Error('rede')),
      (r) => got.push(r),
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(got).toMatchObject([{ ok: false, error: new Error('rede') }]);
    let answer!: (v: number) => void;
    n.ask(
      () => new Promise<number>((r) => (answer = r)),
      (r) => got.push(r),
    );
    await vi.advanceTimersByTimeAsync(10);
    n.cancel();
    answer(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(got).toHaveLength(1);
  });

  it('property: whatever order the answers come back in, only the newest request’s answer is handed on', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.nat(5), { minLength: 6, maxLength: 6 }),
        async (asks, order) => {
          const answers: ((v: number) => void)[] = [];
          const got: Settled<number>[] = [];
          const n = newestOnly<number>(0);
          for (let i = 0; i < asks; i++) {
            n.ask(
              () => new Promise<number>((r) => answers.push(r)),
              (r) => got.push(r),
            );
            // each request goes out before the next ask (a slow answer, not a debounced ask)
            await new Promise((r) => setTimeout(r, 0));
          }
          const byOrder = answers
            .map((a, i) => ({ a, i }))
            .sort((x, y) => order[x.i]! - order[y.i]! || x.i - y.i);
          for (const { a, i } of byOrder) a(i);
          await Promise.resolve();
          await Promise.resolve();
          expect(got).toEqual([{ ok: true, value: asks - 1 }]);
        },
      ),
      { numRuns: 50 },
    );
  });
});
