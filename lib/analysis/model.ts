import type { Text } from '@/lib/text';
/*
 * The one analysis the UI renders, whatever the tier and naming variant it came from. Flat and plain data
 * (it crosses the message boundary and is stored in history): a field the tier does not return is absent,
 * a list it does not return is empty.
 */

export const OCEAN_TRAITS = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'neuroticism',
  'emotionalStability',
] as const;
export type OceanTrait = (typeof OCEAN_TRAITS)[number];

/** Names for charts and summaries. */
export const OCEAN_LABELS: Record<OceanTrait, Text> = {
  openness: { pt: 'Abertura', en: 'Openness' },
  conscientiousness: { pt: 'Conscienciosidade', en: 'Conscientiousness' },
  extraversion: { pt: 'Extroversão', en: 'Extraversion' },
  agreeableness: { pt: 'Amabilidade', en: 'Agreeableness' },
  neuroticism: { pt: 'Neuroticismo', en: 'Neuroticism' },
  emotionalStability: { pt: 'Estabilidade emocional', en: 'Emotional stability' },
};

/** Each score on a 0–1 scale; a trait the service did not score is absent. */
export type OceanScores = Partial<Record<OceanTrait, number>>;

export interface Persona {
  titulo?: string;
  descricao?: string;
}

export interface PainPoint {
  desafio: string;
  impacto?: string;
  contexto?: string;
  prioridade?: string;
}

export interface Motivador {
  texto: string;
  impacto?: string;
}

export interface EstrategiaComunicacao {
  estilo?: string;
  conteudo?: string;
  timing?: string;
  canais: string[];
}

export interface ContextoNegocios {
  setor?: string;
  tamanhoEmpresa?: string;
  tendencias: string[];
}

export interface InsightsRegionais {
  contextoRegulatorio?: string;
  oportunidadesLocais: string[];
  desafiosRegionais: string[];
}

export interface Mbti {
  /** Four letters, upper case, e.g. `ENTJ`. */
  type: string;
  description?: string;
  strengths: string[];
  preferredCommunication?: string;
}

export interface DynamicPainPoint {
  desafio: string;
  contexto?: string;
  impactoEstimado?: string;
}

export interface EnhancedPainPoint {
  challenge: string;
  context?: string;
  opportunity?: string;
}

/** Plus market intelligence. The single shape gives structure, the batch shape gives text (`summary`, `approach`). */
export interface AiInsights {
  companyContext?: {
    summary?: string;
    recentInitiatives: string[];
    marketPosition?: string;
    competitiveDynamics?: string;
  };
  industryTrends: string[];
  marketTrends?: string;
  competitiveLandscape?: string;
  enhancedPainPoints: EnhancedPainPoint[];
  engagement?: { approach?: string; keyMessages: string[]; talkingPoints: string[] };
  keyInitiatives: string[];
}

export interface AnalysisMetadata {
  processingTimeMs?: number;
  aiEnhanced?: boolean;
  /** ISO 8601, as the service sent it. */
  timestamp?: string;
}

export interface Analysis {
  /** Reference to the public professional profile the service found (text; never rendered as a link target without checking). */
  perfilProfissional?: string;
  cargo?: string;
  tipoStakeholder?: string;
  localizacao?: string;
  interesses: string[];
  persona?: Persona;
  painPoints: PainPoint[];
  motivadores: Motivador[];
  ganhosProcurados: string[];
  prioridades: string[];
  estrategiaComunicacao?: EstrategiaComunicacao;
  linguagemImpacto: string[];
  contextoNegocios?: ContextoNegocios;
  insightsRegionais?: InsightsRegionais;
  ocean?: OceanScores;
  mbti?: Mbti;
  personalityType?: string;
  communicationStyle?: string;
  workingStyle?: string;
  decisionMaking?: string;
  strengths: string[];
  buildingTrust: string[];
  dynamicPainPoints: DynamicPainPoint[];
  aiInsights?: AiInsights;
  metadata?: AnalysisMetadata;
}

/**
 * The version of the reading of an analysis kept in history. 2: emotional stability always 1 − neuroticism
 * (lib/analysis/normalize.ts, reconcileOcean). Older entries are migrated when read (lib/history.ts).
 */
export const ANALYSIS_VERSION = 2;

const roundScore = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * Emotional stability and neuroticism are one measure seen from two sides (the contract lists both without saying
 * how they relate; docs/api-contract.md): a source that gives one gives both, and when the service sent both and
 * they disagree, neuroticism (the Big Five's own trait, sent by every variant but /analisar-extensao-chrome) wins.
 * The one place this is decided: the normalizer applies it, and history entries written before it are migrated on
 * read (lib/history.ts, migrateEntry).
 */
export function reconcileOcean(scores: OceanScores): OceanScores {
  const out = { ...scores };
  if (out.neuroticism !== undefined) out.emotionalStability = roundScore(1 - out.neuroticism);
  else if (out.emotionalStability !== undefined) out.neuroticism = roundScore(1 - out.emotionalStability);
  return out;
}
