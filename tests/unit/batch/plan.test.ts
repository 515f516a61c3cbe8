import { describe, expect, it } from 'vitest';
import { personKey } from '@/lib/history';
import { eta, progressOf } from '@/lib/batch/progress';
import { planBatch, selectForJob } from '@/lib/batch/plan';
import type { BatchJob, LookupInput } from '@/lib/model';

const p = (primeiro_nome: string, ultimo_nome: string, empresa: string): LookupInput => ({
  primeiro_nome,
  ultimo_nome,
  empresa,
});
const people = [
  p('Ana', 'Souza', 'Nubank'),
  p('Bruno', 'Lima', 'Stone'),
  p('ANA', 'Souza ', 'nubank'), // the same person, written differently
  p('Carla', '', 'Vtex'), // no last name: the batch endpoints require it
  p('Davi', 'Reis', 'Totvs'),
  p('Eva', 'Melo', 'Natura'),
];

describe('planBatch', () => {
  const none = new Map<string, string>();

  it('merges duplicates, sets aside incomplete people and prices the rest', () => {
    const plan = planBatch({ people, creditsPerProfile: 2, balance: 100, cached: none, refresh: false });
    expect(plan.people.map((x) => x.status)).toEqual(['new', 'new', 'duplicate', 'invalid', 'new', 'new']);
    expect(plan.people[3]!.reason).toMatch(/sobrenome/);
    expect(plan).toMatchObject({ toSend: 4, duplicates: 1, invalid: 1, cost: 8, fits: 4, short: false });
  });

  it('skips people already in the history unless refresh', () => {
    const cached = new Map([[personKey(people[1]!), 'entry-bruno']]);
    const plan = planBatch({ people, creditsPerProfile: 3, balance: 100, cached, refresh: false });
    expect(plan.people[1]).toMatchObject({ status: 'cached', entryId: 'entry-bruno' });
    expect(plan).toMatchObject({ toSend: 3, cached: 1, cost: 9 });
    const refreshed = planBatch({ people, creditsPerProfile: 3, balance: 100, cached, refresh: true });
    expect(refreshed).toMatchObject({ toSend: 4, cached: 0, cost: 12 });
  });

  it('when the balance is short, says how many fit and the job takes only those', () => {
    const plan = planBatch({ people, creditsPerProfile: 2, balance: 5, cached: none, refresh: false });
    expect(plan).toMatchObject({ cost: 8, fits: 2, short: true });
    expect(selectForJob(plan, plan.fits).map((x) => x.input.primeiro_nome)).toEqual(['Ana', 'Bruno']);
  });

  it('an unknown balance does not block (the service still refuses what it cannot charge)', () => {
    const plan = planBatch({ people, creditsPerProfile: 1, balance: null, cached: none, refresh: false });
    expect(plan).toMatchObject({ fits: 4, short: false });
  });

  it('cached people are kept in the job at no cost', () => {
    const cached = new Map([[personKey(people[4]!), 'e-davi']]);
    const plan = planBatch({ people, creditsPerProfile: 1, balance: 1, cached, refresh: false });
    expect(selectForJob(plan, plan.fits).map((x) => [x.input.primeiro_nome, x.status])).toEqual([
      ['Ana', 'new'],
      ['Davi', 'cached'],
    ]);
  });
});

describe('progress', () => {
  const job = (statuses: BatchJob['rows'][number]['status'][], extra: Partial<BatchJob> = {}): BatchJob => ({
    id: 'j',
    depth: 'complete',
    endpoint: '/crm_batch',
    creditsPerProfile: 2,
    status: 'running',
    rows: statuses.map((status, i) => ({ id: String(i), input: p('A', 'B', 'C'), status })),
    creditsSpent: 4,
    requests: 0,
    requestMs: 0,
    createdAt: 0,
    updatedAt: 0,
    ...extra,
  });

  it('counts done, failed and remaining rows', () => {
    const pr = progressOf(job(['done', 'cached', 'failed', 'interrupted', 'queued', 'sent', 'cancelled']));
    expect(pr).toMatchObject({ total: 7, done: 2, failed: 2, remaining: 2, creditsSpent: 4, etaMs: null });
    expect(pr.fraction).toBeCloseTo(5 / 7);
  });

  it('estimates the time left from the average request', () => {
    expect(eta(0, null)).toBe(0);
    expect(eta(5, null)).toBeNull();
    // 50 rows = 5 requests, all in flight at once but started 0.5 s apart
    expect(eta(50, 1000)).toBe(3000);
    // 120 rows = 12 requests: three waves of 5
    expect(eta(120, 4000)).toBe(12000);
    expect(progressOf(job(['queued'], { requests: 2, requestMs: 3000 })).etaMs).toBe(1500);
  });
});
