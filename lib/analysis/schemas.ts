import { z } from 'zod';

/*
 * The `analise` object in every shape the service sends (docs/api-contract.md), for validating response envelopes.
 * Every object is loose (unknown fields pass) and every field is optional and forgiving: a field of an
 * unexpected type reads as absent, and a bad list item is dropped, instead of rejecting the whole answer.
 * Reading into the UI model, with a report of what was dropped, is `normalizeAnalysis`'s job: it takes the
 * raw body, so it can name what these schemas silently drop.
 */

import { bool, list, num, opt, text } from '@/lib/schema';

const texts = () => list(z.string());

/** Pain point: a plain text (variant C `dores`) or an object with English or Portuguese keys. */
const painPointSchema = z.union([
  z.string(),
  z.looseObject({
    desafio: text(),
    challenge: text(),
    impacto: text(),
    impact: text(),
    contexto: text(),
    context: text(),
    prioridade: opt(z.union([z.string(), z.number()])),
    priority: opt(z.union([z.string(), z.number()])),
  }),
]);

const motivatorSchema = z.union([
  z.string(),
  z.looseObject({ texto: text(), text: text(), impacto: text(), impact: text() }),
]);

/** `manual_comprador` and `buyer_playbook`, in the Basic form and in variants A, B and C. */
export const playbookSchema = z.looseObject({
  persona: opt(
    z.union([
      z.string(),
      z.looseObject({ titulo: text(), descricao: text(), title: text(), description: text() }),
    ]),
  ),
  pontos_dor: list(painPointSchema),
  pain_points: list(painPointSchema),
  dores: list(painPointSchema),
  motivadores_compra: list(motivatorSchema),
  buying_motivators: list(motivatorSchema),
  ganhos_procurados: texts(),
  prioridades: texts(),
  estrategia_comunicacao: opt(
    z.looseObject({
      estilo_preferido: text(),
      tipo_conteudo: text(),
      timing_otimo: text(),
      canais_preferenciais: texts(),
    }),
  ),
});

/** OCEAN traits: 0–1 in variants A and B, 0–10 in variant C. */
export const oceanSchema = z.looseObject({
  openness: num(),
  conscientiousness: num(),
  extraversion: num(),
  agreeableness: num(),
  neuroticism: num(),
  emotional_stability: num(),
});

/** Variant C's MBTI object. */
export const mbtiObjectSchema = z.looseObject({
  tipo: text(),
  descricao: text(),
  pontos_fortes: texts(),
  comunicacao_preferida: text(),
});

/** Part 2.2: what /crm_basico returns, and the base of every other shape. */
export const basicAnaliseSchema = z.looseObject({
  perfil_profissional: opt(z.union([z.string(), z.looseObject({ url: text() })])),
  cargo: text(),
  tipo_stakeholder: text(),
  localizacao_detectada: text(),
  interesses_profissionais: texts(),
  manual_comprador: opt(playbookSchema),
  linguagem_impacto: texts(),
});

/** /analisar-extensao-chrome: the Basic fields plus a short personality read. */
export const extensaoChromeAnaliseSchema = basicAnaliseSchema.extend({
  ocean_scores: opt(oceanSchema),
  mbti_type: text(),
  personality_type: text(),
  communication_style: text(),
});

/** Fields that variants A and B share under the same names. */
const completeCommon = {
  contexto_negocios: opt(
    z.looseObject({
      setor: text(),
      tamanho_empresa: opt(z.union([z.string(), z.number()])),
      tendencias_mercado: texts(),
    }),
  ),
  insights_regionais_brasil: opt(
    z.looseObject({
      contexto_regulatorio: text(),
      oportunidades_locais: texts(),
      desafios_regionais: texts(),
    }),
  ),
  personality_type: text(),
  communication_style: text(),
  working_style: text(),
  decision_making: text(),
  strengths: texts(),
  pontos_dor_dinamicos: list(z.looseObject({ contexto: text(), desafio: text(), impacto_estimado: text() })),
};

/** Variant A: /crm. */
export const completeAnaliseSchema = basicAnaliseSchema.extend({
  ...completeCommon,
  ocean_scores: opt(oceanSchema),
  mbti_type: text(),
  mbti_description: text(),
  buyer_playbook: opt(playbookSchema),
  building_trust: texts(),
  linguagem_impacto_contextual: texts(),
});

const companyContextSchema = z.looseObject({
  recent_initiatives: texts(),
  market_position: text(),
  competitive_dynamics: text(),
});
const enhancedPainPointSchema = z.looseObject({ challenge: text(), context: text(), opportunity: text() });
const engagementSchema = z.looseObject({
  recommended_approach: text(),
  key_messages: texts(),
  talking_points: texts(),
});

/** Single `ai_insights` of /crm_plus. */
export const aiInsightsSingleSchema = z.looseObject({
  company_context: opt(companyContextSchema),
  industry_trends: texts(),
  enhanced_pain_points: list(enhancedPainPointSchema),
  engagement_strategy: opt(engagementSchema),
});

/** `ai_insights` of each /crm_plus_batch result. */
export const aiInsightsBatchSchema = z.looseObject({
  market_trends: text(),
  company_context: text(),
  competitive_landscape: text(),
  enhanced_pain_points: texts(),
  engagement_strategy: text(),
  key_initiatives: texts(),
});

/** `ai_insights` in either shape: each field as the single or the batch form has it. */
export const aiInsightsSchema = z.looseObject({
  ...aiInsightsBatchSchema.shape,
  ...aiInsightsSingleSchema.shape,
  company_context: opt(z.union([z.string(), companyContextSchema])),
  enhanced_pain_points: list(z.union([z.string(), enhancedPainPointSchema])),
  engagement_strategy: opt(z.union([z.string(), engagementSchema])),
});

/** `metadata` of /crm_plus. */
export const metadataSchema = z.looseObject({
  processing_time_ms: num(),
  ai_enhanced: bool(),
  timestamp: text(),
});

/** Variant B: /crm_plus. */
export const plusAnaliseSchema = basicAnaliseSchema.extend({
  ...completeCommon,
  scores_ocean: opt(oceanSchema),
  tipo_mbti: text(),
  descricao_mbti: text(),
  construir_confianca: texts(),
  ai_insights: opt(aiInsightsSchema),
});

/** Variant C: the items of the batch endpoints. */
export const batchAnaliseSchema = basicAnaliseSchema.extend({
  contexto_negocios: completeCommon.contexto_negocios,
  ocean: opt(oceanSchema),
  mbti: opt(z.union([z.string(), mbtiObjectSchema])),
  ai_insights: opt(aiInsightsSchema),
});

/** Any of the shapes above: what a response envelope holds under `analise`. */
export const analiseSchema = z.looseObject({
  ...extensaoChromeAnaliseSchema.shape,
  ...completeAnaliseSchema.shape,
  ...plusAnaliseSchema.shape,
  ...batchAnaliseSchema.shape,
  metadata: opt(metadataSchema),
});
