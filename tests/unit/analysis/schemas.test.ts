import { describe, expect, it } from 'vitest';
import {
  aiInsightsBatchSchema,
  aiInsightsSchema,
  aiInsightsSingleSchema,
  metadataSchema,
} from '@/lib/analysis/schemas';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { batchResponseSchema, singleResponseSchema } from '@/lib/api/schemas';
import crmBasico from '@/tests/fixtures/api/crm_basico.json';
import crm from '@/tests/fixtures/api/crm.json';
import crmPlus from '@/tests/fixtures/api/crm_plus.json';
import extensao from '@/tests/fixtures/api/analisar_extensao_chrome.json';
import crmBatch from '@/tests/fixtures/api/crm_batch.json';
import crmPlusBatch from '@/tests/fixtures/api/crm_plus_batch.json';
import fallback503 from '@/tests/fixtures/api/crm_plus_fallback_503.json';

describe('the schemas beside the analysis', () => {
  it('the response envelope keeps the analysis exactly as sent, for the one reader (normalizeAnalysis)', () => {
    for (const body of [crmBasico, crm, crmPlus, extensao, fallback503]) {
      const odd = { ...body, analise: { ...body.analise, cargo: 42, campo_novo: { a: 1 } } };
      expect(singleResponseSchema.parse(odd).analise).toEqual(odd.analise);
    }
    for (const body of [crmBatch, crmPlusBatch])
      expect(batchResponseSchema.parse(body).results[0]?.analise).toEqual(body.results[0]?.analise);
    // a wrong-typed field reaches the reader, which names it
    const { issues } = normalizeAnalysis(
      singleResponseSchema.parse({ ...crm, analise: { ...crm.analise, cargo: 42 } }).analise,
    );
    expect(issues.join(' ')).toContain('cargo');
  });

  it('rejects only an analysis that is not an object', () => {
    expect(singleResponseSchema.safeParse({ ...crm, analise: 'texto' }).success).toBe(false);
    expect(singleResponseSchema.safeParse({ ...crm, analise: [] }).success).toBe(false);
    expect(singleResponseSchema.safeParse({ ...crm, analise: {} }).success).toBe(true);
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
