/** The admin API under /__sandbox/ and the seeded demo accounts. */
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { person, serverTiming, setupSandbox } from './test-helpers';

const { call, post, admin, url } = setupSandbox();
const ana = person('Ana', 'Souza', 'Nubank');

describe('demo accounts', () => {
  it('seeds one basic, one complete, one plus, one with 3 credits and one suspended', async () => {
    expect(DEMO_KEYS.basic).toMatch(/^basic_api_/);
    for (const key of [DEMO_KEYS.complete, DEMO_KEYS.plus, DEMO_KEYS.low, DEMO_KEYS.suspended]) {
      expect(key).toMatch(/^complete_api_/);
    }
    const tier = async (key: string) => (await call('/creditos', { key })).body;
    expect(await tier(DEMO_KEYS.basic)).toMatchObject({ tier: 'basic' });
    expect(await tier(DEMO_KEYS.complete)).toMatchObject({ tier: 'complete' });
    expect(await tier(DEMO_KEYS.plus)).toMatchObject({ tier: 'plus' });
    expect(await tier(DEMO_KEYS.low)).toMatchObject({ creditos_disponiveis: 3 });
    expect((await call('/creditos', { key: DEMO_KEYS.suspended })).body.error_code).toBe('PLAN_SUSPENDED');
  });
});

describe('POST /__sandbox/accounts', () => {
  it('creates accounts with the tier, plan, credits and status asked for', async () => {
    const created = await call('/__sandbox/accounts', {
      body: { tier: 'complete', plan: 'platform_essentials', credits: 42, status: 'active' },
    });
    expect(created.status).toBe(201);
    expect(created.body.api_key).toMatch(/^complete_api_[0-9a-f]{24}$/);
    const { body } = await call('/creditos', { key: created.body.api_key });
    expect(body).toMatchObject({
      tier: 'complete',
      tipo_plano: 'platform_essentials',
      creditos_disponiveis: 42,
    });
  });

  it('gives Basic accounts a basic_api_ key and Plus accounts access to the Plus batch', async () => {
    expect(await admin.account({ tier: 'basic' })).toMatch(/^basic_api_/);
    const plus = await admin.account({ tier: 'plus' });
    expect(plus).toMatch(/^complete_api_/);
    expect((await post('/crm_plus_batch', plus, { profiles: [ana] })).status).toBe(200);
  });

  it.each([
    { tier: 'gold' },
    { tier: 'basic', credits: -1 },
    { tier: 'basic', credits: 1.5 },
    { tier: 'basic', status: 'paused' },
    { tier: 'basic', plan: 7 },
  ])('refuses %j with 400', async (body) => {
    expect((await call('/__sandbox/accounts', { body })).status).toBe(400);
  });
});

describe('POST /__sandbox/faults', () => {
  it('changes only the faults given and reports them all', async () => {
    await admin.faults({ ai_provider_down: true });
    const faults = await admin.faults({ latency_scale: 0.5 });
    expect(faults).toMatchObject({
      ai_provider_down: true,
      latency_scale: 0.5,
      drop_connection_next: false,
      fail_next: null,
    });
    expect((await call('/__sandbox/faults')).body).toEqual(faults);
  });

  it.each([
    { ai_provider_down: 'yes' },
    { latency_scale: -1 },
    { fail_next: { status: 200 } },
    { fail_next: { status: 500, count: -2 } },
  ])('refuses %j with 400', async (body) => {
    expect((await call('/__sandbox/faults', { body })).status).toBe(400);
  });

  it('fail_next answers the next requests with that status and its body, uncharged', async () => {
    await admin.faults({ fail_next: { status: 422, count: 2 } });
    const first = await post('/crm', DEMO_KEYS.complete, ana);
    expect(first.status).toBe(422);
    expect(first.body.error_code).toBe('INSUFFICIENT_DATA');
    const second = await post('/crm_batch', DEMO_KEYS.complete, { profiles: [ana] });
    expect(second.status).toBe(422);
    expect((await post('/crm', DEMO_KEYS.complete, ana)).status).toBe(200);
    expect((await admin.ledger(DEMO_KEYS.complete)).entries).toHaveLength(1);
  });

  it('fail_next 429 comes with Retry-After, and 503 with the AI_SERVICE_UNAVAILABLE body', async () => {
    await admin.faults({ fail_next: { status: 429, count: 1 } });
    const limited = await post('/crm', DEMO_KEYS.complete, ana);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.body.error_code).toBe('RATE_LIMITED');
    await admin.faults({ fail_next: { status: 503, count: 1 } });
    const down = await post('/crm_plus', DEMO_KEYS.plus, ana);
    expect(down.body).toMatchObject({
      error_code: 'AI_SERVICE_UNAVAILABLE',
      billing_info: { creditos_utilizados: 0 },
    });
  });

  it('fail_next echoes the request in 404 and 409 bodies', async () => {
    await admin.faults({ fail_next: { status: 404, count: 1 } });
    const { body } = await post('/crm', DEMO_KEYS.complete, ana);
    expect(body.request).toEqual({ first_name: 'Ana', last_name: 'Souza', company: 'Nubank' });
  });

  it('drop_connection_next charges the next charging request, then drops it without answering', async () => {
    await admin.faults({ drop_connection_next: true });
    await post('/crm_basico', DEMO_KEYS.basic, person('Ana', 'Souza', 'Empresa Inexistente'));
    await expect(
      fetch(`${url()}/crm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': DEMO_KEYS.complete },
        body: JSON.stringify(ana),
      }),
    ).rejects.toThrow();
    const ledger = await admin.ledger(DEMO_KEYS.complete);
    expect(ledger.entries).toMatchObject([{ endpoint: '/crm', credits: 2 }]);
    expect((await call('/__sandbox/faults')).body.drop_connection_next).toBe(false);
    expect((await post('/crm', DEMO_KEYS.complete, ana)).status).toBe(200);
  });

  it('latency_scale scales the simulated time', async () => {
    await admin.faults({ latency_scale: 0 });
    expect(serverTiming((await post('/crm', DEMO_KEYS.complete, ana)).headers)).toBe(0);
    await admin.faults({ latency_scale: 0.01 });
    expect(serverTiming((await post('/crm', DEMO_KEYS.complete, ana)).headers)).toBeGreaterThanOrEqual(50);
  });
});

describe('GET /__sandbox/ledger', () => {
  it('lists every charge with its request id, the total and the balance', async () => {
    const single = await post('/crm_plus', DEMO_KEYS.plus, ana);
    const batch = await post('/crm_batch', DEMO_KEYS.plus, {
      profiles: [ana, person('Rui', 'Melo', 'Empresa Inexistente')],
    });
    const ledger = await admin.ledger(DEMO_KEYS.plus);
    expect(ledger).toEqual({
      api_key: DEMO_KEYS.plus,
      entries: [
        {
          at: expect.any(String),
          endpoint: '/crm_plus',
          credits: 3,
          request_id: single.headers.get('x-request-id'),
        },
        {
          at: expect.any(String),
          endpoint: '/crm_batch',
          credits: 2,
          profiles: 1,
          request_id: batch.headers.get('x-request-id'),
        },
      ],
      total_credits: 5,
      balance: 9995,
    });
    expect(new Date(ledger.entries[0].at).toISOString()).toBe(ledger.entries[0].at);
  });

  it('answers 400 without api_key and 404 for an unknown one', async () => {
    expect((await call('/__sandbox/ledger')).status).toBe(400);
    expect((await call('/__sandbox/ledger?api_key=basic_api_nope')).status).toBe(404);
  });
});

it('POST /__sandbox/reset re-seeds the demo accounts, drops created ones and clears faults', async () => {
  const key = await admin.account({ tier: 'basic' });
  await post('/crm_basico', DEMO_KEYS.basic, ana);
  await admin.faults({ ai_provider_down: true, latency_scale: 2 });
  expect((await admin.reset()).status).toBe(200);
  expect(await admin.ledger(DEMO_KEYS.basic)).toMatchObject({ entries: [], balance: 500 });
  expect((await call('/__sandbox/ledger?api_key=' + key)).status).toBe(404);
  expect((await call('/__sandbox/faults')).body).toMatchObject({
    ai_provider_down: false,
    latency_scale: 0.001,
  });
});
