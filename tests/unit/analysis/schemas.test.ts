import { describe, expect, it } from 'vitest';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { batchResponseSchema, singleResponseSchema } from '@/lib/api/schemas';
import crmBasico from '@/tests/fixtures/api/crm_basico.json';
import crm from '@/tests/fixtures/api/crm.json';
import crmPlus from '@/tests/fixtures/api/crm_plus.json';
import extensao from '@/tests/fixtures/api/analisar_extensao_chrome.json';
import crmBatch from '@/tests/fixtures/api/crm_batch.json';
import crmPlusBatch from '@/tests/fixtures/api/crm_plus_batch.json';
import fallback503 from '@/tests/fixtures/api/crm_plus_fallback_503.json';

/** The way the background reads a single answer: the envelope, then the one reader. */
const readSingle = (body: unknown) => {
  const res = singleResponseSchema.parse(body);
  return normalizeAnalysis(res.analise, { metadata: res.metadata, aiInsights: res.ai_insights });
};

describe('the response envelope leaves the analysis to the one reader', () => {
  it('keeps the analysis exactly as sent, for the one reader (normalizeAnalysis)', () => {
    for (const body of [crmBasico, crm, crmPlus, extensao, fallback503]) {
      const odd = { ...body, analise: { ...body.analise, cargo: 42, campo_novo: { a: 1 } } };
      expect(singleResponseSchema.parse(odd).analise).toEqual(odd.analise);
    }
    for (const body of [crmBatch, crmPlusBatch])
      expect(batchResponseSchema.parse(body).results[0]?.analise).toEqual(body.results[0]?.analise);
    // a wrong-typed field reaches the reader, which names it
    const { issues } = readSingle({ ...crm, analise: { ...crm.analise, cargo: 42 } });
    expect(issues).toEqual(['cargo: esperado texto (recebido número)']);
  });

  it('rejects only an analysis that is not an object', () => {
    expect(singleResponseSchema.safeParse({ ...crm, analise: 'texto' }).success).toBe(false);
    expect(singleResponseSchema.safeParse({ ...crm, analise: [] }).success).toBe(false);
    expect(singleResponseSchema.safeParse({ ...crm, analise: {} }).success).toBe(true);
  });

  it('keeps ai_insights and metadata as sent too, so their wrong-typed fields are named, not erased', () => {
    const odd = {
      ...crmPlus,
      metadata: { ...crmPlus.metadata, processing_time_ms: '12' },
      ai_insights: { ...crmPlus.ai_insights, industry_trends: 'uma só', engagement_strategy: 7 },
    };
    const res = singleResponseSchema.parse(odd);
    expect(res.metadata).toEqual(odd.metadata);
    expect(res.ai_insights).toEqual(odd.ai_insights);
    const { analysis, issues } = readSingle(odd);
    expect(issues).toEqual([
      'ai_insights.engagement_strategy: esperado objeto (recebido número)',
      'metadata.processing_time_ms: esperado número (recebido texto)',
    ]);
    expect(analysis.metadata).toEqual({ aiEnhanced: true, timestamp: '2025-03-18T14:22:05.123Z' });
    // a lone text reads as a one-item list
    expect(analysis.aiInsights?.industryTrends).toEqual(['uma só']);
  });

  it('reads ai_insights in the single and the batch shape', () => {
    const single = readSingle(crmPlus);
    expect(single.issues).toEqual([]);
    expect(single.analysis.aiInsights?.companyContext?.marketPosition).toBe(
      'Fintech de médio porte focada em PMEs do Sudeste',
    );
    expect(single.analysis.metadata?.processingTimeMs).toBe(crmPlus.metadata.processing_time_ms);
    const item = batchResponseSchema.parse(crmPlusBatch).results[0]!;
    const batch = normalizeAnalysis(item.analise, { aiInsights: item.ai_insights });
    expect(batch.issues).toEqual([]);
    expect(batch.analysis.aiInsights?.enhancedPainPoints).toHaveLength(2);
    expect(batch.analysis.aiInsights?.companyContext?.summary).toMatch(/^Cooperativa/);
  });
});
