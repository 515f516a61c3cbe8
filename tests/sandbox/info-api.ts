/** The free endpoints of 4.3: /creditos, /tiers-disponiveis, /health, /saude and /status. */
import type { ServerResponse } from 'node:http';
import { renewalDate, type Account } from './accounts';
import {
  ANALYSIS_ENDPOINTS,
  FREE_ENDPOINTS,
  allowedEndpoints,
  allows,
  endpointName,
  type AnalysisEndpoint,
} from './endpoints';
import { invalidKey, planSuspended, rateLimited } from './errors';
import { header, sendJson, type SandboxRequest } from './http';
import type { SandboxState } from './state';

const API_VERSION = '2.4.0';
const CREDITOS_CACHE_MS = 30_000;
const FREE_NAMES = FREE_ENDPOINTS.map((e) => endpointName(e.path));

function creditStatus(state: SandboxState, account: Account) {
  const now = state.now();
  const used = state.accounts.used(account);
  const allowed = allowedEndpoints(account.tier);
  const { perSecond } = state.rateOf(account);
  const thisMonth: Record<string, number> = {};
  const perDay: Record<string, number> = {};
  const monthStart = new Date(now).toISOString().slice(0, 7);
  for (const entry of account.ledger) {
    if (entry.at.startsWith(monthStart)) {
      const name = endpointName(entry.endpoint);
      thisMonth[name] = (thisMonth[name] ?? 0) + 1;
    }
    if (now - Date.parse(entry.at) < 30 * 86_400_000) {
      const day = entry.at.slice(0, 10);
      perDay[day] = (perDay[day] ?? 0) + 1;
    }
  }
  const last30 = Object.values(perDay);
  return {
    message: 'Status de créditos da sua conta',
    creditos_disponiveis: account.balance,
    creditos_restantes: account.balance,
    creditos_totais: account.initialCredits,
    creditos_utilizados: used,
    total_creditos_utilizados: used,
    tipo_plano: account.plan,
    tier: account.tier,
    status_plano: account.status,
    periodo_renovacao: renewalDate(now),
    endpoints_permitidos: [...allowed.map((e) => e.path), ...FREE_ENDPOINTS.map((e) => e.path)],
    custos_por_endpoint: Object.fromEntries([
      ...allowed.map((e) => [endpointName(e.path), e.credits]),
      ...FREE_NAMES.map((name) => [name, 0]),
    ]),
    api_key_info: {
      tier: account.tier,
      access_level: account.tier === 'basic' ? 'basic' : 'full',
      upgrade_available: account.tier !== 'plus',
    },
    requests_per_minute: perSecond * 60,
    requests_remaining_this_minute: Math.max(
      0,
      perSecond * 60 - state.profileMinutes.count(account.api_key, now),
    ),
    reset_time: new Date(state.profileMinutes.resetAt(account.api_key, now)).toISOString(),
    this_month: { ...thisMonth, total_requests: Object.values(thisMonth).reduce((a, b) => a + b, 0) },
    last_30_days: {
      average_per_day: Math.round((last30.reduce((a, b) => a + b, 0) / 30) * 100) / 100,
      peak_day_usage: Math.max(0, ...last30),
    },
    endpoint_access: Object.fromEntries([
      ...ANALYSIS_ENDPOINTS.map((e) => [endpointName(e.path), allows(account.tier, e)]),
      ...FREE_NAMES.map((name) => [name, true]),
    ]),
  };
}

function creditos(state: SandboxState, req: SandboxRequest, res: ServerResponse) {
  const account = state.accounts.get(header(req, 'x-api-key'));
  if (!account) return sendJson(res, 401, invalidKey());
  if (account.status !== 'active') return sendJson(res, 402, planSuspended(account.status));
  const wait = state.limitProfileRequest(account);
  if (wait > 0) return sendJson(res, 429, rateLimited(wait), { 'retry-after': String(wait) });
  const now = state.now();
  const cached = state.creditosCache.get(account.api_key);
  const fresh =
    cached && now - cached.at < CREDITOS_CACHE_MS ? cached : { at: now, body: creditStatus(state, account) };
  state.creditosCache.set(account.api_key, fresh);
  sendJson(res, 200, state.billingFigures(fresh.body as object), {
    'cache-control': `private, max-age=${state.faults.creditos_max_age}`,
    age: String(Math.floor((now - fresh.at) / 1000)),
    'x-cache': fresh === cached ? 'HIT' : 'MISS',
  });
}

function tierInfo(tier: 'basic' | 'complete') {
  const creditsByUse = Object.fromEntries(
    ANALYSIS_ENDPOINTS.map((e) => [
      endpointName(e.path),
      allows(tier, e) ? e.credits : `Acesso negado: requer tier ${e.tier}`,
    ]),
  );
  const allowed = allowedEndpoints(tier).map((e) => e.path);
  return tier === 'basic'
    ? {
        nome: 'Basic',
        tier,
        preco: 'R$ 99/mês',
        funcionalidades: [
          '6 campos essenciais',
          'Tipo de stakeholder',
          'Manual do comprador',
          'Lotes de até 10 perfis',
        ],
        endpoints_permitidos: allowed,
        creditos_por_uso: creditsByUse,
        api_key_format: 'basic_api_<caracteres>',
      }
    : {
        nome: 'Complete',
        tier,
        preco: 'R$ 299/mês',
        funcionalidades: [
          '11 ou mais campos',
          'OCEAN (Big Five) e MBTI',
          'Manual do comprador completo',
          'Insights regionais do Brasil',
          'Análise Plus com inteligência de mercado (plano Plus)',
        ],
        endpoints_permitidos: allowed,
        creditos_por_uso: creditsByUse,
        api_key_format: 'complete_api_<caracteres>',
      };
}

const planNames = (endpoint: AnalysisEndpoint) =>
  endpoint.tier === 'basic'
    ? ['Basic', 'Complete', 'Plus']
    : endpoint.tier === 'complete'
      ? ['Complete', 'Plus']
      : ['Plus'];

function tiers(state: SandboxState, req: SandboxRequest, res: ServerResponse) {
  const account = state.accounts.get(header(req, 'x-api-key'));
  sendJson(res, 200, {
    message: 'Tiers disponíveis da Profile Intelligence API',
    tiers_disponiveis: [tierInfo('basic'), tierInfo('complete')],
    upgrade_info: {
      message: 'Faça upgrade para o Complete e desbloqueie OCEAN, MBTI e o manual do comprador completo.',
      upgrade_benefits: [
        'Perfil de personalidade OCEAN e MBTI',
        'Manual do comprador detalhado',
        'Análise Plus e lotes Complete',
      ],
    },
    endpoints: Object.fromEntries([
      ...ANALYSIS_ENDPOINTS.map((e) => [
        e.path,
        {
          method: 'POST',
          description: e.description,
          authentication: 'Required',
          fields_returned: e.fields,
          apis_used: e.apis,
          available_in: planNames(e),
        },
      ]),
      ...FREE_ENDPOINTS.map((e) => [
        e.path,
        {
          method: 'GET',
          description: e.description,
          authentication: e.authentication,
          available_in: ['Basic', 'Complete', 'Plus'],
        },
      ]),
    ]),
    regions: ['Brasil (São Paulo)'],
    api_version: API_VERSION,
    ...(account ? { plano_atual: { tier: account.tier, tipo_plano: account.plan } } : {}),
  });
}

function health(state: SandboxState, req: SandboxRequest, res: ServerResponse, portuguese: boolean) {
  const key = header(req, 'x-api-key');
  if (key !== undefined && !state.accounts.get(key)) return sendJson(res, 403, { message: 'Forbidden' });
  sendJson(res, 200, {
    status: portuguese ? 'saudável' : 'healthy',
    message: portuguese ? 'Serviço operando normalmente' : 'Profile Intelligence API operacional',
    timestamp: new Date(state.now()).toISOString(),
    version: API_VERSION,
    sistema_creditos: 'ativo',
    features: ['credit_tracking', 'api_key_validation', 'billing_transparency', 'region_br_support'],
    region: 'br-sao-paulo',
  });
}

function status(state: SandboxState, res: ServerResponse) {
  const degraded = state.faults.ai_provider_down;
  sendJson(res, 200, {
    status: degraded ? 'degraded' : 'online',
    ml_available: true,
    services_online: true,
    api_health: degraded ? 'degraded' : 'healthy',
    timestamp: new Date(state.now()).toISOString(),
    endpoints: {
      basic_tier: allowedEndpoints('basic').map((e) => e.path),
      complete_tier: ANALYSIS_ENDPOINTS.filter((e) => e.tier !== 'basic').map((e) => e.path),
    },
  });
}

/** Answers a free endpoint; false when `req.path` is not one. */
export function handleInfo(state: SandboxState, req: SandboxRequest, res: ServerResponse): boolean {
  if (!FREE_ENDPOINTS.some((e) => e.path === req.path)) return false;
  if (req.method !== 'GET') {
    sendJson(res, 405, { error: 'Method Not Allowed', message: `Use GET em ${req.path}` }, { allow: 'GET' });
    return true;
  }
  if (req.path === '/creditos') creditos(state, req, res);
  else if (req.path === '/tiers-disponiveis') tiers(state, req, res);
  else if (req.path === '/health' || req.path === '/saude') health(state, req, res, req.path === '/saude');
  else status(state, res);
  return true;
}
