/** The batch endpoints and their rules (docs/api-contract.md, Batches). */
import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { type Json, person, sorted, setupSandbox } from './test-helpers';

const { post, admin } = setupSandbox();
const people = [
  person('Ana', 'Souza', 'Nubank'),
  person('Bruno', 'Lima', 'Hospital Central'),
  person('Carla', 'Dias', 'Empresa Inexistente'),
  person('Diego', 'Rocha', 'Dados Insuficientes'),
  person('Elisa', 'Prado', 'Agro Vale'),
];

describe('rules', () => {
  it('1: profiles are analysed concurrently: five take the time of a batch of five, not five singles', async () => {
    await admin.faults({ latency_scale: 0.01 });
    const { body } = await post('/crm_basico_batch', DEMO_KEYS.basic, { profiles: people });
    expect(body.batch_summary.processing_time_ms).toBeGreaterThanOrEqual(80);
    expect(body.batch_summary.processing_time_ms).toBeLessThanOrEqual(100);
  });

  it('2: each profile yields one item whose profile_index is its position and input is the original', async () => {
    const profiles = people.map((p, i) => ({ ...p, crm_id: `lead-${i}` }));
    const { body } = await post('/crm_basico_batch', DEMO_KEYS.basic, { profiles });
    expect(body.results.map((r: Json) => r.profile_index)).toEqual([0, 1, 2, 3, 4]);
    expect(body.results.map((r: Json) => r.input)).toEqual(profiles);
  });

  it('3: only successes are charged, in one ledger entry', async () => {
    const { body } = await post('/crm_batch', DEMO_KEYS.complete, { profiles: people });
    expect(body.billing_info).toEqual({
      creditos_utilizados: 6,
      creditos_restantes: 4994,
      tipo_plano: 'crm_business',
      creditos_por_perfil: 2,
      perfis_processados: 3,
    });
    const ledger = await admin.ledger(DEMO_KEYS.complete);
    expect(ledger.entries).toEqual([
      {
        at: expect.any(String),
        endpoint: '/crm_batch',
        credits: 6,
        profiles: 3,
        request_id: expect.any(String),
      },
    ]);
    expect(ledger.balance).toBe(4994);
  });

  it('4: a partial failure still answers 200 with success true', async () => {
    const { status, body } = await post('/crm_basico_batch', DEMO_KEYS.basic, { profiles: people });
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.batch_summary).toMatchObject({ total_profiles: 5, successful: 3, failed: 2 });
    expect(sorted(body)).toEqual(['batch_summary', 'billing_info', 'results', 'success']);
  });

  it('5: failed items carry error and error_code', async () => {
    const { body } = await post('/crm_basico_batch', DEMO_KEYS.basic, {
      profiles: [...people, person('Fabio', 'Reis', 'Homônimos SA')],
    });
    const failed = body.results.filter((r: Json) => !r.success);
    expect(failed.map((r: Json) => r.error_code)).toEqual([
      'PROFILE_NOT_FOUND',
      'INSUFFICIENT_DATA',
      'MULTIPLE_MATCHES',
    ]);
    for (const item of failed) {
      expect(sorted(item)).toEqual(['error', 'error_code', 'input', 'profile_index', 'success']);
    }
  });

  it('6: the whole batch cost must be covered before processing, even if some profiles would fail', async () => {
    const key = await admin.account({ tier: 'plus', credits: 14 });
    expect((await post('/crm_plus_batch', key, { profiles: people })).status).toBe(402);
    expect((await admin.ledger(key)).total_credits).toBe(0);
    const four = await post('/crm_plus_batch', key, { profiles: people.slice(0, 4) });
    expect(four.status).toBe(200);
    expect(four.body.billing_info.creditos_utilizados).toBe(6);
  });

  it('7: more than 10 profiles is a 400', async () => {
    const { status, body } = await post('/crm_batch', DEMO_KEYS.complete, {
      profiles: Array(11).fill(people[0]),
    });
    expect(status).toBe(400);
    expect(body.profiles_received).toBe(11);
    expect(
      (await post('/crm_batch', DEMO_KEYS.complete, { profiles: Array(10).fill(people[0]) })).status,
    ).toBe(200);
  });
});

describe('items in variant C', () => {
  it('the Complete batch carries OCEAN on 0–10, the mbti object and the short buyer manual', async () => {
    const single = await post('/crm', DEMO_KEYS.complete, people[0]);
    const { body } = await post('/crm_batch', DEMO_KEYS.complete, { profiles: [people[0]] });
    const item = body.results[0];
    expect(sorted(item)).toEqual(['analise', 'input', 'profile_index', 'success']);
    const c = item.analise;
    for (const [trait, score] of Object.entries(single.body.analise.ocean_scores)) {
      expect(c.ocean[trait]).toBeCloseTo((score as number) * 10, 5);
    }
    expect(sorted(c.mbti)).toEqual(['comunicacao_preferida', 'descricao', 'pontos_fortes', 'tipo']);
    expect(c.mbti.tipo).toBe(single.body.analise.mbti_type);
    expect(sorted(c.manual_comprador)).toEqual(['dores', 'ganhos_procurados', 'prioridades']);
    expect(c.linguagem_impacto).toHaveLength(3);
    expect(c.building_trust).toBeUndefined();
    expect(c.construir_confianca).toBeUndefined();
  });

  it('the Basic batch carries only Basic-level content', async () => {
    const { body } = await post('/crm_basico_batch', DEMO_KEYS.basic, { profiles: [people[0]] });
    const c = body.results[0].analise;
    expect(c.manual_comprador.dores.length).toBeGreaterThan(0);
    expect(c.ocean).toBeUndefined();
    expect(c.mbti).toBeUndefined();
  });

  it('the Plus batch adds ai_insights in the batch shape', async () => {
    const { body } = await post('/crm_plus_batch', DEMO_KEYS.plus, { profiles: [people[0]] });
    const insights = body.results[0].analise.ai_insights;
    expect(sorted(insights)).toEqual([
      'company_context',
      'competitive_landscape',
      'engagement_strategy',
      'enhanced_pain_points',
      'key_initiatives',
      'market_trends',
    ]);
    expect(typeof insights.market_trends).toBe('string');
    expect(Array.isArray(insights.key_initiatives)).toBe(true);
  });
});

it('analyses and charges duplicate profiles each time', async () => {
  const { body } = await post('/crm_batch', DEMO_KEYS.complete, { profiles: [people[0], people[0]] });
  expect(body.batch_summary.successful).toBe(2);
  expect(body.results[1].analise).toEqual(body.results[0].analise);
  expect(body.billing_info.creditos_utilizados).toBe(4);
});

it('fails Plus batch items with AI_SERVICE_UNAVAILABLE, uncharged, when the AI provider is down', async () => {
  await admin.faults({ ai_provider_down: true });
  const { status, body } = await post('/crm_plus_batch', DEMO_KEYS.plus, { profiles: people.slice(0, 3) });
  expect(status).toBe(200);
  expect(body.results.map((r: Json) => r.error_code)).toEqual([
    'AI_SERVICE_UNAVAILABLE',
    'AI_SERVICE_UNAVAILABLE',
    'PROFILE_NOT_FOUND',
  ]);
  expect(body.billing_info.creditos_utilizados).toBe(0);
  expect((await admin.ledger(DEMO_KEYS.plus)).entries).toEqual([]);
});
