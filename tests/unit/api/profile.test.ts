import { describe, expect, it } from 'vitest';
import { DEMO_KEYS } from '../../sandbox/accounts';
import { ENDPOINTS } from '@/lib/api/client';
import { normalizeCredits, serviceLevel } from '@/lib/api/schemas';
import { setupSandbox } from './sandbox';

const sb = setupSandbox();

const ana = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

describe('single analyses, against the sandbox', () => {
  it('crmBasico returns the Basic form and charges 1 credit', async () => {
    const key = await sb.account({ tier: 'basic', credits: 10 });
    const body = await sb.client(key).crmBasico(ana);
    expect(body.analise.cargo).toEqual(expect.any(String));
    expect(body.analise.manual_comprador).toBeDefined();
    expect(body.billing_info).toMatchObject({ creditos_utilizados: 1, creditos_restantes: 9 });
    expect(await sb.ledger(key)).toMatchObject({
      total_credits: 1,
      entries: [{ endpoint: '/crm_basico', credits: 1 }],
    });
  });

  it('crm returns variant A and charges 2 credits', async () => {
    const key = await sb.account({ tier: 'complete' });
    const body = await sb.client(key).crm(ana);
    // the analysis arrives as sent: lib/analysis/normalize.ts reads it
    const a = body.analise as { ocean_scores?: { openness?: number }; mbti_type?: string };
    expect(a.ocean_scores?.openness).toEqual(expect.any(Number));
    expect(a.mbti_type).toMatch(/^[EI][NS][TF][JP]$/);
    expect(body.billing_info?.creditos_utilizados).toBe(2);
    expect((await sb.ledger(key)).total_credits).toBe(2);
  });

  it('crmPlus returns variant B with ai_insights and metadata, charging 3 credits', async () => {
    const key = await sb.account({ tier: 'complete' });
    const body = await sb.client(key).crmPlus(ana);
    expect(body.degraded).toBeUndefined();
    expect(body.analise.scores_ocean).toBeDefined();
    expect(
      (body.analise.ai_insights as { industry_trends?: unknown[] })?.industry_trends?.length,
    ).toBeGreaterThan(0);
    expect(body.metadata).toMatchObject({ ai_enhanced: true });
    expect(body.billing_info?.creditos_utilizados).toBe(3);
    expect((await sb.ledger(key)).total_credits).toBe(3);
  });

  it('analisar, analisarExtensaoChrome, analyze and analyzeComprehensive each answer and charge their price', async () => {
    const key = await sb.account({ tier: 'complete' });
    const client = sb.client(key);
    const basic = await client.analisar(ana);
    expect(basic.analise.cargo).toEqual(expect.any(String));
    const quick = await client.analisarExtensaoChrome(ana);
    expect(quick.analise.mbti_type).toEqual(expect.any(String));
    expect(quick.analise.ocean_scores).toBeDefined();
    const en = await client.analyze(ana);
    expect(en.analise.cargo).toEqual(expect.any(String));
    const comprehensive = await client.analyzeComprehensive(ana);
    expect(comprehensive.analise.ocean_scores).toBeDefined();
    const ledger = await sb.ledger(key);
    expect(ledger.entries.map((e) => [e.endpoint, e.credits])).toEqual([
      ['/analisar', ENDPOINTS.analisar.credits],
      ['/analisar-extensao-chrome', ENDPOINTS.analisarExtensaoChrome.credits],
      ['/analyze', ENDPOINTS.analyze.credits],
      ['/analyze-comprehensive', ENDPOINTS.analyzeComprehensive.credits],
    ]);
  });

  it('a person at "Homônimos SA" is found once context is added', async () => {
    const key = await sb.account({ tier: 'basic' });
    const body = await sb
      .client(key)
      .crmBasico({ ...ana, empresa: 'Homônimos SA', contexto_adicional: 'Diretora de Vendas, São Paulo' });
    expect(body.analise).toBeDefined();
  });
});

describe('batches, against the sandbox', () => {
  const people = [
    { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    { primeiro_nome: 'Bruno', ultimo_nome: 'Lima', empresa: 'Empresa Inexistente' },
    { primeiro_nome: 'Carla', ultimo_nome: 'Dias', empresa: 'Stone' },
  ];

  for (const [method, tier, credits] of [
    ['crmBasicoBatch', 'basic', 1],
    ['crmBatch', 'complete', 2],
    ['crmPlusBatch', 'plus', 3],
  ] as const) {
    it(`${method} charges only the successful items (${credits} each)`, async () => {
      const key = await sb.account({ tier });
      const body = await sb.client(key)[method](people);
      expect(body.batch_summary).toMatchObject({ total_profiles: 3, successful: 2, failed: 1 });
      expect(body.results.map((r) => r.profile_index)).toEqual([0, 1, 2]);
      expect(body.results[0]?.analise?.ocean ?? body.results[0]?.analise?.cargo).toBeDefined();
      expect(body.results[1]).toMatchObject({ success: false, error_code: 'PROFILE_NOT_FOUND' });
      expect(body.billing_info).toMatchObject({ creditos_utilizados: 2 * credits, perfis_processados: 2 });
      expect((await sb.ledger(key)).total_credits).toBe(2 * credits);
    });
  }

  it('Plus batch items carry the batch shape of ai_insights', async () => {
    const key = await sb.account({ tier: 'plus' });
    const body = await sb.client(key).crmPlusBatch(people.slice(0, 1));
    expect(typeof (body.results[0]?.analise?.ai_insights as { market_trends?: unknown })?.market_trends).toBe(
      'string',
    );
  });
});

describe('free endpoints, against the sandbox', () => {
  it('creditos reads and normalizes the balance, charging nothing', async () => {
    const key = await sb.account({ tier: 'complete', credits: 50 });
    const credits = normalizeCredits(await sb.client(key).creditos());
    expect(credits).toMatchObject({ balance: 50, tier: 'complete', status: 'active', total: 50, used: 0 });
    expect(credits.allowedEndpoints).toContain('crm_plus');
    expect(credits.costs?.crm).toBe(2);
    expect((await sb.ledger(key)).total_credits).toBe(0);
  });

  it('tiersDisponiveis lists the plans, with or without a key', async () => {
    for (const key of [DEMO_KEYS.basic, '']) {
      const tiers = await sb.client(key).tiersDisponiveis();
      expect(tiers.tiers_disponiveis?.map((t) => t.tier)).toEqual(['basic', 'complete']);
      expect(tiers.api_version).toEqual(expect.any(String));
    }
  });

  it('health and saude answer in both vocabularies; status too', async () => {
    const client = sb.client(DEMO_KEYS.complete);
    expect(serviceLevel((await client.health()).status)).toBe('ok');
    const saude = await client.saude();
    expect(saude.status).toBe('saudável');
    expect(serviceLevel(saude.status)).toBe('ok');
    expect(serviceLevel((await sb.client('').status()).status)).toBe('ok');
    await sb.faults({ ai_provider_down: true });
    try {
      expect(serviceLevel((await client.status()).status)).toBe('degraded');
    } finally {
      await sb.faults({ ai_provider_down: false });
    }
  });
});
