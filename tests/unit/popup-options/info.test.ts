import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { infoHandlers, toServiceStatus } from '@/lib/background/info';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { DEMO_KEYS } from '../../sandbox/accounts';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(() => sandbox.close());

const faults = (body: Record<string, unknown>) =>
  fetch(`${sandbox.url}/__sandbox/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
beforeEach(() => faults({ ai_provider_down: false }));

const clientWith = (apiKey: string, fetchImpl?: typeof fetch) =>
  createApiClient({ baseUrl: sandbox.url, llmBaseUrl: sandbox.url, apiKey, fetch: fetchImpl });

describe('tiers.get', () => {
  it('maps /tiers-disponiveis to the plan comparison', async () => {
    const info = await infoHandlers['tiers.get']({}, { client: clientWith('') });
    expect(info.plans.map((p) => p.tier)).toEqual(['basic', 'complete']);
    const basic = info.plans[0]!;
    expect(basic.name).toBe('Basic');
    expect(basic.price).toMatch(/R\$/);
    expect(basic.features.length).toBeGreaterThan(0);
    expect(basic.endpoints).toContain('/crm_basico');
    expect(basic.creditsPerUse.crm_basico).toBe(1);
    // Endpoints above the tier carry the service's refusal text instead of a cost.
    expect(typeof basic.creditsPerUse.crm).toBe('string');
    expect(info.plans[1]!.creditsPerUse.crm).toBe(2);
    expect(info.upgradeMessage).toBeTruthy();
    expect(info.upgradeBenefits.length).toBeGreaterThan(0);
  });
});

describe('service.status', () => {
  it('reads both vocabularies as ok (healthy + online)', async () => {
    const status = await infoHandlers['service.status']({}, { client: clientWith(DEMO_KEYS.complete) });
    expect(status.level).toBe('ok');
    expect(status.version).toMatch(/^\d+\.\d+/);
    expect(status.detail).toBeTruthy();
    expect(status.checkedAt).toBeGreaterThan(0);
  });

  it('shows degraded when /status says so', async () => {
    await faults({ ai_provider_down: true });
    const status = await infoHandlers['service.status']({}, { client: clientWith(DEMO_KEYS.complete) });
    expect(status.level).toBe('degraded');
  });

  it('a /health that fails with a server error is an outage', async () => {
    const failingHealth: typeof fetch = (input, init) =>
      new Request(input, init).url.endsWith('/health')
        ? Promise.resolve(
            new Response('{"error":"down"}', {
              status: 503,
              headers: { 'content-type': 'application/json' },
            }),
          )
        : fetch(input, init);
    const status = await infoHandlers['service.status'](
      {},
      { client: clientWith(DEMO_KEYS.complete, failingHealth) },
    );
    expect(status.level).toBe('outage');
  });

  it('no answer at all is unknown, not an outage', async () => {
    const client = createApiClient({
      baseUrl: 'http://127.0.0.1:9',
      llmBaseUrl: 'http://127.0.0.1:9',
      apiKey: '',
    });
    const status = await infoHandlers['service.status']({}, { client });
    expect(status.level).toBe('unknown');
  });

  it('maps every documented status word, the worst one winning', () => {
    const ok = <T>(value: T): PromiseSettledResult<T> => ({ status: 'fulfilled', value });
    const level = (health: string, status: string, extra: Record<string, unknown> = {}) =>
      toServiceStatus(ok({ status: health }), ok({ status, ...extra })).level;
    expect(level('saudável', 'operational')).toBe('ok');
    expect(level('healthy', 'online')).toBe('ok');
    expect(level('healthy', 'partial_outage')).toBe('degraded');
    expect(level('healthy', 'degraded')).toBe('degraded');
    expect(level('unhealthy', 'online')).toBe('outage');
    expect(level('healthy', 'major_outage')).toBe('outage');
    expect(level('healthy', 'online', { services_online: false })).toBe('outage');
    expect(level('healthy', 'online', { api_health: 'degraded' })).toBe('degraded');
  });
});

describe('models.list', () => {
  it('lists the models with their documented maximum tokens', async () => {
    const models = await infoHandlers['models.list']({}, { client: clientWith(DEMO_KEYS.complete) });
    const byId = Object.fromEntries(models.map((m) => [m.id, m.maxTokens]));
    expect(Object.keys(byId).sort()).toEqual([
      'service-chat',
      'service-completion',
      'service-completion-large',
      'service-embedding',
      'service-embedding-large',
    ]);
    expect(byId['service-completion']).toBe(2048);
    expect(byId['service-completion-large']).toBe(4096);
    expect(byId['service-chat']).toBeNull();
  });

  it('a refused key surfaces as the model API error', async () => {
    await expect(
      infoHandlers['models.list']({}, { client: clientWith('complete_api_unknown000') }),
    ).rejects.toMatchObject({
      error: { code: 'authentication_error', status: 401 },
    });
  });
});
