import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from './accounts';
import { person, serverTiming, sorted, setupSandbox } from './test-helpers';

const { call, post, admin } = setupSandbox();
const ana = person('Ana', 'Souza', 'Nubank');

const IDENTITY = [
  'perfil_profissional',
  'cargo',
  'tipo_stakeholder',
  'localizacao_detectada',
  'interesses_profissionais',
];
const BASIC_FIELDS = [...IDENTITY, 'manual_comprador', 'linguagem_impacto'].sort();
const VARIANT_A = [
  ...IDENTITY,
  'contexto_negocios',
  'insights_regionais_brasil',
  'ocean_scores',
  'mbti_type',
  'mbti_description',
  'personality_type',
  'communication_style',
  'working_style',
  'decision_making',
  'strengths',
  'building_trust',
  'buyer_playbook',
  'pontos_dor_dinamicos',
  'linguagem_impacto_contextual',
].sort();
const VARIANT_B = [
  ...IDENTITY,
  'contexto_negocios',
  'insights_regionais_brasil',
  'scores_ocean',
  'tipo_mbti',
  'descricao_mbti',
  'personality_type',
  'communication_style',
  'working_style',
  'decision_making',
  'strengths',
  'construir_confianca',
  'manual_comprador',
  'pontos_dor_dinamicos',
  'linguagem_impacto',
  'ai_insights',
].sort();

describe('Basic endpoints', () => {
  it('/crm_basico answers the Basic form and charges 1 credit', async () => {
    const { status, body, headers } = await post('/crm_basico', DEMO_KEYS.basic, ana);
    expect(status).toBe(200);
    expect(sorted(body)).toEqual(['analise', 'billing_info']);
    expect(sorted(body.analise)).toEqual(BASIC_FIELDS);
    expect(sorted(body.analise.manual_comprador)).toEqual(['motivadores_compra', 'persona', 'pontos_dor']);
    expect(sorted(body.analise.manual_comprador.persona)).toEqual(['descricao', 'titulo']);
    expect(sorted(body.analise.manual_comprador.pontos_dor[0])).toEqual(['desafio', 'impacto']);
    expect(sorted(body.analise.manual_comprador.motivadores_compra[0])).toEqual(['impacto', 'texto']);
    expect(body.analise.localizacao_detectada).toMatch(/, Brasil$/);
    expect(body.billing_info).toEqual({
      creditos_utilizados: 1,
      creditos_restantes: 499,
      tipo_plano: 'platform_professional',
    });
    // The simulated processing, and the server's whole time on the request, which includes it.
    const timing = headers.get('server-timing') ?? '';
    expect(timing).toMatch(/^app;dur=\d+, total;dur=\d+(\.\d)?$/);
    const [app, total] = [...timing.matchAll(/dur=([\d.]+)/g)].map((m) => Number(m[1]));
    expect(total).toBeGreaterThanOrEqual(app! - 1);
  });

  it('/analisar behaves like /crm_basico', async () => {
    const a = await post('/crm_basico', DEMO_KEYS.basic, ana);
    const b = await post('/analisar', DEMO_KEYS.basic, ana);
    expect(b.status).toBe(200);
    expect(b.body.analise).toEqual(a.body.analise);
    expect(b.body.billing_info.creditos_utilizados).toBe(1);
  });

  it('/analyze answers the Basic form in English', async () => {
    const pt = await post('/crm_basico', DEMO_KEYS.basic, ana);
    const en = await post('/analyze', DEMO_KEYS.basic, ana);
    expect(en.status).toBe(200);
    expect(sorted(en.body.analise)).toEqual(BASIC_FIELDS);
    expect(en.body.analise.perfil_profissional).toBe(pt.body.analise.perfil_profissional);
    expect(en.body.analise.localizacao_detectada).toMatch(/, Brazil$/);
    expect(en.body.analise.manual_comprador.persona.descricao).toMatch(/ at Nubank: /);
    expect(en.body.analise.cargo).not.toBe(pt.body.analise.cargo);
    expect(en.body.billing_info.creditos_utilizados).toBe(1);
  });

  it('accepts the English input names', async () => {
    const { status, body } = await post('/crm_basico', DEMO_KEYS.basic, {
      first_name: 'Ana',
      last_name: 'Souza',
      company: 'Nubank',
    });
    const pt = await post('/crm_basico', DEMO_KEYS.basic, ana);
    expect(status).toBe(200);
    expect(body.analise).toEqual(pt.body.analise);
  });
});

describe('Complete and Plus endpoints', () => {
  it('/analisar-extensao-chrome answers Basic fields plus a personality summary for 1 credit', async () => {
    const { status, body } = await post('/analisar-extensao-chrome', DEMO_KEYS.complete, ana);
    expect(status).toBe(200);
    expect(sorted(body.analise)).toEqual(
      [...BASIC_FIELDS, 'ocean_scores', 'mbti_type', 'personality_type', 'communication_style'].sort(),
    );
    expect(body.billing_info.creditos_utilizados).toBe(1);
  });

  it('/crm answers variant A with OCEAN on 0–1 for 2 credits', async () => {
    const { status, body } = await post('/crm', DEMO_KEYS.complete, ana);
    expect(status).toBe(200);
    const a = body.analise;
    expect(sorted(a)).toEqual(VARIANT_A);
    expect(sorted(a.ocean_scores)).toEqual([
      'agreeableness',
      'conscientiousness',
      'emotional_stability',
      'extraversion',
      'neuroticism',
      'openness',
    ]);
    for (const score of Object.values(a.ocean_scores) as number[]) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect(a.ocean_scores.emotional_stability).toBeCloseTo(1 - a.ocean_scores.neuroticism, 5);
    expect(a.mbti_type).toMatch(/^[EI][NS][TF][JP]$/);
    expect(sorted(a.buyer_playbook)).toEqual(['buying_motivators', 'pain_points', 'persona']);
    expect(sorted(a.buyer_playbook.pain_points[0])).toEqual(['challenge', 'impact']);
    expect(sorted(a.buyer_playbook.buying_motivators[0])).toEqual(['impact', 'text']);
    expect(sorted(a.contexto_negocios)).toEqual(['setor', 'tamanho_empresa', 'tendencias_mercado']);
    expect(sorted(a.insights_regionais_brasil)).toEqual([
      'contexto_regulatorio',
      'desafios_regionais',
      'oportunidades_locais',
    ]);
    expect(sorted(a.pontos_dor_dinamicos[0])).toEqual(['contexto', 'desafio', 'impacto_estimado']);
    expect(body.billing_info).toEqual({
      creditos_utilizados: 2,
      creditos_restantes: 4998,
      tipo_plano: 'crm_business',
    });
  });

  it('/analyze-comprehensive answers variant A in English, with the same personality as /crm', async () => {
    const pt = await post('/crm', DEMO_KEYS.complete, ana);
    const en = await post('/analyze-comprehensive', DEMO_KEYS.complete, ana);
    expect(en.status).toBe(200);
    expect(sorted(en.body.analise)).toEqual(VARIANT_A);
    expect(en.body.analise.ocean_scores).toEqual(pt.body.analise.ocean_scores);
    expect(en.body.analise.mbti_type).toBe(pt.body.analise.mbti_type);
    expect(en.body.analise.mbti_description).not.toBe(pt.body.analise.mbti_description);
    expect(en.body.billing_info.creditos_utilizados).toBe(2);
  });

  it('/crm_plus answers variant B with ai_insights and metadata for 3 credits', async () => {
    const { status, body, headers } = await post('/crm_plus', DEMO_KEYS.plus, ana);
    expect(status).toBe(200);
    expect(sorted(body)).toEqual(['analise', 'billing_info', 'metadata']);
    const b = body.analise;
    expect(sorted(b)).toEqual(VARIANT_B);
    expect(sorted(b.manual_comprador)).toEqual([
      'estrategia_comunicacao',
      'motivadores_compra',
      'persona',
      'pontos_dor',
    ]);
    expect(sorted(b.manual_comprador.pontos_dor[0])).toEqual(['desafio', 'impacto', 'prioridade']);
    expect(sorted(b.manual_comprador.estrategia_comunicacao)).toEqual([
      'canais_preferenciais',
      'estilo_preferido',
      'timing_otimo',
      'tipo_conteudo',
    ]);
    expect(sorted(b.ai_insights)).toEqual([
      'company_context',
      'engagement_strategy',
      'enhanced_pain_points',
      'industry_trends',
    ]);
    expect(sorted(b.ai_insights.company_context)).toEqual([
      'competitive_dynamics',
      'market_position',
      'recent_initiatives',
    ]);
    expect(sorted(b.ai_insights.enhanced_pain_points[0])).toEqual(['challenge', 'context', 'opportunity']);
    expect(sorted(b.ai_insights.engagement_strategy)).toEqual([
      'key_messages',
      'recommended_approach',
      'talking_points',
    ]);
    expect(sorted(body.metadata)).toEqual(['ai_enhanced', 'processing_time_ms', 'timestamp']);
    expect(body.metadata.ai_enhanced).toBe(true);
    expect(Number.isInteger(body.metadata.processing_time_ms)).toBe(true);
    expect(body.metadata.processing_time_ms).toBe(serverTiming(headers));
    expect(new Date(body.metadata.timestamp).toISOString()).toBe(body.metadata.timestamp);
    expect(body.billing_info).toEqual({
      creditos_utilizados: 3,
      creditos_restantes: 9997,
      tipo_plano: 'crm_enterprise',
    });
  });

  it('/crm_plus is open to Complete keys too', async () => {
    expect((await post('/crm_plus', DEMO_KEYS.complete, ana)).status).toBe(200);
  });

  it('/crm_plus with the AI provider down answers 503 with the Complete analysis, charged 2', async () => {
    await admin.faults({ ai_provider_down: true });
    const { status, body } = await post('/crm_plus', DEMO_KEYS.plus, ana);
    expect(status).toBe(503);
    expect(sorted(body)).toEqual(['analise', 'billing_info', 'error', 'error_code', 'fallback']);
    expect(body.error_code).toBe('AI_SERVICE_UNAVAILABLE');
    expect(sorted(body.analise)).toEqual(VARIANT_A);
    expect(body.billing_info).toEqual({
      creditos_utilizados: 2,
      creditos_restantes: 9998,
      tipo_plano: 'crm_enterprise',
    });
    const ledger = await admin.ledger(DEMO_KEYS.plus);
    expect(ledger.entries.map((e: { credits: number }) => e.credits)).toEqual([2]);
  });
});

describe('tier rules', () => {
  const denied: [string, string][] = [
    ['/analisar-extensao-chrome', DEMO_KEYS.basic],
    ['/crm', DEMO_KEYS.basic],
    ['/analyze-comprehensive', DEMO_KEYS.basic],
    ['/crm_plus', DEMO_KEYS.basic],
    ['/crm_batch', DEMO_KEYS.basic],
    ['/crm_plus_batch', DEMO_KEYS.basic],
    ['/crm_plus_batch', DEMO_KEYS.complete],
  ];
  it.each(denied)('%s refuses a key below its tier with 403 and no charge', async (path, key) => {
    const body = path.endsWith('_batch') ? { profiles: [ana] } : ana;
    const res = await post(path, key, body);
    expect(res.status).toBe(403);
    expect(res.body.error_code).toBe('ACCESS_DENIED');
    expect(res.body.details.endpoint_requested).toBe(path);
    expect(res.body.billing_info.creditos_utilizados).toBe(0);
    expect((await admin.ledger(key)).total_credits).toBe(0);
  });

  it('the Basic batch is open to every tier and the Plus batch to Plus keys', async () => {
    for (const key of [DEMO_KEYS.basic, DEMO_KEYS.complete, DEMO_KEYS.plus]) {
      expect((await post('/crm_basico_batch', key, { profiles: [ana] })).status).toBe(200);
    }
    expect((await post('/crm_plus_batch', DEMO_KEYS.plus, { profiles: [ana] })).status).toBe(200);
  });
});

describe('test companies', () => {
  it('Empresa Inexistente answers 404 in the enhanced format, compared without case or accents', async () => {
    const { status, body } = await post(
      '/crm',
      DEMO_KEYS.complete,
      person('Ana', 'Souza', '  empresa INEXISTENTE '),
    );
    expect(status).toBe(404);
    expect(body.success).toBe(false);
    expect(body.error.type).toBe('profile_not_found');
    expect(body.request).toEqual({ first_name: 'Ana', last_name: 'Souza', company: 'empresa INEXISTENTE' });
  });

  it('Dados Insuficientes answers 422 INSUFFICIENT_DATA', async () => {
    const { status, body } = await post(
      '/crm_basico',
      DEMO_KEYS.basic,
      person('Ana', 'Souza', 'Dados Insuficientes'),
    );
    expect(status).toBe(422);
    expect(body.error_code).toBe('INSUFFICIENT_DATA');
  });

  it('Homônimos SA answers 409 until contexto_adicional is given', async () => {
    const who = person('Ana', 'Souza', 'Homonimos sa');
    const ambiguous = await post('/crm', DEMO_KEYS.complete, who);
    expect(ambiguous.status).toBe(409);
    expect(ambiguous.body.error.type).toBe('multiple_matches');
    expect(ambiguous.body.error.can_provide_context).toBe(true);
    expect((await post('/crm', DEMO_KEYS.complete, { ...who, contexto_adicional: '   ' })).status).toBe(409);
    const resolved = await post('/crm', DEMO_KEYS.complete, {
      ...who,
      contexto_adicional: 'Diretora de Vendas em Recife',
    });
    expect(resolved.status).toBe(200);
  });

  it('charges nothing for the test companies', async () => {
    for (const empresa of ['Empresa Inexistente', 'Dados Insuficientes', 'Homônimos SA']) {
      await post('/crm_plus', DEMO_KEYS.plus, person('Ana', 'Souza', empresa));
    }
    expect(await admin.ledger(DEMO_KEYS.plus)).toMatchObject({
      entries: [],
      total_credits: 0,
      balance: 10000,
    });
  });
});

describe('latency', () => {
  it.each([
    ['/crm_basico', 2000, 8000],
    ['/crm', 5000, 18000],
    ['/crm_plus', 15000, 35000],
  ])('%s takes a time inside the typical range times the scale, and reports it', async (path, min, max) => {
    await admin.faults({ latency_scale: 0.01 });
    const started = performance.now();
    const { headers } = await post(path, DEMO_KEYS.plus, person('Bruno', 'Lima', 'Acme Tecnologia'));
    const elapsed = performance.now() - started;
    const reported = serverTiming(headers);
    expect(reported).toBeGreaterThanOrEqual(min * 0.01);
    expect(reported).toBeLessThanOrEqual(max * 0.01);
    expect(elapsed).toBeGreaterThanOrEqual(reported - 1);
  });

  it('reports the same simulated time for the same request', async () => {
    const a = await post('/crm', DEMO_KEYS.complete, ana);
    const b = await post('/crm', DEMO_KEYS.complete, ana);
    expect(serverTiming(a.headers)).toBe(serverTiming(b.headers));
  });
});

describe('determinism', () => {
  it('gives the same analysis for the same person, whatever the case, accents and spacing', async () => {
    const a = await post('/crm', DEMO_KEYS.complete, person('João', 'Conceição', 'Itaú Unibanco'));
    const b = await post('/crm', DEMO_KEYS.complete, person(' joao ', 'CONCEICAO', 'itau  unibanco'));
    expect(b.body.analise.ocean_scores).toEqual(a.body.analise.ocean_scores);
    expect(b.body.analise.perfil_profissional).toBe(a.body.analise.perfil_profissional);
    expect(b.body.analise.buyer_playbook.pain_points).toEqual(a.body.analise.buyer_playbook.pain_points);
  });

  it('gives different people different analyses', async () => {
    const a = await post('/crm', DEMO_KEYS.complete, ana);
    const b = await post('/crm', DEMO_KEYS.complete, person('Marcos', 'Almeida', 'Nubank'));
    expect(b.body.analise.ocean_scores).not.toEqual(a.body.analise.ocean_scores);
    expect(b.body.analise.contexto_negocios.setor).toBe(a.body.analise.contexto_negocios.setor);
  });
});

it('answers an unknown path with 404 and a wrong method with 405', async () => {
  expect((await call('/crm_premium', { key: DEMO_KEYS.plus, body: ana })).status).toBe(404);
  expect((await call('/crm', { key: DEMO_KEYS.plus })).status).toBe(405);
});
