import { describe, expect, it, vi } from 'vitest';
import { createClientFactory } from '@/lib/background/api';
import { billingNotice, reconcile } from '@/lib/background/reconcile';
import { credits } from '@/lib/storage';
import { creditsCheckedAt } from '@/lib/storage/session';
import { engineWith, setupEngineTests } from './setup';
import { emptyCredits, type LookupInput, type LookupJob, type SeenQuote } from '@/lib/model';
import { historyToCsv } from '../export-oracle';

const sandbox = setupEngineTests();
const ana: LookupInput = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

describe('reconcile', () => {
  it('agrees, or tells the difference in words', () => {
    expect(reconcile(100, 99, 1)).toBeUndefined();
    expect(reconcile(null, 99, 1)).toBeUndefined();
    expect(reconcile(100, undefined, 1)).toBeUndefined();
    const twice = reconcile(100, 96, 2)!;
    expect(twice).toEqual({ expected: 2, observed: 4, before: 100, after: 96 });
    expect(billingNotice(twice).pt).toContain(
      'O serviço registrou 2 cobranças para esta consulta (4 créditos), e não 1 (2 créditos).',
    );
    expect(billingNotice(twice).en).toContain('The service recorded 2 charges for this lookup (4 credits)');
    expect(billingNotice(reconcile(100, 95, 2)!).pt).toContain(
      'O saldo caiu 5 créditos com esta consulta, 3 créditos a mais que o preço (2 créditos).',
    );
    expect(billingNotice(reconcile(100, 100, 2)!).pt).toContain(
      'O saldo caiu 0 créditos com esta consulta, menos que o preço (2 créditos).',
    );
  });
});

/** A fetch that sends each charging POST twice, as Chromium does after a reused connection drops. */
function resendingFetch(): typeof fetch {
  return async (input, init) => {
    const req = new Request(input, init);
    if (req.method === 'POST') await fetch(req.clone()).then((r) => r.text());
    return fetch(req);
  };
}

async function settled(e: ReturnType<typeof engineWith>, jobId: string): Promise<LookupJob> {
  const job = await e.engine.lookup.settled(jobId);
  if (!job) throw new Error('job lost');
  return job;
}

describe('charge reconciliation', () => {
  it('a request the network re-sent: two charges, recorded on the entry, in the CSV and in the usage', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith({ client: createClientFactory({ fetch: resendingFetch() }) });
    await e.send('key.set', { key });
    await e.send('credits.get', { refresh: true });
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    const job = await settled(e, jobId);
    expect(job.status).toBe('done');
    const ledger = await sandbox.ledger(key);
    expect(ledger.entries.map((x) => x.credits)).toEqual([2, 2]);
    const entry = await e.send('history.get', { id: jobId });
    expect(entry).toMatchObject({
      creditsCharged: 4,
      billingCheck: { expected: 2, observed: 4, before: 100, after: 96 },
    });
    expect(entry?.notice?.pt).toContain('O serviço registrou 2 cobranças para esta consulta (4 créditos)');
    const csv = historyToCsv([entry!]);
    expect(csv).toContain('creditos_cotados');
    expect(csv).toContain('2 cobranças para esta consulta (4 créditos)');
    expect(await credits.get()).toMatchObject({
      balance: ledger.balance,
      usedThisPeriod: ledger.total_credits,
    });
  });

  it('no difference: no notice; the balance before is asked when the known one is old', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    await settled(e, jobId);
    expect(e.calls).toEqual(['/creditos', '/crm']);
    const entry = await e.send('history.get', { id: jobId });
    expect(entry?.billingCheck).toBeUndefined();
    expect(entry?.notice).toBeUndefined();
    expect(entry?.creditsCharged).toBe(2);
  });

  it('absurd figures: the contract price is recorded and the balance is not touched', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    await e.send('credits.get', { refresh: true });
    await sandbox.faults({ absurd_billing: { creditos_restantes: -50, creditos_utilizados: 1e20 } });
    try {
      const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
      await settled(e, jobId);
      const entry = await e.send('history.get', { id: jobId });
      expect(entry).toMatchObject({ creditsCharged: 2 });
      expect(entry?.billingCheck).toBeUndefined();
      expect((await credits.get()).balance).toBe(100);
    } finally {
      await sandbox.faults({ absurd_billing: null });
    }
  });

  it('a valid but implausible claim (1,000,000,000 credits on a 2-credit lookup): kept as the claim, never the charge', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    await e.send('credits.get', { refresh: true });
    await sandbox.faults({ absurd_billing: { creditos_utilizados: 1_000_000_000 } });
    try {
      const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
      await settled(e, jobId);
      const entry = await e.send('history.get', { id: jobId });
      expect(entry).toMatchObject({ creditsCharged: 2, implausibleCharge: 1_000_000_000 });
      expect(entry?.billingCheck).toBeUndefined();
      // The balance the service reported with it dropped by the price: it is taken.
      expect((await credits.get()).balance).toBe(98);
      const csv = historyToCsv([entry!]);
      expect(csv).toContain('cobranca_implausivel_informada');
      expect(csv).toContain('1000000000');
      // The history's summaries (what totals add up) carry the counted charge.
      const [summary] = await e.send('history.list', {});
      expect(summary?.creditsCharged).toBe(2);
    } finally {
      await sandbox.faults({ absurd_billing: null });
    }
  });

  it('a balance that would drop far beyond the price is not taken: the known one stays', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    await e.send('credits.get', { refresh: true });
    await sandbox.faults({ absurd_billing: { creditos_restantes: 0 } });
    try {
      const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
      await settled(e, jobId);
      const entry = await e.send('history.get', { id: jobId });
      // The drop is said (billingCheck), never counted as the charge.
      expect(entry).toMatchObject({ creditsCharged: 2, billingCheck: { observed: 100 } });
      expect((await credits.get()).balance).toBe(100);
    } finally {
      await sandbox.faults({ absurd_billing: null });
    }
  });

  it('a 402 without billing info keeps the known balance instead of 0', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    await credits.set({ ...emptyCredits, balance: 7, updatedAt: Date.now(), source: 'billing' });
    await e.engine.credits.fromError({
      code: 'INSUFFICIENT_CREDITS',
      charged: 'no',
      action: 'buy_credits',
      message: { pt: '', en: '' },
    });
    expect((await credits.get()).balance).toBe(7);
  });
});

describe('the quote is bound to the input', () => {
  async function plusInHistory() {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    const first = await e.send('quote', { input: ana, depth: 'plus', lang: 'pt' });
    const seen: SeenQuote = {
      input: first.input!,
      depth: 'plus',
      lang: 'pt',
      endpoint: first.endpoint,
      cost: 3,
      cachedId: null,
    };
    const { jobId } = await e.send('lookup', { input: ana, depth: 'plus', lang: 'pt', seen });
    await settled(e, jobId);
    const cached = await e.send('quote', { input: ana, depth: 'plus', lang: 'pt' });
    expect(cached.cached?.id).toBe(jobId);
    return { e, key, seenFromHistory: { ...seen, cost: 0, cachedId: jobId } };
  }

  it('the company changed after the 0-credit quote: nothing charged, QUOTE_STALE (another input is no price change)', async () => {
    const { e, key, seenFromHistory } = await plusInHistory();
    const refused = await e
      .send('lookup', {
        input: { ...ana, empresa: 'Nubank SA' },
        depth: 'plus',
        lang: 'pt',
        seen: seenFromHistory,
      })
      .then(
        () => null,
        (err: { apiError: unknown }) => err.apiError,
      );
    expect(refused).toMatchObject({ code: 'QUOTE_STALE', charged: 'no' });
    expect((refused as { message: { pt: string } }).message.pt).not.toContain('O preço mudou');
    expect((await sandbox.ledger(key)).entries).toHaveLength(1);
  });

  it('the history hit vanished: PRICE_CHANGED; the same quote still valid: served', async () => {
    const { e, key, seenFromHistory } = await plusInHistory();
    const { jobId } = await e.send('lookup', {
      input: ana,
      depth: 'plus',
      lang: 'pt',
      seen: seenFromHistory,
    });
    expect(await settled(e, jobId)).toMatchObject({ status: 'done', fromHistory: true });
    await e.send('history.clear', {});
    await expect(
      e.send('lookup', { input: ana, depth: 'plus', lang: 'pt', seen: seenFromHistory }),
    ).rejects.toMatchObject({
      apiError: {
        code: 'PRICE_CHANGED',
        details: { oldCost: 0, newCost: 3, priceReason: 'history_expired' },
        message: {
          pt: expect.stringContaining(
            'O preço mudou de 0 créditos para 3 créditos desde que foi mostrado: a análise que estava no histórico',
          ),
        },
      },
    });
    expect((await sandbox.ledger(key)).entries).toHaveLength(1);
  });

  it('the tier changed (another key): PRICE_CHANGED, nothing charged', async () => {
    const basic = await sandbox.account({ tier: 'basic' });
    const e = engineWith();
    await e.send('key.set', { key: basic });
    const q = await e.send('quote', { input: ana, depth: 'quick', lang: 'pt' });
    expect(q.endpoint).toBe('/crm_basico');
    const complete = await sandbox.account({ tier: 'complete' });
    await e.send('key.set', { key: complete });
    const seen: SeenQuote = {
      input: ana,
      depth: 'quick',
      lang: 'pt',
      endpoint: q.endpoint,
      cost: 1,
      cachedId: null,
    };
    await expect(e.send('lookup', { input: ana, depth: 'quick', lang: 'pt', seen })).rejects.toMatchObject({
      apiError: {
        code: 'PRICE_CHANGED',
        charged: 'no',
        details: { oldCost: 1, newCost: 1, priceReason: 'tier' },
        message: { pt: expect.stringContaining('pelo mesmo preço (1 crédito): o nível da sua chave mudou') },
      },
    });
    expect((await sandbox.ledger(complete)).entries).toEqual([]);
    expect((await sandbox.ledger(basic)).entries).toEqual([]);
  });
});

/** A balance learned this long ago is older than the service's 30 s cache of /creditos. */
const PAUSE_MS = 60_000;

describe('the charge after a pause', () => {
  it('the quote reads an old balance again, so a click within 30 s sends its charge with no /creditos before it', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const clock = { now: Date.now() };
    const e = engineWith({ now: () => clock.now });
    await e.send('key.set', { key });
    await credits.set({ ...emptyCredits, balance: 100, updatedAt: clock.now - PAUSE_MS, source: 'billing' });
    const creditos = () => e.calls.filter((p) => p === '/creditos').length;
    // Two quotes (the price on the button, asked again): one read of the balance.
    await e.send('quote', { input: ana, depth: 'complete', lang: 'pt' });
    await e.send('quote', { input: ana, depth: 'complete', lang: 'pt' });
    await vi.waitFor(() => expect(creditos()).toBe(1), 10_000);
    await vi.waitFor(async () => expect((await credits.get()).updatedAt).toBe(clock.now), 10_000);
    clock.now += 25_000;
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    expect(await settled(e, jobId)).toMatchObject({ status: 'done' });
    expect(e.calls).toEqual(['/creditos', '/crm']);
    // Past the 30 s of what the charge told: the next click reads the balance again, before its charge.
    clock.now += 40_000;
    const next = await e.send('lookup', { input: ana, depth: 'complete', lang: 'en' });
    expect(await settled(e, next.jobId)).toMatchObject({ status: 'done' });
    expect(e.calls.filter((p) => !p.startsWith('/v1/'))).toEqual([
      '/creditos',
      '/crm',
      '/creditos',
      '/analyze-comprehensive',
    ]);
  });

  it("a click while the quote's read is on its way shares it: one /creditos, before the charge", async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    await credits.set({ ...emptyCredits, balance: 100, updatedAt: Date.now() - PAUSE_MS, source: 'billing' });
    await e.send('quote', { input: ana, depth: 'complete', lang: 'pt' });
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    expect(await settled(e, jobId)).toMatchObject({ status: 'done' });
    expect(e.calls.filter((p) => !p.startsWith('/v1/'))).toEqual(['/creditos', '/crm']);
    expect((await e.send('history.get', { id: jobId }))?.billingCheck).toBeUndefined();
  });

  it('a click whose balance is old, when /creditos was asked less than 30 s ago, asks it no more: no balance before', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 100 });
    const e = engineWith();
    await e.send('key.set', { key });
    await credits.set({ ...emptyCredits, balance: 100, updatedAt: Date.now() - PAUSE_MS, source: 'billing' });
    // asked 10 s ago, and its answer never stored (it failed): the service's 30 s cache would answer the same
    await creditsCheckedAt.set(Date.now() - 10_000);
    const { jobId } = await e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' });
    expect(await settled(e, jobId)).toMatchObject({ status: 'done' });
    expect(e.calls.filter((p) => !p.startsWith('/v1/'))).toEqual(['/crm']);
    expect((await e.send('history.get', { id: jobId }))?.billingCheck).toBeUndefined();
  });
});
