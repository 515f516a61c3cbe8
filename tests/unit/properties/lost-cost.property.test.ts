import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeLoss, possibleCharges, type LostGroup } from '@/lib/batch/lost-cost';

/*
 * What lost requests cost, from the balance before, the balance after and what the answered requests charged. Each
 * run draws the lost requests (batch rows at 1, 2 or 3 credits, Plus lookups at 3 or 2), what the service really took
 * for each person, and, in the second block, spending elsewhere on the same key.
 */

const SETTLE = 1_000_000;

const group = fc
  .record({
    ref: fc.constantFrom('job-a', 'job-b', 'lookup-c'),
    batch: fc.boolean(),
    people: fc.integer({ min: 1, max: 25 }),
    unit: fc.constantFrom(1, 2, 3),
  })
  .map(
    ({ ref, batch, people, unit }): LostGroup => ({
      ref,
      kind: batch ? 'batch' : 'lookup',
      rowIds: [],
      people: batch ? people : 1,
      prices: batch ? [unit] : [3, 2],
      settleBy: SETTLE,
    }),
  );

/** The groups, and what the service took for each of their people (0 or one of its prices). */
const lost = fc
  .array(group, { minLength: 1, maxLength: 4 })
  .chain((groups) =>
    fc.tuple(
      fc.constant(groups),
      fc.tuple(
        ...groups.map((g) =>
          fc.array(fc.constantFrom(0, ...g.prices), { minLength: g.people, maxLength: g.people }),
        ),
      ),
    ),
  )
  .map(([groups, taken]) => ({ groups, actual: taken.flat().reduce((s, c) => s + c, 0) }));

const figures = fc.record({
  answered: fc.integer({ min: 0, max: 5_000 }),
  spare: fc.integer({ min: 0, max: 10_000 }),
});

describe('lost cost from balances (property)', () => {
  it('with no other spending, once settled: exactly what was taken, never "other spending"', () => {
    fc.assert(
      fc.property(lost, figures, ({ groups, actual }, { answered, spare }) => {
        const max = groups.reduce((s, g) => s + g.people * Math.max(...g.prices), 0);
        const before = answered + max + spare;
        const j = judgeLoss({
          before,
          after: { balance: before - answered - actual, computedAt: SETTLE },
          answered,
          groups,
        });
        expect(j.final).toBe(true);
        expect(j.lost).toBe(actual);
        const refs = new Set(groups.map((g) => g.ref));
        for (const v of j.verdicts.values()) {
          expect(v.state).not.toBe('measuring');
          if (v.state === 'uncertain') expect(v.reason).toBe('shared');
          if (actual === 0) expect(v).toEqual({ state: 'free' });
        }
        if (refs.size === 1 && actual > 0)
          expect([...j.verdicts.values()]).toEqual([{ state: 'charged', credits: actual }]);
        // Every figure shown is a job's own: their sum is never more than what was taken.
        const shown = [...j.verdicts.values()].reduce(
          (s, v) => s + (v.state === 'charged' ? v.credits : 0),
          0,
        );
        expect(shown).toBeLessThanOrEqual(actual);
        if (actual === max) expect(shown).toBe(actual);
      }),
      { seed: 37, numRuns: 300 },
    );
  });

  it('with other spending on the key: "uncertain", or a figure the lost requests alone could have cost', () => {
    fc.assert(
      fc.property(
        lost,
        figures,
        fc.integer({ min: -50, max: 50 }).filter((s) => s !== 0),
        ({ groups, actual }, { answered, spare }, other) => {
          const max = groups.reduce((s, g) => s + g.people * Math.max(...g.prices), 0);
          const before = answered + max + spare + 100;
          const j = judgeLoss({
            before,
            after: { balance: before - answered - actual - other, computedAt: SETTLE },
            answered,
            groups,
          });
          const drop = actual + other;
          if (!possibleCharges(groups).has(drop)) {
            // What no combination of the lost requests explains is never shown as their cost.
            for (const v of j.verdicts.values())
              expect(v).toEqual({ state: 'uncertain', reason: 'other-spending' });
            expect(j.lost).toBeNull();
          } else {
            // Spending elsewhere that looks exactly like a lost charge cannot be told apart: the figure is the drop.
            expect(j.lost).toBe(drop);
          }
        },
      ),
      { seed: 37, numRuns: 300 },
    );
  });

  it('a reading before the lost requests settled says "measuring" unless they already took the most they could', () => {
    fc.assert(
      fc.property(lost, figures, ({ groups, actual }, { answered, spare }) => {
        const max = groups.reduce((s, g) => s + g.people * Math.max(...g.prices), 0);
        const before = answered + max + spare;
        const j = judgeLoss({
          before,
          after: { balance: before - answered - actual, computedAt: SETTLE - 1 },
          answered,
          groups,
        });
        if (actual < max) {
          expect(j.final).toBe(false);
          for (const v of j.verdicts.values()) expect(v).toEqual({ state: 'measuring' });
        } else expect(j.final).toBe(true);
      }),
      { seed: 37, numRuns: 300 },
    );
  });

  it('without a balance from before, nothing is measured', () => {
    fc.assert(
      fc.property(lost, fc.integer({ min: 0, max: 10_000 }), ({ groups }, after) => {
        const j = judgeLoss({
          before: null,
          after: { balance: after, computedAt: SETTLE },
          answered: 0,
          groups,
        });
        for (const v of j.verdicts.values())
          expect(v).toEqual({ state: 'uncertain', reason: 'no-balance-before' });
      }),
      { seed: 37, numRuns: 100 },
    );
  });
});
