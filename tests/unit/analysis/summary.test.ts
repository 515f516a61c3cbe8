import { describe, expect, it } from 'vitest';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { approachSummary, topTraits } from '@/lib/analysis/summary';
import type { Analysis } from '@/lib/analysis/model';
import crm from '@/tests/fixtures/api/crm.json';
import crmPlus from '@/tests/fixtures/api/crm_plus.json';
import crmBatch from '@/tests/fixtures/api/crm_batch.json';

const model = (raw: unknown, extra?: { aiInsights?: unknown }): Analysis =>
  normalizeAnalysis(raw, extra).analysis;

describe('topTraits', () => {
  it('names the strongest traits in Portuguese, strongest first', () => {
    expect(topTraits(model(crm.analise))).toEqual([
      { trait: 'conscientiousness', label: 'Conscienciosidade', score: 0.91 },
      { trait: 'emotionalStability', label: 'Estabilidade emocional', score: 0.78 },
      { trait: 'openness', label: 'Abertura', score: 0.58 },
    ]);
    expect(topTraits(model(crmBatch.results[0]?.analise), 2).map((t) => t.label)).toEqual([
      'Extroversão',
      'Abertura',
    ]);
  });

  it('ranks emotional stability, never neuroticism, even when only neuroticism was sent', () => {
    const a = model({ ocean_scores: { neuroticism: 0.1, openness: 0.5 } });
    expect(topTraits(a, 5)).toEqual([
      { trait: 'emotionalStability', label: 'Estabilidade emocional', score: 0.9 },
      { trait: 'openness', label: 'Abertura', score: 0.5 },
    ]);
  });

  it('keeps the Big Five order on ties, and is empty without OCEAN', () => {
    const a = model({ ocean_scores: { agreeableness: 0.6, openness: 0.6, extraversion: 0.6 } });
    expect(topTraits(a, 2).map((t) => t.trait)).toEqual(['openness', 'extraversion']);
    expect(topTraits(model({ cargo: 'CEO' }))).toEqual([]);
    expect(topTraits(a, 0)).toEqual([]);
  });
});

describe('approachSummary', () => {
  it('leads with the Plus engagement approach (first sentence), the persona and the channels', () => {
    expect(approachSummary(model(crmPlus.analise, { aiInsights: crmPlus.ai_insights }))).toBe(
      'Líder técnica que compra por prova de conceito — Abra com um diagnóstico técnico gratuito da integração com o Pix Automático, via LinkedIn ou E-mail.',
    );
  });

  it('falls back to the communication style', () => {
    expect(approachSummary(model(crm.analise))).toBe(
      'CFO analítico e avesso a risco — Objetivo e baseado em dados, com números antes de narrativas.',
    );
  });

  it('then to the preferred style of the playbook, then to the MBTI preferred communication', () => {
    expect(
      approachSummary(
        model({ manual_comprador: { estrategia_comunicacao: { estilo_preferido: 'Consultivo' } } }),
      ),
    ).toBe('Consultivo.');
    expect(approachSummary(model(crmBatch.results[1]?.analise))).toBe(
      'Documentos técnicos enviados antes da reunião.',
    );
  });

  it('says only the persona when nothing tells how, and nothing when nothing is known', () => {
    expect(approachSummary(model({ manual_comprador: { persona: { titulo: 'Comprador técnico' } } }))).toBe(
      'Perfil: Comprador técnico.',
    );
    expect(approachSummary(model({ cargo: 'CEO' }))).toBeUndefined();
  });

  it('stays short whatever the service wrote', () => {
    const s = approachSummary(model({ communication_style: 'muito '.repeat(500) }));
    expect(s?.length).toBe(200);
    expect(s?.endsWith('…')).toBe(true);
  });
});
