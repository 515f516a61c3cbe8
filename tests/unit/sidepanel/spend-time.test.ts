import { describe, expect, it } from 'vitest';
import { balanceAfter, costOf, needsConfirmation } from '@/lib/panel/spend';
import { ageText, daysSince, progressOf } from '@/lib/panel/time';

const cached = { id: 'h1' } as never;
const on = { confirmSpending: true, confirmAboveCredits: 3 };

describe('spending', () => {
  it('costs nothing when history serves the lookup, the full price on refresh', () => {
    expect(costOf({ credits: 2, cached: null }, false)).toBe(2);
    expect(costOf({ credits: 2, cached }, false)).toBe(0);
    expect(costOf({ credits: 2, cached }, true)).toBe(2);
  });

  it('tells the balance after the charge, or nothing when the balance is unknown', () => {
    expect(balanceAfter(10, 3)).toBe(7);
    expect(balanceAfter(1, 2)).toBe(-1);
    expect(balanceAfter(null, 2)).toBeNull();
  });

  it('asks before Plus and before anything at or above the threshold', () => {
    expect(needsConfirmation('plus', 3, on)).toBe(true);
    expect(needsConfirmation('complete', 2, on)).toBe(false);
    expect(needsConfirmation('complete', 2, { confirmSpending: true, confirmAboveCredits: 2 })).toBe(true);
    expect(needsConfirmation('quick', 1, on)).toBe(false);
  });

  it('never asks when nothing is spent or when the user turned confirmations off', () => {
    expect(needsConfirmation('plus', 0, on)).toBe(false);
    expect(needsConfirmation('plus', 3, { ...on, confirmSpending: false })).toBe(false);
  });
});

describe('time', () => {
  const day = 86_400_000;
  it('counts whole days since a lookup and says it in both languages', () => {
    expect(daysSince(1_000, 1_000 + 3 * day + 5)).toBe(3);
    expect(daysSince(5_000, 1_000)).toBe(0);
    expect(ageText(0)).toEqual({ pt: 'atualizado hoje', en: 'updated today' });
    expect(ageText(1).pt).toBe('atualizado há 1 dia');
    expect(ageText(12)).toEqual({ pt: 'atualizado há 12 dias', en: 'updated 12 days ago' });
  });

  it('fills the bar toward the typical maximum and never completes it before the answer', () => {
    expect(progressOf(0, [5, 18])).toEqual({ percent: 0, phase: 'early' });
    expect(progressOf(9_000, [5, 18])).toEqual({ percent: 50, phase: 'typical' });
    expect(progressOf(18_000, [5, 18])).toEqual({ percent: 95, phase: 'typical' });
    expect(progressOf(60_000, [5, 18])).toEqual({ percent: 95, phase: 'late' });
    expect(progressOf(-50, [5, 18])).toEqual({ percent: 0, phase: 'early' });
  });
});
