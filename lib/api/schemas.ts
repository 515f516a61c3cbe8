import { z } from 'zod';
import {
  bool,
  capped as text,
  cappedText as str,
  deferred,
  dict,
  list,
  looseLater,
  num,
  opt,
  rawObject,
  texts as strs,
} from '@/lib/schema';
import { compact, fold } from '@/lib/text';
import { validCredits } from './billing';

/*
 * Bodies of the profile-intelligence API (docs/api-contract.md). Every object is loose: unknown
 * fields pass. Only what a body cannot do without is required; any other known field with an unexpected type
 * reads as absent rather than rejecting the whole answer. Every text, list and record is capped as analyses are
 * (lib/text.ts), before anything can show it: a hostile body cannot fill a page.
 *
 * The analysis is not read here: `analise`, and the `metadata` and `ai_insights` that travel beside it, are kept
 * as sent for the one reader, lib/analysis/normalize.ts, which names what it cannot read.
 */

const analiseSchema = rawObject();
/** Read with the analysis (normalizeAnalysis's `extra`), so taken as sent. */
const besideAnalysis = () => z.unknown();
/** A credit figure: a whole number in 0..MAX_CREDITS, else absent (see ./billing). */
const credits = () => opt(deferred(() => z.unknown().transform((v) => validCredits(v))));

/** What a single or batch endpoint receives: the Portuguese names only (never a URL or page content). */
export interface ProfileInput {
  primeiro_nome: string;
  ultimo_nome?: string;
  empresa: string;
  contexto_adicional?: string;
}

/** The contract's samples name the analysis `analise`; `analysis` is accepted for it. */
const withAnalise = (value: unknown) => {
  if (typeof value !== 'object' || value === null || 'analise' in value || !('analysis' in value))
    return value;
  const { analysis, ...rest } = value as Record<string, unknown>;
  return { ...rest, analise: analysis };
};

export const billingInfoSchema = looseLater(() => ({
  creditos_utilizados: credits(),
  creditos_restantes: credits(),
  tipo_plano: str(),
  creditos_por_perfil: credits(),
  perfis_processados: credits(),
  renewal_date: str(),
}));
export type BillingInfo = z.infer<typeof billingInfoSchema>;

export const singleResponseSchema = z.preprocess(
  withAnalise,
  looseLater(() => ({
    analise: analiseSchema,
    billing_info: opt(billingInfoSchema),
    metadata: besideAnalysis(),
    ai_insights: besideAnalysis(),
  })),
);
export type SingleResponse = z.infer<typeof singleResponseSchema>;

const inputEchoSchema = looseLater(() => ({
  primeiro_nome: str(),
  ultimo_nome: str(),
  empresa: str(),
  contexto_adicional: str(),
}));

/** A success item carries `analise`; a failed one `error` and `error_code`. */
export const batchItemSchema = z.preprocess(
  withAnalise,
  looseLater(() => ({
    success: z.boolean(),
    profile_index: z.number(),
    input: opt(inputEchoSchema),
    analise: opt(analiseSchema),
    ai_insights: besideAnalysis(),
    error: str(),
    error_code: str(),
  })),
);
export type BatchItem = z.infer<typeof batchItemSchema>;

export const batchResponseSchema = looseLater(() => ({
  success: bool(),
  batch_summary: opt(
    z.looseObject({ total_profiles: num(), successful: num(), failed: num(), processing_time_ms: num() }),
  ),
  results: z.array(batchItemSchema),
  billing_info: opt(billingInfoSchema),
}));
export type BatchResponse = z.infer<typeof batchResponseSchema>;

/** GET /creditos: both field lists of 2.7 (the live sample and the field table). */
export const creditosSchema = z
  .looseObject({
    message: str(),
    // live sample
    creditos_disponiveis: credits(),
    tipo_plano: str(),
    tier: str(),
    endpoints_permitidos: strs(),
    total_creditos_utilizados: credits(),
    custos_por_endpoint: dict(z.union([z.number(), text()])),
    api_key_info: opt(z.looseObject({ tier: str(), access_level: str(), upgrade_available: bool() })),
    // field table
    creditos_restantes: credits(),
    creditos_totais: credits(),
    creditos_utilizados: credits(),
    periodo_renovacao: str(),
    status_plano: str(),
    requests_per_minute: num(),
    requests_remaining_this_minute: num(),
    reset_time: str(),
    this_month: dict(z.unknown()),
    last_30_days: opt(z.looseObject({ average_per_day: num(), peak_day_usage: num() })),
    endpoint_access: dict(z.unknown()),
  })
  .refine((b) => b.creditos_disponiveis !== undefined || b.creditos_restantes !== undefined, {
    message: 'no balance (creditos_disponiveis or creditos_restantes)',
  });
export type Creditos = z.infer<typeof creditosSchema>;

export type PlanStatus = 'active' | 'suspended' | 'expired' | 'unknown';

export interface NormalizedCredits {
  balance: number;
  plan: string | null;
  tier: string | null;
  status: PlanStatus;
  total?: number;
  used?: number;
  /** ISO 8601: when the credits reset. */
  renewal?: string;
  /** Endpoint names without a leading slash, e.g. `crm_basico`, `tiers-disponiveis`. */
  allowedEndpoints: string[];
  /** Credits per endpoint, where the service lists them. */
  costs?: Record<string, number>;
  upgradeAvailable?: boolean;
  thisMonth?: Record<string, unknown>;
  last30Days?: { averagePerDay?: number; peakDayUsage?: number };
  rate?: { perMinute?: number; remainingThisMinute?: number; resetTime?: string };
}

const PLAN_STATUS: Record<string, PlanStatus> = {
  active: 'active',
  ativo: 'active',
  suspended: 'suspended',
  suspenso: 'suspended',
  expired: 'expired',
  expirado: 'expired',
};

/**
 * Reconciles the two /creditos field lists into one shape. A 200 without `status_plano` means the plan works:
 * a suspended plan is answered with 402 PLAN_SUSPENDED.
 */
export function normalizeCredits(body: Creditos): NormalizedCredits {
  const status =
    body.status_plano === undefined ? 'active' : (PLAN_STATUS[fold(body.status_plano)] ?? 'unknown');
  const fromAccess = body.endpoint_access
    ? Object.entries(body.endpoint_access)
        .filter(([, allowed]) => allowed === true)
        .map(([name]) => name)
    : [];
  const allowed = (body.endpoints_permitidos ?? fromAccess).map((e) => e.replace(/^\//, ''));
  const costs = body.custos_por_endpoint
    ? Object.fromEntries(
        Object.entries(body.custos_por_endpoint)
          .filter((e): e is [string, number] => typeof e[1] === 'number')
          .map(([k, v]) => [k.replace(/^\//, ''), v]),
      )
    : undefined;
  const last = body.last_30_days;
  const rate = compact({
    perMinute: body.requests_per_minute,
    remainingThisMinute: body.requests_remaining_this_minute,
    resetTime: body.reset_time,
  });
  return compact({
    balance: body.creditos_disponiveis ?? body.creditos_restantes ?? 0,
    plan: body.tipo_plano ?? null,
    tier: body.tier ?? body.api_key_info?.tier ?? null,
    status,
    total: body.creditos_totais,
    used: body.creditos_utilizados ?? body.total_creditos_utilizados,
    renewal: body.periodo_renovacao,
    allowedEndpoints: [...new Set(allowed)],
    costs,
    upgradeAvailable: body.api_key_info?.upgrade_available,
    thisMonth: body.this_month,
    last30Days: last
      ? compact({ averagePerDay: last.average_per_day, peakDayUsage: last.peak_day_usage })
      : undefined,
    rate: Object.keys(rate).length > 0 ? rate : undefined,
  });
}

/** GET /tiers-disponiveis. */
export const tiersSchema = looseLater(() => ({
  message: str(),
  tiers_disponiveis: list(
    z.looseObject({
      nome: str(),
      tier: str(),
      preco: opt(z.union([text(), z.number()])),
      funcionalidades: strs(),
      endpoints_permitidos: strs(),
      creditos_por_uso: dict(z.union([z.number(), text()])),
      api_key_format: str(),
    }),
  ),
  upgrade_info: opt(z.looseObject({ message: str(), upgrade_benefits: strs() })),
  endpoints: dict(
    z.looseObject({
      method: str(),
      description: str(),
      authentication: str(),
      fields_returned: num(),
      apis_used: strs(),
      available_in: strs(),
    }),
  ),
  regions: strs(),
  api_version: str(),
  /** The field table's per-plan layout. */
  plans: list(
    z.looseObject({
      name: str(),
      rate_limit: opt(z.union([z.number(), text()])),
      burst_limit: opt(z.union([z.number(), text()])),
      quota: opt(z.union([z.number(), text()])),
      endpoints: strs(),
      features: strs(),
    }),
  ),
}));
export type Tiers = z.infer<typeof tiersSchema>;

/** GET /health and /saude. */
export const healthSchema = looseLater(() => ({
  status: text(),
  message: str(),
  timestamp: str(),
  version: str(),
  sistema_creditos: str(),
  features: strs(),
  region: str(),
}));
export type Health = z.infer<typeof healthSchema>;

/** GET /status. */
export const statusSchema = looseLater(() => ({
  status: text(),
  ml_available: bool(),
  services_online: bool(),
  api_health: str(),
  timestamp: str(),
  endpoints: opt(z.looseObject({ basic_tier: strs(), complete_tier: strs() })),
}));
export type Status = z.infer<typeof statusSchema>;

export type ServiceLevel = 'ok' | 'degraded' | 'outage' | 'unknown';

const LEVELS: Record<string, ServiceLevel> = {
  healthy: 'ok',
  saudavel: 'ok',
  ok: 'ok',
  online: 'ok',
  operational: 'ok',
  operacional: 'ok',
  up: 'ok',
  degraded: 'degraded',
  degradado: 'degraded',
  partial_outage: 'degraded',
  unhealthy: 'outage',
  nao_saudavel: 'outage',
  major_outage: 'outage',
  offline: 'outage',
  down: 'outage',
  indisponivel: 'outage',
};

/** Both vocabularies (healthy/unhealthy, "saudável", operational…major_outage, "online") onto one level. */
export function serviceLevel(status: string): ServiceLevel {
  return LEVELS[fold(status).replace(/[\s-]+/g, '_')] ?? 'unknown';
}

/* Error bodies. */

const errorDetailsSchema = looseLater(() => ({
  current_tier: str(),
  required_tier: str(),
  endpoint_requested: str(),
  search_performed: bool(),
  profiles_found: num(),
  validation_issues: strs(),
  confidence_score: num(),
}));

/** The "enhanced error format" object, and the model API's `{message, type, code}`. */
const errorObjectSchema = looseLater(() => ({
  type: str(),
  message: str(),
  user_action: str(),
  suggestions: strs(),
  confidence_score: num(),
  can_provide_context: bool(),
  code: opt(z.union([text(), z.number(), z.null()])),
}));

/** Any error body of either API, every field optional: what the error mapping reads. */
export const errorBodySchema = looseLater(() => ({
  error: opt(z.union([text(), errorObjectSchema])),
  error_code: str(),
  message: str(),
  hint: str(),
  upgrade_url: str(),
  contact: str(),
  billing_info: opt(billingInfoSchema),
  details: opt(errorDetailsSchema),
  fallback: str(),
  analise: opt(analiseSchema),
  retry_after: num(),
  profiles_requested: num(),
  credits_per_profile: num(),
  credits_available: credits(),
  max_batch_size: num(),
  profiles_received: num(),
  success: bool(),
  request: dict(z.unknown()),
}));
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Each error of the service with the body fields it carries (docs/api-contract.md, Errors); built on first use. */
export const errorBodies = deferred(() => ({
  INVALID_API_KEY: z.looseObject({
    error: z.string(),
    error_code: z.literal('INVALID_API_KEY'),
    hint: str(),
  }),
  INSUFFICIENT_CREDITS: z.looseObject({
    error: z.string(),
    error_code: z.literal('INSUFFICIENT_CREDITS'),
    billing_info: billingInfoSchema,
    upgrade_url: str(),
  }),
  PLAN_SUSPENDED: z.looseObject({
    error: z.string(),
    error_code: z.literal('PLAN_SUSPENDED'),
    contact: str(),
  }),
  BATCH_INSUFFICIENT_CREDITS: z.looseObject({
    error: z.string(),
    message: str(),
    profiles_requested: z.number(),
    credits_per_profile: z.number(),
    credits_available: z.number(),
  }),
  BATCH_TOO_LARGE: z.looseObject({
    error: z.string(),
    message: str(),
    max_batch_size: z.number(),
    profiles_received: num(),
  }),
  ACCESS_DENIED: z.looseObject({
    error: z.string(),
    error_code: z.literal('ACCESS_DENIED'),
    details: z.looseObject({
      current_tier: z.string(),
      required_tier: z.string(),
      endpoint_requested: str(),
    }),
    billing_info: opt(billingInfoSchema),
    upgrade_url: str(),
  }),
  FORBIDDEN: z.looseObject({ message: z.string() }),
  INSUFFICIENT_DATA: z.looseObject({
    error: z.string(),
    error_code: z.literal('INSUFFICIENT_DATA'),
    details: opt(errorDetailsSchema),
    billing_info: opt(billingInfoSchema),
  }),
  AI_SERVICE_UNAVAILABLE: z.looseObject({
    error: z.string(),
    error_code: z.literal('AI_SERVICE_UNAVAILABLE'),
    fallback: z.string(),
    billing_info: billingInfoSchema,
    analise: opt(analiseSchema),
  }),
  RATE_LIMITED: z.looseObject({
    error: z.string(),
    error_code: z.literal('RATE_LIMITED'),
    retry_after: z.number(),
  }),
  /** 400 (single endpoints), 404, 409 and 500. */
  ENHANCED: z.looseObject({
    success: z.literal(false),
    error: errorObjectSchema.extend({ type: z.string(), message: z.string() }),
    request: opt(z.record(z.string(), z.unknown())),
  }),
  /** The model API: `{error: {message, type, code}}`. */
  MODEL: z.looseObject({ error: errorObjectSchema.extend({ message: z.string() }) }),
}));
