/** Rate limits (docs/api-contract.md): by plan on the profile API, 100 per minute on the model API; 429 with Retry-After. */
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { person, sorted, testClock, setupSandbox } from './test-helpers';

// The clock stands still unless a test moves it, so no token refills behind the test's back.
const clock = testClock();
const { call, post, admin } = setupSandbox({ now: clock.now });
const ana = person('Ana', 'Souza', 'Nubank');

describe('profile API', () => {
  it('allows the plan burst, then answers 429 with Retry-After, uncharged', async () => {
    await admin.faults({ rate_limit_per_s: 0 });
    const key = await admin.account({ tier: 'basic', plan: 'platform_essentials' });
    for (let i = 0; i < 10; i++) expect((await post('/crm_basico', key, ana)).status).toBe(200);

    const limited = await post('/crm_basico', key, ana);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(sorted(limited.body)).toEqual(['error', 'error_code', 'retry_after']);
    expect(limited.body.error_code).toBe('RATE_LIMITED');
    expect(limited.body.retry_after).toBe(Number(limited.headers.get('retry-after')));
    expect((await admin.ledger(key)).total_credits).toBe(10);

    clock.advance(1000);
    expect((await post('/crm_basico', key, ana)).status).toBe(200);
  });

  it('gives higher plans a higher limit', async () => {
    await admin.faults({ rate_limit_per_s: 0 });
    const key = await admin.account({ tier: 'plus', plan: 'crm_enterprise' });
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await call('/creditos', { key })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });

  it('follows the rate_limit_per_s fault', async () => {
    await admin.faults({ rate_limit_per_s: 2 });
    expect((await post('/crm', DEMO_KEYS.complete, ana)).status).toBe(200);
    expect((await post('/crm', DEMO_KEYS.complete, ana)).status).toBe(200);
    const third = await post('/crm', DEMO_KEYS.complete, ana);
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('1');
  });

  it('counts per key', async () => {
    await admin.faults({ rate_limit_per_s: 1 });
    expect((await post('/crm', DEMO_KEYS.complete, ana)).status).toBe(200);
    expect((await post('/crm', DEMO_KEYS.plus, ana)).status).toBe(200);
    expect((await post('/crm', DEMO_KEYS.complete, ana)).status).toBe(429);
  });

  it('reports the limit in /creditos', async () => {
    await admin.faults({ rate_limit_per_s: 0 });
    await post('/crm_basico', DEMO_KEYS.basic, ana);
    const { body } = await call('/creditos', { key: DEMO_KEYS.basic });
    expect(body.requests_per_minute).toBe(600);
    expect(body.requests_remaining_this_minute).toBe(598);
  });
});

describe('model API', () => {
  const chat = (key: string) =>
    call('/v1/chat/completions', {
      headers: { authorization: `Bearer ${key}` },
      body: { model: 'service-chat', messages: [{ role: 'user', content: 'Oi' }] },
    });

  it('allows 100 requests a minute per key, then 429 rate_limit_exceeded with Retry-After', async () => {
    for (let i = 0; i < 100; i++) expect((await chat(DEMO_KEYS.basic)).status).toBe(200);
    const limited = await chat(DEMO_KEYS.basic);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      error: { message: expect.any(String), type: 'rate_limit_exceeded', code: 'rate_limit_exceeded' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBe(60);
    expect((await chat(DEMO_KEYS.complete)).status).toBe(200);

    clock.advance(30_000);
    expect(Number((await chat(DEMO_KEYS.basic)).headers.get('retry-after'))).toBe(30);
    clock.advance(30_000);
    expect((await chat(DEMO_KEYS.basic)).status).toBe(200);
  });

  it('also caps an hour at 1000 requests', async () => {
    for (let minute = 0; minute < 10; minute++) {
      await Promise.all(Array.from({ length: 100 }, () => chat(DEMO_KEYS.plus)));
      clock.advance(60_000);
    }
    const limited = await chat(DEMO_KEYS.plus);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(3000);
  });
});
