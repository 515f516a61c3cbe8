import { describe, expect, it } from 'vitest';
import {
  aiInsightsBatchSchema,
  aiInsightsSchema,
  aiInsightsSingleSchema,
  analiseSchema,
  basicAnaliseSchema,
  batchAnaliseSchema,
  completeAnaliseSchema,
  extensaoChromeAnaliseSchema,
  metadataSchema,
  plusAnaliseSchema,
} from '@/lib/analysis/schemas';
import crmBasico from '@/tests/fixtures/api/crm_basico.json';
import crm from '@/tests/fixtures/api/crm.json';
import crmPlus from '@/tests/fixtures/api/crm_plus.json';
import extensao from '@/tests/fixtures/api/analisar_extensao_chrome.json';
import crmBatch from '@/tests/fixtures/api/crm_batch.json';
import crmPlusBatch from '@/tests/fixtures/api/crm_plus_batch.json';
import fallback503 from '@/tests/fixtures/api/crm_plus_fallback_503.json';

describe('analysis schemas', () => {
  it.each([
    ['crm_basico', basicAnaliseSchema, crmBasico.analise],
    ['crm', completeAnaliseSchema, crm.analise],
    ['crm_plus', plusAnaliseSchema, crmPlus.analise],
    ['analisar_extensao_chrome', extensaoChromeAnaliseSchema, extensao.analise],
    ['crm_batch', batchAnaliseSchema, crmBatch.results[0]?.analise],
    ['crm_plus_batch', batchAnaliseSchema, crmPlusBatch.results[0]?.analise],
    ['crm_plus_fallback_503', completeAnaliseSchema, fallback503.analise],
  ])('%s: its own shape and analiseSchema both read the fixture unchanged', (_name, shape, body) => {
    expect(shape.parse(body)).toEqual(body);
    expect(analiseSchema.parse(body)).toEqual(body);
  });

  it('types the variant fields', () => {
    const c = analiseSchema.parse(crmBatch.results[0]?.analise);
    expect(c.ocean?.openness).toBe(8.2);
    expect(typeof c.mbti === 'object' && c.mbti.tipo).toBe('ENFP');
    expect(c.manual_comprador?.ganhos_procurados).toEqual([
      'Aumentar o ticket médio',
      'Campanhas segmentadas por loja',
    ]);
    const b = analiseSchema.parse(crmPlus.analise);
    expect(b.scores_ocean?.neuroticism).toBe(0.35);
    expect(b.manual_comprador?.estrategia_comunicacao?.canais_preferenciais).toHaveLength(3);
  });

  it('lets unknown fields through, reads a wrong-typed field as absent and drops only bad list items', () => {
    const parsed = analiseSchema.parse({
      cargo: 42,
      campo_novo: { a: 1 },
      ocean_scores: { openness: 'alto', extraversion: 0.4, faceta: 0.1 },
      interesses_profissionais: ['Pix', 3, null, 'Open Finance'],
      manual_comprador: { pontos_dor: ['Churn', 7, { desafio: 'Custo', impacto: false }] },
      mbti: ['ENTJ'],
    });
    expect(parsed).toEqual({
      campo_novo: { a: 1 },
      ocean_scores: { extraversion: 0.4, faceta: 0.1 },
      interesses_profissionais: ['Pix', 'Open Finance'],
      manual_comprador: { pontos_dor: ['Churn', { desafio: 'Custo' }] },
    });
  });

  it('rejects only a body that is not an object', () => {
    expect(analiseSchema.safeParse('texto').success).toBe(false);
    expect(analiseSchema.safeParse([]).success).toBe(false);
    expect(analiseSchema.safeParse({}).success).toBe(true);
  });

  it('reads ai_insights in the single and the batch shape', () => {
    const single = aiInsightsSchema.parse(crmPlus.ai_insights);
    expect(single).toEqual(aiInsightsSingleSchema.parse(crmPlus.ai_insights));
    expect(typeof single.company_context === 'object' && single.company_context.market_position).toBe(
      'Fintech de médio porte focada em PMEs do Sudeste',
    );
    const batchBody = crmPlusBatch.results[0]?.analise?.ai_insights;
    const batch = aiInsightsSchema.parse(batchBody);
    expect(batch).toEqual(aiInsightsBatchSchema.parse(batchBody));
    expect(batch.enhanced_pain_points).toHaveLength(2);
    expect(batch.company_context).toMatch(/^Cooperativa/);
  });

  it('reads metadata, dropping wrong types', () => {
    expect(metadataSchema.parse(crmPlus.metadata)).toEqual(crmPlus.metadata);
    expect(metadataSchema.parse({ processing_time_ms: '12', ai_enhanced: true })).toEqual({
      ai_enhanced: true,
    });
  });
});
