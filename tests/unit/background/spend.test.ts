import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createSpendWatch } from '@/lib/background/spend';
import type { LossJudgement, LostGroup } from '@/lib/batch/lost-cost';
import { emptyCredits } from '@/lib/model';

/** A tracker on a clock the test moves, reading the balance the test sets; its judgements collected. */
function tracker(start: { balance: number }) {
  let now = 1_000_000;
  let balance = start.balance;
  const judged: { groups: LostGroup[]; judgement: LossJudgement }[] = [];
  const spend = createSpendWatch({
    now: () => now,
    readBalance: async () => balance,
    // A /creditos reading taken long before anything was sent: the base of what follows.
    storedCredits: async () => ({
      ...emptyCredits,
      balance: start.balance,
      updatedAt: 500_000,
      source: 'creditos',
    }),
    onJudged: (groups, judgement) => void judged.push({ groups, judgement }),
    later: () => undefined,
  });
  return {
    spend,
    judged,
    tick: (ms: number) => (now += ms),
    charge: (n: number) => (balance -= n),
  };
}

const batchRequest = (rowIds: string[]) => ({
  ref: 'job',
  kind: 'batch' as const,
  rowIds,
  people: rowIds.length,
  prices: [1],
  settleBy: 1_000_000 + 120_000,
});

describe('spend watch: what lost answers cost', () => {
  beforeEach(() => fakeBrowser.reset());

  it('measures the lost request from the balance once nothing is in flight and the 30 s cache is past', async () => {
    const t = tracker({ balance: 100 });
    await t.spend.open('a', batchRequest(['0', '1']));
    await t.spend.open('b', batchRequest(['2', '3', '4']));
    t.charge(2); // a: both analysed, answered
    t.charge(3); // b: all three charged, answer lost
    t.tick(5_000);
    await t.spend.answer('a', 2, 95);
    await t.spend.lose('b', 0, { people: 3, rowIds: ['2', '3', '4'] });
    // Too soon: a /creditos asked now may still be the balance of 30 s ago.
    t.tick(10_000);
    expect(await t.spend.measure()).toBeNull();
    t.tick(25_000);
    const j = await t.spend.measure();
    expect(j?.verdicts.get('job')).toEqual({ state: 'charged', credits: 3 });
    expect(t.judged).toHaveLength(1);
    expect(await t.spend.pending()).toBe(false);
  });

  it('says "não foram cobradas" when the balance shows no charge, once the lost request has surely settled', async () => {
    const t = tracker({ balance: 100 });
    await t.spend.open('b', batchRequest(['0', '1']));
    await t.spend.lose('b', 0, { people: 2, rowIds: ['0', '1'] });
    t.tick(40_000);
    // A charge may still come until the request's timeout: still measuring.
    expect((await t.spend.measure())?.verdicts.get('job')).toEqual({ state: 'measuring' });
    t.tick(120_000);
    expect((await t.spend.measure())?.verdicts.get('job')).toEqual({ state: 'free' });
  });

  it('other spending on the key that the lost requests cannot explain is "uncertain", never a figure', async () => {
    const t = tracker({ balance: 100 });
    await t.spend.open('b', batchRequest(['0', '1']));
    t.charge(2); // both charged
    await t.spend.lose('b', 0, { people: 2, rowIds: ['0', '1'] });
    t.charge(7); // another device, meanwhile
    t.tick(200_000);
    expect((await t.spend.measure())?.verdicts.get('job')).toEqual({
      state: 'uncertain',
      reason: 'other-spending',
    });
  });

  it('a request sent meanwhile makes the reading wait: nothing is judged while one is in flight', async () => {
    const t = tracker({ balance: 100 });
    await t.spend.open('b', batchRequest(['0']));
    await t.spend.lose('b', 0, { people: 1, rowIds: ['0'] });
    await t.spend.open('c', batchRequest(['1']));
    t.tick(200_000);
    expect(await t.spend.measure()).toBeNull();
    t.charge(1);
    await t.spend.answer('c', 1);
    t.tick(31_000);
    expect((await t.spend.measure())?.verdicts.get('job')).toEqual({ state: 'free' });
  });
});
