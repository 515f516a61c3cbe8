/**
 * The service's naming variants (docs/api-contract.md): one set of facts, shown under the field names each
 * endpoint uses. Basic form, variant A (Complete single), variant B (Plus single), variant C (batch items).
 */
import { lowerFirst, type Facts } from './analysis';

type BatchTier = 'basic' | 'complete' | 'plus';

function identity(f: Facts) {
  return {
    perfil_profissional: f.perfil_profissional,
    cargo: f.cargo,
    tipo_stakeholder: f.tipo_stakeholder,
    localizacao_detectada: f.localizacao_detectada,
    interesses_profissionais: f.interesses_profissionais,
  };
}

const painsPt = (f: Facts) => f.pains.map((p) => ({ desafio: p.challenge, impacto: p.impact }));
const motivatorsPt = (f: Facts) => f.motivators.map((m) => ({ texto: m.text, impacto: m.impact }));

/** /crm_basico, /analisar, /analyze. */
export function basicForm(f: Facts) {
  return {
    ...identity(f),
    manual_comprador: { persona: f.persona, pontos_dor: painsPt(f), motivadores_compra: motivatorsPt(f) },
    linguagem_impacto: f.impacts,
  };
}

/** /analisar-extensao-chrome: the Basic form plus a personality summary. */
export function extensionForm(f: Facts) {
  return {
    ...basicForm(f),
    ocean_scores: f.ocean,
    mbti_type: f.mbti,
    personality_type: f.personality,
    communication_style: f.communication,
  };
}

function profileCommon(f: Facts) {
  return {
    ...identity(f),
    contexto_negocios: f.business,
    insights_regionais_brasil: f.regional,
  };
}

/** Variant A: /crm and /analyze-comprehensive. */
export function variantA(f: Facts) {
  return {
    ...profileCommon(f),
    ocean_scores: f.ocean,
    mbti_type: f.mbti,
    mbti_description: f.mbtiDescription,
    personality_type: f.personality,
    communication_style: f.communication,
    working_style: f.working,
    decision_making: f.decision,
    strengths: f.strengths,
    building_trust: f.trust,
    buyer_playbook: {
      persona: f.persona,
      pain_points: f.pains,
      buying_motivators: f.motivators,
    },
    pontos_dor_dinamicos: f.dynamicPains,
    linguagem_impacto_contextual: f.contextualImpacts,
  };
}

function aiInsightsSingle(f: Facts) {
  return {
    company_context: {
      recent_initiatives: f.plus.initiatives,
      market_position: f.plus.marketPosition,
      competitive_dynamics: f.plus.competition,
    },
    industry_trends: f.business.tendencias_mercado,
    // pains, dynamic pains and motivators are drawn three each, so indices line up.
    enhanced_pain_points: f.pains.map((p, i) => ({
      challenge: p.challenge,
      context: f.dynamicPains[i]!.contexto,
      opportunity: `${f.motivators[i]!.text}: ${lowerFirst(f.motivators[i]!.impact)}`,
    })),
    engagement_strategy: {
      recommended_approach: f.plus.approach,
      key_messages: f.impacts,
      talking_points: [
        `Tendência do setor: ${f.business.tendencias_mercado[0]}`,
        `Iniciativa recente: ${f.plus.initiatives[0]}`,
        `Desafio regional: ${f.regional.desafios_regionais.at(-1)}`,
      ],
    },
  };
}

function aiInsightsBatch(f: Facts) {
  return {
    market_trends: f.business.tendencias_mercado.join('; '),
    company_context: `${f.plus.marketPosition}. ${f.plus.initiatives.join('. ')}.`,
    competitive_landscape: f.plus.competition,
    enhanced_pain_points: f.dynamicPains.map((p) => `${p.desafio} (${p.contexto})`),
    engagement_strategy: f.plus.approach,
    key_initiatives: f.plus.initiatives,
  };
}

/** Variant B: /crm_plus, with the single-shape `ai_insights`. */
export function variantB(f: Facts) {
  return {
    ...profileCommon(f),
    scores_ocean: f.ocean,
    tipo_mbti: f.mbti,
    descricao_mbti: f.mbtiDescription,
    personality_type: f.personality,
    communication_style: f.communication,
    working_style: f.working,
    decision_making: f.decision,
    strengths: f.strengths,
    construir_confianca: f.trust,
    manual_comprador: {
      persona: f.persona,
      pontos_dor: painsPt(f).map((p, i) => ({ ...p, prioridade: ['alta', 'média', 'baixa'][i] ?? 'baixa' })),
      motivadores_compra: motivatorsPt(f),
      estrategia_comunicacao: {
        estilo_preferido: f.communication,
        tipo_conteudo: f.plus.contentType,
        timing_otimo: f.plus.timing,
        canais_preferenciais: f.plus.channels,
      },
    },
    pontos_dor_dinamicos: f.dynamicPains,
    linguagem_impacto: f.impacts,
    ai_insights: aiInsightsSingle(f),
  };
}

/** Variant C: a batch item. OCEAN on 0–10; the Basic batch carries only the Basic-level content. */
export function variantC(f: Facts, tier: BatchTier) {
  const base = {
    ...identity(f),
    manual_comprador: {
      dores: f.pains.map((p) => p.challenge),
      ganhos_procurados: f.motivators.map((m) => m.text),
      prioridades: f.priorities,
    },
    linguagem_impacto: f.impacts,
  };
  if (tier === 'basic') return base;
  const deep = {
    ...base,
    contexto_negocios: f.business,
    ocean: Object.fromEntries(Object.entries(f.ocean).map(([k, v]) => [k, Math.round(v * 100) / 10])),
    mbti: {
      tipo: f.mbti,
      descricao: f.mbtiDescription,
      pontos_fortes: f.strengths,
      comunicacao_preferida: f.communication,
    },
  };
  return tier === 'plus' ? { ...deep, ai_insights: aiInsightsBatch(f) } : deep;
}
