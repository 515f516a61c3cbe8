import { describe, expect, it } from 'vitest';
import { routeLookup } from '@/lib/background/routing';
import { credits } from '@/lib/storage';
import { engineWith, setupEngineTests } from './setup';
import { emptyCredits, type LookupInput } from '@/lib/model';

const sandbox = setupEngineTests();
const ana: LookupInput = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

describe('routeLookup', () => {
  it.each([
    ['quick', 'pt', 'complete', 'analisarExtensaoChrome'],
    ['quick', 'pt', 'basic', 'crmBasico'],
    ['complete', 'pt', 'complete', 'crm'],
    ['plus', 'pt', 'complete', 'crmPlus'],
    ['quick', 'en', 'complete', 'analyze'],
    ['quick', 'en', 'basic', 'analyze'],
    ['complete', 'en', 'complete', 'analyzeComprehensive'],
  ] as const)('%s in %s with a %s key goes to %s', (depth, lang, tier, endpoint) => {
    expect(routeLookup(depth, lang, tier)).toEqual({ endpoint, unavailable: null });
  });

  it('refuses what the key or the language cannot have, with a reason in both languages', () => {
    for (const [depth, lang] of [
      ['complete', 'pt'],
      ['plus', 'pt'],
      ['complete', 'en'],
    ] as const) {
      const route = routeLookup(depth, lang, 'basic');
      expect(route.unavailable).toMatchObject({ code: 'ACCESS_DENIED', action: 'upgrade' });
      expect(route.unavailable?.reason.pt).toMatch(/chave Basic/);
    }
    expect(routeLookup('plus', 'en', 'complete').unavailable?.reason.en).toMatch(/Portuguese only/);
    expect(routeLookup('quick', 'pt', null).unavailable?.code).toBe('INVALID_API_KEY');
  });
});

describe('quote', () => {
  it('names the endpoint, the cost, the time range and the balance before anything is spent', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    const e = engineWith();
    await e.send('key.set', { key });
    await credits.set({ ...emptyCredits, balance: 42, updatedAt: Date.now(), source: 'billing' });
    expect(await e.send('quote', { input: ana, depth: 'plus', lang: 'pt' })).toEqual({
      // The input the quote is for: the lookup carries it back, and the worker charges only that price.
      input: { ...ana, ultimo_nome: ana.ultimo_nome ?? '' },
      endpoint: '/crm_plus',
      credits: 3,
      timeRange: [15, 35],
      depth: 'plus',
      lang: 'pt',
      cached: null,
      balance: 42,
      unavailable: null,
    });
    expect(await e.send('quote', { input: ana, depth: 'quick', lang: 'en' })).toMatchObject({
      endpoint: '/analyze',
      credits: 1,
    });
    expect(e.calls).toEqual([]);
  });

  it('names the history entry that would serve the lookup at zero credits', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    const e = engineWith();
    await e.send('key.set', { key });
    const { jobId } = await e.send('lookup', { input: ana, depth: 'plus', lang: 'pt' });
    await e.engine.lookup.settled(jobId);
    const quote = await e.send('quote', { input: ana, depth: 'complete', lang: 'pt' });
    expect(quote.cached).toMatchObject({ id: jobId, depth: 'plus', creditsCharged: 3 });
    expect((await e.send('quote', { input: ana, depth: 'complete', lang: 'en' })).cached).toBeNull();
  });

  it('refuses a lookup the key cannot have, without calling the service', async () => {
    const key = await sandbox.account({ tier: 'basic' });
    const e = engineWith();
    await e.send('key.set', { key });
    const quote = await e.send('quote', { input: ana, depth: 'complete', lang: 'pt' });
    expect(quote.unavailable?.pt).toMatch(/chave Basic/);
    await expect(e.send('lookup', { input: ana, depth: 'complete', lang: 'pt' })).rejects.toMatchObject({
      apiError: { code: 'ACCESS_DENIED', charged: 'no' },
    });
    const quick = await e.engine.lookup.settled(
      (await e.send('lookup', { input: ana, depth: 'quick', lang: 'pt' })).jobId,
    );
    expect(quick).toMatchObject({ status: 'done', quote: { endpoint: '/crm_basico', credits: 1 } });
    expect(e.charging()).toEqual(['/crm_basico']);
  });
});
