import { describe, expect, it } from 'vitest';
import { failure, setupSandbox } from './sandbox';

/* docs/api-contract.md: a charging request is re-sent only when the service said it did not process it (429). */

const sb = setupSandbox();
const ana = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

describe('429 handling', () => {
  it('waits Retry-After and re-sends; the ledger shows one charge', async () => {
    const key = await sb.account({ tier: 'complete' });
    await sb.faults({ fail_next: { status: 429, count: 1 } });
    const waits: number[] = [];
    const started = Date.now();
    const body = await sb.client(key).crmPlus(ana, { onRateLimitWait: (s) => waits.push(s) });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(waits).toEqual([1]);
    expect(body.billing_info?.creditos_utilizados).toBe(3);
    expect((await sb.ledger(key)).entries).toEqual([
      expect.objectContaining({ endpoint: '/crm_plus', credits: 3 }),
    ]);
  });

  it('the plan’s own rate limit is honoured the same way, without double charges', async () => {
    const key = await sb.account({ tier: 'basic' });
    await sb.faults({ rate_limit_per_s: 1 });
    try {
      const client = sb.client(key);
      const waits: number[] = [];
      await client.crmBasico(ana);
      await client.crmBasico({ ...ana, primeiro_nome: 'Bia' }, { onRateLimitWait: (s) => waits.push(s) });
      expect(waits).toEqual([1]);
      const ledger = await sb.ledger(key);
      expect(ledger.entries).toHaveLength(2);
      expect(ledger.total_credits).toBe(2);
    } finally {
      await sb.faults({ rate_limit_per_s: 0 });
    }
  });

  it('cancelling during the wait stops at once and charges nothing', async () => {
    const key = await sb.account({ tier: 'basic' });
    await sb.faults({ fail_next: { status: 429, count: 1 } });
    const ctl = new AbortController();
    const error = await failure(
      sb.client(key).crmBasico(ana, { signal: ctl.signal, onRateLimitWait: () => ctl.abort() }),
    );
    expect(error).toMatchObject({ code: 'ABORTED', charged: 'no' });
    expect((await sb.ledger(key)).total_credits).toBe(0);
    // The fault was used by the single attempt: nothing else reached the sandbox.
    const faults = await fetch(`${sb.url()}/__sandbox/faults`).then(
      (r) => r.json() as Promise<{ fail_next: unknown }>,
    );
    expect(faults.fail_next).toBeNull();
  });
});

describe('cancellation', () => {
  it('a signal already aborted sends nothing', async () => {
    const key = await sb.account({ tier: 'complete' });
    const error = await failure(sb.client(key).crmPlus(ana, { signal: AbortSignal.abort() }));
    expect(error).toMatchObject({ code: 'ABORTED', charged: 'no', action: 'none' });
    expect((await sb.ledger(key)).entries).toHaveLength(0);
  });
});

describe('no automatic re-send when the outcome is unknown', () => {
  it('a batch dropped after the charge is reported once, with exactly one charge in the ledger', async () => {
    const key = await sb.account({ tier: 'basic' });
    await sb.faults({ drop_connection_next: true });
    const error = await failure(sb.client(key).crmBasicoBatch([ana, { ...ana, primeiro_nome: 'Bia' }]));
    expect(error).toMatchObject({ code: 'NETWORK', charged: 'unknown', action: 'check_credits' });
    const ledger = await sb.ledger(key);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.total_credits).toBe(2);
  });

  it('a timed-out Plus call is not re-sent', async () => {
    const key = await sb.account({ tier: 'complete' });
    await sb.faults({ latency_scale: 0.05 });
    try {
      // Plus takes 15–35 s × 0.05 = 0.75–1.75 s here.
      const error = await failure(sb.client(key).crmPlus(ana, { timeoutMs: 300 }));
      expect(error.code).toBe('TIMEOUT');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect((await sb.ledger(key)).entries).toHaveLength(1);
    } finally {
      await sb.faults({ latency_scale: 0.01 });
    }
  });
});
