import { describe, expect, it } from 'vitest';
import {
  batchResponseSchema,
  creditosSchema,
  errorBodies,
  healthSchema,
  normalizeCredits,
  serviceLevel,
  singleResponseSchema,
  statusSchema,
} from '@/lib/api/schemas';
import { embeddingListSchema, embeddingVector } from '@/lib/api/model-schemas';

describe('normalizeCredits', () => {
  it('reads the live-sample field list', () => {
    const body = creditosSchema.parse({
      message: 'Status de créditos',
      creditos_disponiveis: 87,
      tipo_plano: 'platform_professional',
      tier: 'complete',
      endpoints_permitidos: ['/crm_basico', '/crm', 'analisar'],
      total_creditos_utilizados: 413,
      custos_por_endpoint: { crm_basico: 1, crm: 2, crm_plus: 3, health: 0, obs: 'grátis' },
      api_key_info: { tier: 'complete', access_level: 'full', upgrade_available: false },
    });
    expect(normalizeCredits(body)).toEqual({
      balance: 87,
      plan: 'platform_professional',
      tier: 'complete',
      status: 'active',
      used: 413,
      allowedEndpoints: ['crm_basico', 'crm', 'analisar'],
      costs: { crm_basico: 1, crm: 2, crm_plus: 3, health: 0 },
      upgradeAvailable: false,
    });
  });

  it('reads the field-table list', () => {
    const body = creditosSchema.parse({
      creditos_restantes: 40,
      creditos_totais: 100,
      creditos_utilizados: 60,
      tipo_plano: 'platform_essentials',
      periodo_renovacao: '2026-12-01T00:00:00Z',
      status_plano: 'suspended',
      requests_per_minute: 300,
      requests_remaining_this_minute: 299,
      reset_time: '2026-11-22T10:01:00Z',
      this_month: { crm_basico: 50, crm: 5, total_requests: 55 },
      last_30_days: { average_per_day: 2.5, peak_day_usage: 9 },
      endpoint_access: { crm_basico: true, crm: false, health: true, 'tiers-disponiveis': true },
    });
    expect(normalizeCredits(body)).toEqual({
      balance: 40,
      plan: 'platform_essentials',
      tier: null,
      status: 'suspended',
      total: 100,
      used: 60,
      renewal: '2026-12-01T00:00:00Z',
      allowedEndpoints: ['crm_basico', 'health', 'tiers-disponiveis'],
      thisMonth: { crm_basico: 50, crm: 5, total_requests: 55 },
      last30Days: { averagePerDay: 2.5, peakDayUsage: 9 },
      rate: { perMinute: 300, remainingThisMinute: 299, resetTime: '2026-11-22T10:01:00Z' },
    });
  });

  it('maps plan status words in both languages, and anything else to unknown', () => {
    const status = (s: string) =>
      normalizeCredits(creditosSchema.parse({ creditos_restantes: 1, status_plano: s })).status;
    expect(status('active')).toBe('active');
    expect(status('Ativo')).toBe('active');
    expect(status('expired')).toBe('expired');
    expect(status('Suspenso')).toBe('suspended');
    expect(status('paused')).toBe('unknown');
  });

  it('rejects a body without any balance, and tolerates wrong types elsewhere', () => {
    expect(creditosSchema.safeParse({ message: 'ok' }).success).toBe(false);
    expect(creditosSchema.safeParse('créditos: 10').success).toBe(false);
    const body = creditosSchema.parse({
      creditos_disponiveis: 5,
      tipo_plano: 42,
      endpoints_permitidos: 'crm',
      extra: { a: 1 },
    });
    expect(body.tipo_plano).toBeUndefined();
    expect(body.endpoints_permitidos).toBeUndefined();
    expect((body as Record<string, unknown>).extra).toEqual({ a: 1 });
    expect(normalizeCredits(body)).toMatchObject({ balance: 5, plan: null, allowedEndpoints: [] });
  });
});

describe('health and status vocabularies', () => {
  it('maps every word onto one level', () => {
    for (const ok of ['healthy', 'saudável', 'Saudavel', 'operational', 'online', 'OK'])
      expect(serviceLevel(ok)).toBe('ok');
    for (const d of ['degraded', 'partial_outage', 'partial outage'])
      expect(serviceLevel(d)).toBe('degraded');
    for (const o of ['unhealthy', 'major_outage', 'não saudável', 'offline'])
      expect(serviceLevel(o)).toBe('outage');
    expect(serviceLevel('mystery')).toBe('unknown');
  });

  it('accepts both health layouts and the status body, and needs a status', () => {
    expect(
      healthSchema.parse({ status: 'saudável', sistema_creditos: 'ativo', features: ['credit_tracking'] })
        .status,
    ).toBe('saudável');
    expect(healthSchema.parse({ status: 'healthy', region: 'br', version: '2.1.0' }).region).toBe('br');
    expect(
      statusSchema.parse({ status: 'online', ml_available: true, endpoints: { basic_tier: ['/crm_basico'] } })
        .ml_available,
    ).toBe(true);
    expect(healthSchema.safeParse({ message: 'sem status' }).success).toBe(false);
  });
});

describe('analysis envelopes', () => {
  it('keeps unknown fields and accepts `analysis` for `analise`', () => {
    const single = singleResponseSchema.parse({
      analysis: { cargo: 'CFO' },
      billing_info: { creditos_utilizados: 2, creditos_restantes: 8, tipo_plano: 'x', novo_campo: true },
      extra: 1,
    });
    expect(single.analise).toMatchObject({ cargo: 'CFO' });
    expect(single.billing_info).toMatchObject({ creditos_utilizados: 2, novo_campo: true });
    expect((single as Record<string, unknown>).extra).toBe(1);
    expect(singleResponseSchema.safeParse({ billing_info: {} }).success).toBe(false);
  });

  it('reads batch items of both outcomes', () => {
    const batch = batchResponseSchema.parse({
      success: true,
      batch_summary: { total_profiles: 2, successful: 1, failed: 1, processing_time_ms: 812.5 },
      results: [
        { success: true, profile_index: 0, analise: { cargo: 'CTO' } },
        {
          success: false,
          profile_index: 1,
          error: 'Perfil não encontrado',
          error_code: 'PROFILE_NOT_FOUND',
          input: { empresa: 'X' },
        },
      ],
      billing_info: { creditos_utilizados: 2, creditos_por_perfil: 2, perfis_processados: 1 },
    });
    expect(batch.results[0]?.analise).toMatchObject({ cargo: 'CTO' });
    expect(batch.results[1]).toMatchObject({ success: false, error_code: 'PROFILE_NOT_FOUND' });
    expect(batchResponseSchema.safeParse({ success: true }).success).toBe(false);
  });

  it('has a schema for each error row', () => {
    expect(
      errorBodies.PLAN_SUSPENDED.safeParse({ error: 'x', error_code: 'PLAN_SUSPENDED', contact: 'a@b' })
        .success,
    ).toBe(true);
    expect(
      errorBodies.PLAN_SUSPENDED.safeParse({ error: 'x', error_code: 'INSUFFICIENT_CREDITS' }).success,
    ).toBe(false);
    expect(
      errorBodies.ENHANCED.safeParse({ success: false, error: { type: 'not_found', message: 'm' } }).success,
    ).toBe(true);
    expect(
      errorBodies.MODEL.safeParse({ error: { message: 'm', type: 'invalid_request', code: null } }).success,
    ).toBe(true);
  });
});

describe('embeddings', () => {
  it('accepts float arrays and base64 strings, and decodes both to the same numbers', () => {
    const floats = [0.5, -1.25, 3];
    const bytes = new Uint8Array(new Float32Array(floats).buffer);
    const base64 = btoa(String.fromCharCode(...bytes));
    const list = embeddingListSchema.parse({
      object: 'list',
      data: [
        { object: 'embedding', embedding: floats, index: 0 },
        { object: 'embedding', embedding: base64, index: 1 },
      ],
      model: 'service-embedding',
    });
    expect(list.data.map((d) => embeddingVector(d.embedding))).toEqual([floats, floats]);
  });
});
