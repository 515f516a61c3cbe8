/** Every error of the profile API, with exactly the body fields the service sends. */
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { person, sorted, setupSandbox } from './test-helpers';

const { call, post, admin } = setupSandbox();
const ana = person('Ana', 'Souza', 'Nubank');
const ENHANCED_ERROR = [
  'can_provide_context',
  'confidence_score',
  'message',
  'suggestions',
  'type',
  'user_action',
];

describe('401 INVALID_API_KEY', () => {
  it.each([
    ['missing', undefined],
    ['unknown', 'complete_api_doesnotexist'],
    ['malformed', 'not-a-key'],
  ])('answers a %s key with error, error_code and hint', async (_label, key) => {
    const { status, body } = await call('/crm', { key, body: ana });
    expect(status).toBe(401);
    expect(sorted(body)).toEqual(['error', 'error_code', 'hint']);
    expect(body.error_code).toBe('INVALID_API_KEY');
  });

  it('also guards /creditos', async () => {
    expect((await call('/creditos')).status).toBe(401);
  });
});

describe('402', () => {
  it('INSUFFICIENT_CREDITS on a single request, with billing_info and upgrade_url', async () => {
    const key = await admin.account({ tier: 'complete', credits: 1 });
    const { status, body } = await post('/crm', key, ana);
    expect(status).toBe(402);
    expect(sorted(body)).toEqual(['billing_info', 'error', 'error_code', 'upgrade_url']);
    expect(body.error_code).toBe('INSUFFICIENT_CREDITS');
    expect(body.billing_info).toMatchObject({
      creditos_utilizados: 0,
      creditos_restantes: 1,
      tipo_plano: 'crm_business',
    });
    expect(new Date(body.billing_info.renewal_date).toISOString()).toBe(body.billing_info.renewal_date);
    expect(body.upgrade_url).toMatch(/^http:\/\//);
  });

  it('the low demo account affords one Plus analysis and then gets 402, never 429', async () => {
    expect((await post('/crm_plus', DEMO_KEYS.low, ana)).status).toBe(200);
    const again = await post('/crm_basico', DEMO_KEYS.low, ana);
    expect(again.status).toBe(402);
    expect(again.headers.get('retry-after')).toBeNull();
  });

  it.each(['/creditos', '/crm_basico', '/crm_batch'])(
    'PLAN_SUSPENDED on %s for a suspended plan',
    async (path) => {
      const body = path === '/creditos' ? undefined : path.endsWith('_batch') ? { profiles: [ana] } : ana;
      const res = await call(path, { key: DEMO_KEYS.suspended, body });
      expect(res.status).toBe(402);
      expect(sorted(res.body)).toEqual(['contact', 'error', 'error_code']);
      expect(res.body.error_code).toBe('PLAN_SUSPENDED');
    },
  );

  it('PLAN_SUSPENDED for an expired plan too', async () => {
    const key = await admin.account({ tier: 'basic', status: 'expired' });
    const res = await post('/crm_basico', key, ana);
    expect(res.status).toBe(402);
    expect(res.body.error_code).toBe('PLAN_SUSPENDED');
  });

  it('the batch body when the batch costs more than the balance', async () => {
    const key = await admin.account({ tier: 'complete', credits: 5 });
    const { status, body } = await post('/crm_batch', key, { profiles: [ana, ana, ana] });
    expect(status).toBe(402);
    expect(sorted(body)).toEqual([
      'credits_available',
      'credits_per_profile',
      'error',
      'message',
      'profiles_requested',
    ]);
    expect(body).toMatchObject({ profiles_requested: 3, credits_per_profile: 2, credits_available: 5 });
  });
});

it('400 with the batch-size body above 10 profiles', async () => {
  const { status, body } = await post('/crm_basico_batch', DEMO_KEYS.basic, {
    profiles: Array(11).fill(ana),
  });
  expect(status).toBe(400);
  expect(sorted(body)).toEqual(['error', 'max_batch_size', 'message', 'profiles_received']);
  expect(body).toMatchObject({ max_batch_size: 10, profiles_received: 11 });
});

it('403 ACCESS_DENIED with details, billing_info and upgrade_url', async () => {
  const { status, body } = await post('/crm', DEMO_KEYS.basic, ana);
  expect(status).toBe(403);
  expect(sorted(body)).toEqual(['billing_info', 'details', 'error', 'error_code', 'upgrade_url']);
  expect(body.details).toEqual({
    current_tier: 'basic',
    required_tier: 'complete',
    endpoint_requested: '/crm',
  });
  expect(body.billing_info.creditos_utilizados).toBe(0);
});

it('403 with only a message from /health for an invalid key', async () => {
  const { status, body } = await call('/health', { key: 'basic_api_wrong' });
  expect(status).toBe(403);
  expect(body).toEqual({ message: 'Forbidden' });
});

it('422 INSUFFICIENT_DATA with details and 0 credits used', async () => {
  const { status, body } = await post(
    '/crm',
    DEMO_KEYS.complete,
    person('Ana', 'Souza', 'Dados Insuficientes'),
  );
  expect(status).toBe(422);
  expect(sorted(body)).toEqual(['billing_info', 'details', 'error', 'error_code']);
  expect(sorted(body.details)).toEqual([
    'confidence_score',
    'profiles_found',
    'search_performed',
    'validation_issues',
  ]);
  expect(body.details.search_performed).toBe(true);
  expect(body.billing_info.creditos_utilizados).toBe(0);
});

it('503 AI_SERVICE_UNAVAILABLE with error, error_code, fallback and billing_info', async () => {
  await admin.faults({ ai_provider_down: true });
  const { status, body } = await post('/crm_plus', DEMO_KEYS.plus, ana);
  expect(status).toBe(503);
  expect(body).toMatchObject({
    error_code: 'AI_SERVICE_UNAVAILABLE',
    billing_info: { creditos_utilizados: 2 },
  });
  expect(typeof body.error).toBe('string');
  expect(typeof body.fallback).toBe('string');
});

it('item-level PROFILE_NOT_FOUND with error and error_code in the item', async () => {
  const { status, body } = await post('/crm_basico_batch', DEMO_KEYS.basic, {
    profiles: [person('Ana', 'Souza', 'Empresa Inexistente')],
  });
  expect(status).toBe(200);
  expect(body.results[0]).toEqual({
    success: false,
    profile_index: 0,
    input: person('Ana', 'Souza', 'Empresa Inexistente'),
    error: expect.any(String),
    error_code: 'PROFILE_NOT_FOUND',
  });
});

describe('enhanced error format', () => {
  it('404 carries success, error and the request echoed with English names', async () => {
    const { status, body } = await post('/crm_basico', DEMO_KEYS.basic, {
      ...person('Ana', 'Souza', 'Empresa Inexistente'),
      contexto_adicional: 'Vendas',
    });
    expect(status).toBe(404);
    expect(sorted(body)).toEqual(['error', 'request', 'success']);
    expect(sorted(body.error)).toEqual(ENHANCED_ERROR);
    expect(body.error.suggestions.length).toBeGreaterThan(0);
    expect(body.request).toEqual({
      first_name: 'Ana',
      last_name: 'Souza',
      company: 'Empresa Inexistente',
      additional_context: 'Vendas',
    });
  });

  it('409 in the same format', async () => {
    const { status, body } = await post(
      '/crm_basico',
      DEMO_KEYS.basic,
      person('Ana', 'Souza', 'Homônimos SA'),
    );
    expect(status).toBe(409);
    expect(sorted(body)).toEqual(['error', 'request', 'success']);
    expect(sorted(body.error)).toEqual(ENHANCED_ERROR);
  });

  it('500 from an injected failure, uncharged', async () => {
    await admin.faults({ fail_next: { status: 500, count: 1 } });
    const { status, body } = await post('/crm', DEMO_KEYS.complete, ana);
    expect(status).toBe(500);
    expect(body.success).toBe(false);
    expect(body.error.type).toBe('server_error');
    expect((await admin.ledger(DEMO_KEYS.complete)).total_credits).toBe(0);
  });
});
