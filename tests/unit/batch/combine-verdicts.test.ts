import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineVerdicts, type LostVerdict } from '@/lib/batch/lost-cost';

/*
 * One batch job can lose requests at several worker stops; each loss is judged on its own reading of the balance and
 * the job shows one verdict (lib/background/batch.ts keeps it with the job). What that one verdict may say.
 */

const verdict: fc.Arbitrary<LostVerdict> = fc.oneof(
  fc.constant({ state: 'measuring' } as const),
  fc.constant({ state: 'free' } as const),
  fc.integer({ min: 1, max: 500 }).map((credits) => ({ state: 'charged', credits }) as const),
  fc
    .constantFrom('other-spending', 'shared', 'no-balance-before')
    .map((reason) => ({ state: 'uncertain', reason }) as const),
);

const credits = (v: LostVerdict) => (v.state === 'charged' ? v.credits : 0);

describe('combineVerdicts', () => {
  it('the first verdict of a job is the job’s', () => {
    expect(combineVerdicts(undefined, { state: 'free' })).toEqual({ state: 'free' });
    expect(combineVerdicts(undefined, { state: 'charged', credits: 3 })).toEqual({
      state: 'charged',
      credits: 3,
    });
  });

  it('adds what two losses took, and two free losses are free', () => {
    expect(combineVerdicts({ state: 'charged', credits: 2 }, { state: 'charged', credits: 3 })).toEqual({
      state: 'charged',
      credits: 5,
    });
    expect(combineVerdicts({ state: 'free' }, { state: 'charged', credits: 1 })).toEqual({
      state: 'charged',
      credits: 1,
    });
    expect(combineVerdicts({ state: 'free' }, { state: 'free' })).toEqual({ state: 'free' });
  });

  it('is still measuring while either loss is, and uncertain for good once either is', () => {
    expect(combineVerdicts({ state: 'charged', credits: 2 }, { state: 'measuring' })).toEqual({
      state: 'measuring',
    });
    expect(combineVerdicts({ state: 'measuring' }, { state: 'free' })).toEqual({ state: 'measuring' });
    const shared = { state: 'uncertain', reason: 'shared' } as const;
    expect(combineVerdicts(shared, { state: 'charged', credits: 2 })).toEqual(shared);
    expect(combineVerdicts({ state: 'measuring' }, shared)).toEqual(shared);
  });

  it('never shows a number the two verdicts do not add up to, in any order', () => {
    fc.assert(
      fc.property(fc.array(verdict, { minLength: 1, maxLength: 8 }), (vs) => {
        const one = vs.reduce<LostVerdict | undefined>((acc, v) => combineVerdicts(acc, v), undefined)!;
        const uncertain = vs.find((v) => v.state === 'uncertain');
        if (uncertain) {
          // the first uncertainty met stands: a later figure cannot make the job's cost known again
          expect(one).toEqual(uncertain);
          return;
        }
        const sum = vs.reduce((s, v) => s + credits(v), 0);
        expect(one).toEqual(
          vs.some((v) => v.state === 'measuring')
            ? { state: 'measuring' }
            : sum
              ? { state: 'charged', credits: sum }
              : { state: 'free' },
        );
      }),
      { numRuns: 500 },
    );
  });
});
