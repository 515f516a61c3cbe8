import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';

// Hundreds of generated cases each: generous on a busy machine (the assertions do not depend on time).
vi.setConfig({ testTimeout: 120_000 });
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { MAX_ISSUES, unreadFields } from '@/lib/analysis/issues';
import crm from '@/tests/fixtures/api/crm.json';
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
        expect(issues.length).toBeLessThanOrEqual(MAX_ISSUES + 1);
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

/** Top-level fields that only a text can fill: anything else there is a field the reader could not read. */
const TEXT_FIELDS = [
  'cargo',
  'tipo_stakeholder',
  'localizacao_detectada',
  'personality_type',
  'communication_style',
  'working_style',
  'decision_making',
  'mbti_description',
];
const notText = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string(), { maxKeys: 2 }),
);

describe('the issues of a reading are counted', () => {
  it('names each field of the wrong type once, and the panel counts them all', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...TEXT_FIELDS), { minLength: 1 }),
        fc.array(notText, { minLength: TEXT_FIELDS.length, maxLength: TEXT_FIELDS.length }),
        (fields, values) => {
          const raw = { ...crm.analise, ...Object.fromEntries(fields.map((f, i) => [f, values[i]])) };
          const { analysis, issues } = normalizeAnalysis(raw);
          const unread = unreadFields(issues);
          expect(unread.count).toBe(fields.length);
          expect(unread.fields.map((f) => f.field).sort()).toEqual([...fields].sort());
          // the rest of the analysis is read as before
          expect(analysis.ocean).toEqual(normalizeAnalysis(crm.analise).analysis.ocean);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('on any body, counts every issue, those past the cap included', () => {
    fc.assert(
      fc.property(hostileJson(KEYS, 4), (body) => {
        const { issues } = normalizeAnalysis(body);
        const { count, fields } = unreadFields(issues);
        expect(fields.length).toBeLessThanOrEqual(MAX_ISSUES);
        if (issues.length <= MAX_ISSUES) expect(count).toBe(issues.length);
        else expect(count).toBeGreaterThan(MAX_ISSUES);
        for (const f of fields) expect(f.field).not.toBe('');
      }),
      { numRuns: 200 },
    );
  });
});
