import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

// Hundreds of generated cases each: generous on a busy machine (the assertions do not depend on time).
vi.setConfig({ testTimeout: 120_000 });
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { MAX_ITEMS, MAX_TEXT } from '@/lib/text';
import { expectNoPollution, hostileJson, LONE_SURROGATE, walk } from './arbitraries';

/** The field names the normalizer reads, so generated bodies reach its every branch. */
const KEYS = [
  '',
  'abertura',
  'agreeableness',
  'ai_enhanced',
  'ai_insights',
  'amabilidade',
  'analise',
  'building_trust',
  'buyer_playbook',
  'buying_motivators',
  'canais_preferenciais',
  'cargo',
  'challenge',
  'communication_style',
  'company_context',
  'competitive_dynamics',
  'competitive_landscape',
  'comunicacao_preferida',
  'conscienciosidade',
  'conscientiousness',
  'construir_confianca',
  'context',
  'contexto',
  'contexto_negocios',
  'contexto_regulatorio',
  'decision_making',
  'desafio',
  'desafios_regionais',
  'descricao',
  'descricao_mbti',
  'description',
  'dores',
  'emotional_stability',
  'engagement_strategy',
  'enhanced_pain_points',
  'estabilidade_emocional',
  'estilo_comunicacao',
  'estilo_preferido',
  'estilo_trabalho',
  'estrategia_comunicacao',
  'extraversion',
  'extroversao',
  'ganhos_procurados',
  'impact',
  'impacto',
  'impacto_estimado',
  'industry_trends',
  'insights_regionais_brasil',
  'interesses_profissionais',
  'key_initiatives',
  'key_messages',
  'linguagem_impacto',
  'linguagem_impacto_contextual',
  'localizacao',
  'localizacao_detectada',
  'manual_comprador',
  'market_position',
  'market_trends',
  'mbti',
  'mbti_description',
  'mbti_type',
  'metadata',
  'motivadores_compra',
  'neuroticism',
  'neuroticismo',
  'ocean',
  'ocean_scores',
  'openness',
  'oportunidade',
  'oportunidades_locais',
  'opportunity',
  'pain_points',
  'perfil',
  'perfil_profissional',
  'persona',
  'personalidade',
  'personality_type',
  'pontos_dor',
  'pontos_dor_dinamicos',
  'pontos_fortes',
  'preferred_communication',
  'prioridade',
  'prioridades',
  'priority',
  'problema',
  'problemas',
  'processing_time_ms',
  'recent_initiatives',
  'recommended_approach',
  'scores_ocean',
  'setor',
  'strengths',
  'talking_points',
  'tamanho_empresa',
  'tendencias_mercado',
  'timestamp',
  'timing_otimo',
  'tipo',
  'tipo_conteudo',
  'tipo_mbti',
  'tipo_personalidade',
  'tipo_stakeholder',
  'title',
  'titulo',
  'tomada_decisao',
  'type',
  'url',
  'working_style',
];

describe('normalizeAnalysis on any body', () => {
  it('never throws, never passes its caps, never splits a character, never pollutes a prototype', () => {
    fc.assert(
      fc.property(hostileJson(KEYS, 4), (body) => {
        const { analysis, issues } = normalizeAnalysis(body);
        const seen = walk(analysis);
        for (const s of seen.strings) expect(s.length).toBeLessThanOrEqual(MAX_TEXT);
        for (const n of seen.arrays) expect(n).toBeLessThanOrEqual(MAX_ITEMS);
        expect(issues.length).toBeLessThanOrEqual(51);
        // A cut never leaves half of a pair (the body's own lone halves aside).
        if (!walk(body).strings.some((s) => LONE_SURROGATE.test(s)))
          for (const s of seen.strings) expect(s).not.toMatch(LONE_SURROGATE);
        expectNoPollution(analysis, expect);
        expect(JSON.parse(JSON.stringify(analysis))).toEqual(analysis);
      }),
      { numRuns: 300 },
    );
  });
});
