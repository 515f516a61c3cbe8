import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { badgeFor } from '@/lib/background/badge';
import { credits, settings } from '@/lib/storage';
import { DEMO_KEYS } from '../../sandbox/accounts';
import { engineWith, setupEngineTests } from './setup';
import { emptyCredits } from '@/lib/model';

const sandbox = setupEngineTests();

async function engineAt(tier: 'basic' | 'complete' | 'plus', start = Date.UTC(2025, 0, 1), balance = 100) {
  const clock = { now: start };
  const key = await sandbox.account({ tier, credits: balance });
  const e = engineWith({ now: () => clock.now });
  await e.send('key.set', { key });
  const creditos = () => e.calls.filter((p) => p === '/creditos').length;
  return { ...e, clock, key, creditos };
}

describe('credits.get', () => {
  it('asks /creditos at most once per 30 s, shared by every caller, refresh included', async () => {
    const e = await engineAt('complete');
    const first = await Promise.all([
      e.send('credits.get', { refresh: true }),
      e.send('credits.get', {}),
      e.send('credits.get', { refresh: true }),
    ]);
    expect(e.creditos()).toBe(1);
    expect(first.map((c) => c.balance)).toEqual([100, 100, 100]);
    expect(first[0]).toMatchObject({
      source: 'creditos',
      status: 'active',
      plan: 'crm_business',
      tier: 'complete',
    });
    expect(first[0]?.allowedEndpoints).toContain('crm_plus');

    e.clock.now += 29_000;
    expect((await e.send('credits.get', { refresh: true })).balance).toBe(100);
    expect(e.creditos()).toBe(1);
    e.clock.now += 2_000;
    await e.send('credits.get', { refresh: true });
    expect(e.creditos()).toBe(2);
  });

  it('without refresh, asks again only after a few minutes', async () => {
    const e = await engineAt('complete');
    await e.send('credits.get', {});
    e.clock.now += 60_000;
    await e.send('credits.get', {});
    expect(e.creditos()).toBe(1);
    e.clock.now += 5 * 60_000;
    await e.send('credits.get', {});
    expect(e.creditos()).toBe(2);
  });

  it('keeps a charging response balance over a /creditos answer that may predate it', async () => {
    const e = await engineAt('complete');
    await e.send('credits.get', {});
    e.clock.now += 20_000;
    const { jobId } = await e.send('lookup', {
      input: { primeiro_nome: 'Ana', empresa: 'Nubank' },
      depth: 'complete',
      lang: 'pt',
    });
    await e.engine.lookup.settled(jobId);
    expect(await credits.get()).toMatchObject({ balance: 98, source: 'billing' });
    // The charge is less than 30 s old: the service's cached /creditos may predate it, so its balance stays.
    e.clock.now += 11_000;
    expect(await e.send('credits.get', { refresh: true })).toMatchObject({ balance: 98, source: 'billing' });
    expect(e.creditos()).toBe(2);
  });

  it('records a suspended or expired plan as the status pages show', async () => {
    const e = engineWith();
    await e.send('key.set', { key: DEMO_KEYS.suspended });
    expect(await e.send('credits.get', {})).toMatchObject({ status: 'suspended' });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('!');

    const expired = await sandbox.account({ tier: 'complete', status: 'expired' });
    await e.send('key.set', { key: expired });
    expect(await e.send('credits.get', {})).toMatchObject({ status: 'expired' });
  });

  it('answers the exact error when the service refuses', async () => {
    const e = engineWith();
    await e.send('key.set', { key: 'complete_api_doesnotexist0000' });
    await expect(e.send('credits.get', {})).rejects.toMatchObject({ apiError: { code: 'INVALID_API_KEY' } });
  });
});

describe('low-balance badge', () => {
  it('shows the balance in a warning colour at or below the threshold, and clears above it', async () => {
    const e = await engineAt('complete', Date.UTC(2025, 0, 1), 10);
    await e.send('credits.get', {});
    await e.ready;
    expect(await fakeBrowser.action.getBadgeText({})).toBe('10');
    expect(await fakeBrowser.action.getBadgeBackgroundColor({})).toEqual([180, 83, 9, 255]);

    await settings.set({ ...(await settings.get()), lowBalanceThreshold: 5 });
    expect(await fakeBrowser.action.getBadgeText({})).toBe('');
  });

  it('has no badge while the balance is unknown', () => {
    expect(badgeFor(emptyCredits, 10)).toBeNull();
    expect(badgeFor({ ...emptyCredits, balance: 0 }, 0)?.text).toBe('0');
    expect(badgeFor({ ...emptyCredits, balance: 123456 }, 200000)?.text).toBe('999+');
  });
});
