/** Concurrent requests on one account never overspend, and the ledger stays exact. */
import { expect, it } from 'vitest';
import { type Reply, person, setupSandbox } from './test-helpers';

const { post, admin } = setupSandbox();
const ana = person('Ana', 'Souza', 'Nubank');

it('200 concurrent single requests spend exactly the balance, never more', async () => {
  const key = await admin.account({ tier: 'complete', credits: 150 });
  const replies = await Promise.all(Array.from({ length: 200 }, () => post('/crm_basico', key, ana)));
  const ok = replies.filter((r) => r.status === 200);
  expect(ok).toHaveLength(150);
  expect(replies.filter((r) => r.status === 402)).toHaveLength(50);
  // Every success saw its own balance: no two requests debited the same credit.
  const remaining = ok
    .map((r) => r.body.billing_info.creditos_restantes)
    .sort((a: number, b: number) => a - b);
  expect(remaining).toEqual(Array.from({ length: 150 }, (_, i) => i));
  const ledger = await admin.ledger(key);
  expect(ledger.entries).toHaveLength(150);
  expect(new Set(ledger.entries.map((e: { request_id: string }) => e.request_id)).size).toBe(150);
  expect(ledger).toMatchObject({ total_credits: 150, balance: 0 });
});

it('200 concurrent mixed requests keep balance == initial − sum of the ledger', async () => {
  const initial = 333;
  const key = await admin.account({ tier: 'plus', credits: initial });
  const batch = {
    profiles: [ana, person('Rui', 'Melo', 'Empresa Inexistente'), person('Lia', 'Reis', 'Agro Sul')],
  };
  const calls: Promise<Reply>[] = Array.from({ length: 200 }, (_, i) => {
    switch (i % 4) {
      case 0:
        return post('/crm_basico', key, ana);
      case 1:
        return post('/crm', key, ana);
      case 2:
        return post('/crm_plus', key, ana);
      default:
        return post('/crm_plus_batch', key, batch);
    }
  });
  const replies = await Promise.all(calls);
  // Demand (about 600 credits) exceeds the balance, so requests compete for the last credits.
  expect(replies.every((r) => r.status === 200 || r.status === 402)).toBe(true);
  expect(replies.some((r) => r.status === 402)).toBe(true);
  const charged = replies
    .filter((r) => r.status === 200)
    .reduce((sum, r) => sum + (r.body.billing_info.creditos_utilizados as number), 0);
  const ledger = await admin.ledger(key);
  expect(ledger.total_credits).toBe(charged);
  expect(ledger.balance).toBe(initial - ledger.total_credits);
  expect(ledger.balance).toBeGreaterThanOrEqual(0);
});
