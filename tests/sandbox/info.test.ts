/** The free endpoints of 4.3, the /creditos cache and CORS. */
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { person, sorted, testClock, setupSandbox } from './test-helpers';

const clock = testClock();
const { call, post, admin, url } = setupSandbox({ now: clock.now });
const ana = person('Ana', 'Souza', 'Nubank');

describe('/creditos', () => {
  it('answers both field lists of 2.7', async () => {
    const { status, body } = await call('/creditos', { key: DEMO_KEYS.complete });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      creditos_disponiveis: 5000,
      creditos_restantes: 5000,
      creditos_totais: 5000,
      creditos_utilizados: 0,
      total_creditos_utilizados: 0,
      tipo_plano: 'crm_business',
      tier: 'complete',
      status_plano: 'active',
      api_key_info: { tier: 'complete', upgrade_available: true },
      requests_per_minute: expect.any(Number),
      requests_remaining_this_minute: expect.any(Number),
      last_30_days: { average_per_day: 0, peak_day_usage: 0 },
    });
    for (const field of [
      'message',
      'periodo_renovacao',
      'reset_time',
      'api_key_info',
      'this_month',
      'endpoint_access',
    ]) {
      expect(body).toHaveProperty(field);
    }
    expect(body.custos_por_endpoint).toMatchObject({ crm_basico: 1, crm: 2, crm_plus: 3, creditos: 0 });
    expect(body.endpoint_access).toMatchObject({
      crm_basico: true,
      crm: true,
      crm_plus_batch: false,
      health: true,
      status: true,
      creditos: true,
      'tiers-disponiveis': true,
    });
  });

  it('lists only what a Basic key may call', async () => {
    const { body } = await call('/creditos', { key: DEMO_KEYS.basic });
    expect(body.endpoints_permitidos).toContain('/crm_basico');
    expect(body.endpoints_permitidos).not.toContain('/crm');
    expect(body.custos_por_endpoint.crm).toBeUndefined();
    expect(body.endpoint_access.crm).toBe(false);
  });

  it('counts usage by endpoint', async () => {
    await post('/crm', DEMO_KEYS.complete, ana);
    await post('/crm', DEMO_KEYS.complete, ana);
    await post('/crm_basico', DEMO_KEYS.complete, ana);
    const { body } = await call('/creditos', { key: DEMO_KEYS.complete });
    expect(body.this_month).toEqual({ crm: 2, crm_basico: 1, total_requests: 3 });
    expect(body.creditos_utilizados).toBe(5);
    expect(body.last_30_days.peak_day_usage).toBe(3);
  });

  it('is cached for 30 seconds per key, so it can be stale after a charge', async () => {
    const first = await call('/creditos', { key: DEMO_KEYS.complete });
    expect(first.headers.get('x-cache')).toBe('MISS');
    const charged = await post('/crm', DEMO_KEYS.complete, ana);
    expect(charged.body.billing_info.creditos_restantes).toBe(4998);

    clock.advance(29_000);
    const stale = await call('/creditos', { key: DEMO_KEYS.complete });
    expect(stale.headers.get('x-cache')).toBe('HIT');
    expect(stale.body.creditos_disponiveis).toBe(5000);

    clock.advance(1_000);
    const fresh = await call('/creditos', { key: DEMO_KEYS.complete });
    expect(fresh.headers.get('x-cache')).toBe('MISS');
    expect(fresh.body.creditos_disponiveis).toBe(4998);
  });

  it('keeps one cache per key', async () => {
    await call('/creditos', { key: DEMO_KEYS.complete });
    const other = await call('/creditos', { key: DEMO_KEYS.plus });
    expect(other.headers.get('x-cache')).toBe('MISS');
    expect(other.body.tipo_plano).toBe('crm_enterprise');
  });
});

describe('/tiers-disponiveis', () => {
  it('describes the tiers, the endpoints and the version', async () => {
    const { status, body } = await call('/tiers-disponiveis');
    expect(status).toBe(200);
    expect(sorted(body)).toEqual([
      'api_version',
      'endpoints',
      'message',
      'regions',
      'tiers_disponiveis',
      'upgrade_info',
    ]);
    expect(body.tiers_disponiveis.map((t: { tier: string }) => t.tier)).toEqual(['basic', 'complete']);
    expect(sorted(body.tiers_disponiveis[0])).toEqual([
      'api_key_format',
      'creditos_por_uso',
      'endpoints_permitidos',
      'funcionalidades',
      'nome',
      'preco',
      'tier',
    ]);
    expect(body.tiers_disponiveis[0].creditos_por_uso.crm_basico).toBe(1);
    expect(typeof body.tiers_disponiveis[0].creditos_por_uso.crm).toBe('string');
    expect(body.tiers_disponiveis[0].api_key_format).toMatch(/^basic_api_/);
    expect(body.endpoints['/crm']).toMatchObject({
      method: 'POST',
      authentication: 'Required',
      fields_returned: 11,
    });
    expect(body.endpoints['/health']).toMatchObject({ method: 'GET', authentication: 'Optional' });
    expect(sorted(body.upgrade_info)).toEqual(['message', 'upgrade_benefits']);
  });

  it('shows the current plan when a key is sent', async () => {
    const { body } = await call('/tiers-disponiveis', { key: DEMO_KEYS.plus });
    expect(body.plano_atual).toEqual({ tier: 'plus', tipo_plano: 'crm_enterprise' });
  });
});

describe('/health and /saude', () => {
  it.each([
    ['/health', 'healthy'],
    ['/saude', 'saudável'],
  ])('%s answers without a key, and with a valid one', async (path, word) => {
    for (const key of [undefined, DEMO_KEYS.basic]) {
      const { status, body } = await call(path, { key });
      expect(status).toBe(200);
      expect(body.status).toBe(word);
      expect(sorted(body)).toEqual([
        'features',
        'message',
        'region',
        'sistema_creditos',
        'status',
        'timestamp',
        'version',
      ]);
    }
  });

  it.each(['/health', '/saude'])('%s answers 403 when a bad key is supplied', async (path) => {
    expect((await call(path, { key: 'complete_api_nope' })).status).toBe(403);
  });
});

describe('/status', () => {
  it('reports the services and the endpoints per tier', async () => {
    const { body } = await call('/status');
    expect(body).toMatchObject({ status: 'online', ml_available: true, services_online: true });
    expect(body.endpoints.basic_tier).toContain('/crm_basico');
    expect(body.endpoints.complete_tier).toContain('/crm_plus');
    expect(body.endpoints.basic_tier).not.toContain('/crm');
  });

  it('reports degraded while the AI provider is down', async () => {
    await admin.faults({ ai_provider_down: true });
    expect((await call('/status')).body.status).toBe('degraded');
  });
});

describe('CORS', () => {
  it('answers preflights allowing the API headers', async () => {
    const res = await fetch(`${url()}/crm`, {
      method: 'OPTIONS',
      headers: {
        origin: 'chrome-extension://abc',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    for (const name of ['x-api-key', 'authorization', 'content-type']) {
      expect(res.headers.get('access-control-allow-headers')).toContain(name);
    }
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('allows any origin on answers, errors included, and exposes Retry-After and Server-Timing', async () => {
    for (const res of [await call('/health'), await call('/crm', { body: ana })]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('retry-after');
      expect(res.headers.get('access-control-expose-headers')).toContain('server-timing');
    }
  });
});
