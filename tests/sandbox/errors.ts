/** Error bodies, with exactly the fields the service sends for each (docs/api-contract.md, Errors). */
import { STATUS_CODES } from 'node:http';
import { billingInfo, renewalDate, type Account, type PlanStatus } from './accounts';
import type { ProfileInput } from './analysis';
import { MAX_BATCH_PROFILES, type AnalysisEndpoint } from './endpoints';

const upgradeUrl = (origin: string) => `${origin}/tiers-disponiveis`;

export const invalidKey = () => ({
  error: 'Chave de API inválida ou ausente',
  error_code: 'INVALID_API_KEY',
  hint: 'Envie a chave no cabeçalho x-api-key (formato basic_api_… ou complete_api_…).',
});

export const planSuspended = (status: PlanStatus) => ({
  error: status === 'expired' ? 'Plano expirado' : 'Plano suspenso por pendência de pagamento',
  error_code: 'PLAN_SUSPENDED',
  contact: 'financeiro@example.com',
});

export const insufficientCredits = (account: Account, origin: string, now: number) => ({
  error: 'Créditos insuficientes para esta análise',
  error_code: 'INSUFFICIENT_CREDITS',
  billing_info: { ...billingInfo(account, 0), renewal_date: renewalDate(now) },
  upgrade_url: upgradeUrl(origin),
});

export const batchInsufficientCredits = (profiles: number, perProfile: number, available: number) => ({
  error: 'Insufficient credits',
  message: `O lote custa até ${profiles * perProfile} créditos (${profiles} × ${perProfile}); disponíveis: ${available}.`,
  profiles_requested: profiles,
  credits_per_profile: perProfile,
  credits_available: available,
});

export const batchTooLarge = (received: number) => ({
  error: 'Batch size exceeds maximum',
  message: `Máximo de ${MAX_BATCH_PROFILES} perfis por requisição; recebidos ${received}.`,
  max_batch_size: MAX_BATCH_PROFILES,
  profiles_received: received,
});

export const accessDenied = (account: Account, endpoint: AnalysisEndpoint, origin: string) => ({
  error: `Acesso negado: ${endpoint.path} requer o tier ${endpoint.tier}`,
  error_code: 'ACCESS_DENIED',
  details: { current_tier: account.tier, required_tier: endpoint.tier, endpoint_requested: endpoint.path },
  billing_info: billingInfo(account, 0),
  upgrade_url: upgradeUrl(origin),
});

export const insufficientData = (account: Account) => ({
  error: 'Dados públicos insuficientes para uma análise confiável desta pessoa',
  error_code: 'INSUFFICIENT_DATA',
  details: {
    search_performed: true,
    profiles_found: 1,
    validation_issues: ['Pegada digital pequena: menos de 3 fontes públicas', 'Cargo atual não confirmado'],
    confidence_score: 0.31,
  },
  billing_info: billingInfo(account, 0),
});

export const aiUnavailable = (billing: ReturnType<typeof billingInfo>, analise?: unknown) => ({
  error: 'O provedor de IA da análise Plus está indisponível',
  error_code: 'AI_SERVICE_UNAVAILABLE',
  fallback:
    billing.creditos_utilizados > 0
      ? 'Entregamos a análise Complete, sem a inteligência de mercado; foram cobrados 2 créditos em vez de 3.'
      : 'Tente novamente em alguns minutos ou use a análise Complete.',
  ...(analise === undefined ? {} : { analise }),
  billing_info: billing,
});

export const rateLimited = (retryAfter: number) => ({
  error: 'Limite de requisições excedido',
  error_code: 'RATE_LIMITED',
  retry_after: retryAfter,
});

/** The "enhanced error format" of 7.2. */
function enhanced(
  type: string,
  message: string,
  userAction: string,
  suggestions: string[],
  extra?: { confidence_score: number; can_provide_context: boolean; input: ProfileInput },
) {
  const error = { type, message, user_action: userAction, suggestions };
  if (!extra) return { success: false, error };
  const { input, ...scores } = extra;
  return {
    success: false,
    error: { ...error, ...scores },
    request: {
      first_name: input.primeiro_nome,
      ...(input.ultimo_nome ? { last_name: input.ultimo_nome } : {}),
      company: input.empresa,
      ...(input.contexto_adicional ? { additional_context: input.contexto_adicional } : {}),
    },
  };
}

export const invalidRequest = (message: string, suggestions: string[] = []) =>
  enhanced('invalid_request', message, 'Corrija os dados enviados e tente de novo.', suggestions);

export const payloadTooLarge = () =>
  invalidRequest('O corpo da requisição excede 1 MB', ['Envie no máximo 10 perfis com textos curtos.']);

export const profileNotFound = (input: ProfileInput) => {
  const name = `${input.primeiro_nome} ${input.ultimo_nome ?? ''}`.trim();
  return enhanced(
    'profile_not_found',
    `Não encontramos um perfil profissional público de ${name} em ${input.empresa}.`,
    'Confira a grafia do nome e da empresa, ou informe o sobrenome completo.',
    [
      'Use o nome da empresa como aparece no perfil profissional',
      'Inclua o sobrenome',
      'Tente sem abreviações',
    ],
    { confidence_score: 0, can_provide_context: true, input },
  );
};

export const multipleMatches = (input: ProfileInput) => {
  const name = `${input.primeiro_nome} ${input.ultimo_nome ?? ''}`.trim();
  return enhanced(
    'multiple_matches',
    `Encontramos 3 pessoas chamadas ${name} ligadas a ${input.empresa}.`,
    'Confirme a pessoa: envie contexto_adicional com o cargo, a área ou a cidade.',
    ['Informe o cargo (ex.: Diretora de Vendas)', 'Informe a cidade', 'Informe o sobrenome completo'],
    { confidence_score: 0.42, can_provide_context: true, input },
  );
};

export const serverError = () =>
  enhanced(
    'server_error',
    'A análise falhou por um erro interno. Nenhum crédito foi cobrado.',
    'Tente novamente em alguns instantes.',
    [],
  );

/** The body a fault-injected status answers with. */
export function faultBody(
  status: number,
  context: {
    account?: Account;
    input?: ProfileInput;
    endpoint: AnalysisEndpoint;
    origin: string;
    now: number;
  },
) {
  const { account, endpoint, origin, now } = context;
  const fallbackAccount: Account = account ?? {
    api_key: '',
    tier: 'basic',
    plan: 'desconhecido',
    status: 'active',
    initialCredits: 0,
    balance: 0,
    ledger: [],
  };
  const input = context.input ?? { primeiro_nome: '', empresa: '' };
  switch (status) {
    case 400:
      return invalidRequest('Requisição inválida');
    case 401:
      return invalidKey();
    case 402:
      return insufficientCredits(fallbackAccount, origin, now);
    case 403:
      return accessDenied(fallbackAccount, endpoint, origin);
    case 404:
      return profileNotFound(input);
    case 409:
      return multipleMatches(input);
    case 422:
      return insufficientData(fallbackAccount);
    case 429:
      return rateLimited(1);
    case 500:
      return serverError();
    case 503:
      return aiUnavailable(billingInfo(fallbackAccount, 0));
    default:
      return { error: STATUS_CODES[status] ?? 'Erro' };
  }
}

/** Model API errors in the `{error: {message, type, code}}` shape. */
export const modelError = (code: string, message: string) => ({ error: { message, type: code, code } });
