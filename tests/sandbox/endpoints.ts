/** The catalogue of the profile API: cost, tier, answer shape and typical time of every endpoint. */
import { tierRank, type Tier } from './accounts';
import type { Lang } from './analysis';

export interface AnalysisEndpoint {
  path: string;
  kind: 'single' | 'batch';
  /** Credits per successful profile. */
  credits: number;
  /** Lowest tier allowed. */
  tier: Tier;
  shape: 'basic' | 'extension' | 'complete' | 'plus';
  lang: Lang;
  /** Typical time in ms: per request for single endpoints, for a batch of five for batch endpoints. */
  latencyMs: readonly [number, number];
  description: string;
  fields: number;
  apis: readonly string[];
}

const single = (e: Omit<AnalysisEndpoint, 'kind'>): AnalysisEndpoint => ({ kind: 'single', ...e });
const batch = (e: Omit<AnalysisEndpoint, 'kind' | 'lang'>): AnalysisEndpoint => ({
  kind: 'batch',
  lang: 'pt',
  ...e,
});
const SEARCH = ['busca de perfis públicos', 'validação de identidade'];
const AI = [...SEARCH, 'modelo comportamental'];
const AI_PLUS = [...AI, 'provedor externo de pesquisa com IA'];

export const ANALYSIS_ENDPOINTS: readonly AnalysisEndpoint[] = [
  single({
    path: '/crm_basico',
    credits: 1,
    tier: 'basic',
    shape: 'basic',
    lang: 'pt',
    latencyMs: [2000, 8000],
    description: 'Análise Basic: 6 campos essenciais',
    fields: 6,
    apis: SEARCH,
  }),
  single({
    path: '/analisar',
    credits: 1,
    tier: 'basic',
    shape: 'basic',
    lang: 'pt',
    latencyMs: [2000, 8000],
    description: 'Análise Basic (nome alternativo)',
    fields: 6,
    apis: SEARCH,
  }),
  single({
    path: '/analyze',
    credits: 1,
    tier: 'basic',
    shape: 'basic',
    lang: 'en',
    latencyMs: [2000, 8000],
    description: 'Análise Basic em inglês',
    fields: 6,
    apis: SEARCH,
  }),
  single({
    path: '/analisar-extensao-chrome',
    credits: 1,
    tier: 'complete',
    shape: 'extension',
    lang: 'pt',
    latencyMs: [2000, 8000],
    description: 'Análise rápida para a extensão: campos Basic com OCEAN e MBTI',
    fields: 10,
    apis: AI,
  }),
  single({
    path: '/crm',
    credits: 2,
    tier: 'complete',
    shape: 'complete',
    lang: 'pt',
    latencyMs: [5000, 18000],
    description: 'Análise Complete: OCEAN, MBTI e manual do comprador',
    fields: 11,
    apis: AI,
  }),
  single({
    path: '/analyze-comprehensive',
    credits: 2,
    tier: 'complete',
    shape: 'complete',
    lang: 'en',
    latencyMs: [5000, 18000],
    description: 'Análise Complete em inglês',
    fields: 11,
    apis: AI,
  }),
  single({
    path: '/crm_plus',
    credits: 3,
    tier: 'complete',
    shape: 'plus',
    lang: 'pt',
    latencyMs: [15000, 35000],
    description: 'Análise Plus: Complete com inteligência de mercado por IA',
    fields: 16,
    apis: AI_PLUS,
  }),
  batch({
    path: '/crm_basico_batch',
    credits: 1,
    tier: 'basic',
    shape: 'basic',
    latencyMs: [8000, 10000],
    description: 'Lote de até 10 perfis, análise Basic',
    fields: 6,
    apis: SEARCH,
  }),
  batch({
    path: '/crm_batch',
    credits: 2,
    tier: 'complete',
    shape: 'complete',
    latencyMs: [12000, 20000],
    description: 'Lote de até 10 perfis, análise Complete',
    fields: 11,
    apis: AI,
  }),
  batch({
    path: '/crm_plus_batch',
    credits: 3,
    tier: 'plus',
    shape: 'plus',
    latencyMs: [20000, 30000],
    description: 'Lote de até 10 perfis, análise Plus',
    fields: 16,
    apis: AI_PLUS,
  }),
];

export const FREE_ENDPOINTS = [
  { path: '/creditos', authentication: 'Required', description: 'Saldo de créditos e uso do plano' },
  { path: '/tiers-disponiveis', authentication: 'Optional', description: 'Planos, tiers e custos' },
  { path: '/health', authentication: 'Optional', description: 'Saúde do serviço' },
  { path: '/saude', authentication: 'Optional', description: 'Saúde do serviço (variante em português)' },
  { path: '/status', authentication: 'Optional', description: 'Status dos serviços' },
] as const;

export const MAX_BATCH_PROFILES = 10;
/** What a Plus request costs when the AI provider is down and a Complete analysis is delivered instead. */
export const PLUS_FALLBACK_CREDITS = 2;

export const endpointName = (path: string) => path.slice(1);
export const allows = (tier: Tier, endpoint: AnalysisEndpoint) => tierRank(tier) >= tierRank(endpoint.tier);
export const allowedEndpoints = (tier: Tier) => ANALYSIS_ENDPOINTS.filter((e) => allows(tier, e));
