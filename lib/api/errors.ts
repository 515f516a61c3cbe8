import { capText, capTexts, compact, type Text } from '@/lib/text';
import { tierLabel } from './key-format';
import type { ProfileInput } from './schemas';

/**
 * Every failure of the service becomes one ApiError. It is plain data (no class instance) because it crosses
 * chrome.runtime messaging between the worker and the pages, and is stored with lookup jobs.
 */
export const API_ACTIONS = [
  'fix_key',
  'buy_credits',
  'upgrade',
  'add_context',
  'retry_after',
  'retry',
  'edit_input',
  'check_credits',
  'contact_support',
  'none',
] as const;
export type ApiAction = (typeof API_ACTIONS)[number];

/** What a message may draw on: the error's details, the wait (" 12 s", or ""), the request. */
interface MessageFacts {
  d: ApiErrorDetails;
  wait: string;
  ctx: ErrorContext;
}

/** What an error code means: the user's next step, how the extension treats it, and what the user reads. */
interface CodeEntry {
  /** The default next step offered to the user. */
  action: ApiAction;
  /** Every later request of the account would fail the same way (a batch pauses). */
  accountWide?: true;
  /** A rate limit: the request was not processed and may be sent again after Retry-After. */
  rateLimit?: true;
  /** Charged although it failed: Plus's fallback to the Complete analysis (docs/api-contract.md). */
  charges?: true;
  /** A code of the model API, named as such in its error bodies (`error.code` or `error.type`). */
  model?: true;
  /** The message, in Portuguese and English (the charge sentence is added by makeApiError). */
  message: (facts: MessageFacts) => Text;
}

const tierName = (t: string | undefined): string => (t ? tierLabel(t) : '');
const creditsPt = (n: number) => `${n} crédito${n === 1 ? '' : 's'}`;
const creditsEn = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/**
 * Why a lookup's price is no longer the one shown (the worker's fresh quote against the one the user saw):
 * the history entry that served it at 0 credits expired or was deleted; the person is now in history; the key's
 * tier changed (another endpoint answers the same depth).
 */
export const PRICE_REASONS = {
  history_expired: {
    pt: ': a análise que estava no histórico passou do prazo de reaproveitamento ou foi apagada',
    en: ': the analysis in your history is past its reuse period or was deleted',
  },
  in_history: {
    pt: ': esta pessoa, nesta profundidade, entrou no histórico e abre dele sem custo',
    en: ': this person, at this depth, is now in your history and opens from it at no cost',
  },
  tier: {
    pt: ': o nível da sua chave mudou, e outro serviço responde por esta profundidade',
    en: ": your key's tier changed, and another service answers this depth",
  },
} as const satisfies Record<string, Text>;
export type PriceReason = keyof typeof PRICE_REASONS;

/** Every error code, once, with its attributes and its message. */
const CODES = {
  // profile API (docs/api-contract.md, Errors)
  BATCH_TOO_LARGE: {
    action: 'edit_input',
    message: ({ d }) => {
      const max = d.maxBatchSize ?? 10;
      return {
        pt: `Lote grande demais: envie no máximo ${max} perfis por vez.`,
        en: `Batch too large: send at most ${max} profiles per request.`,
      };
    },
  },
  INVALID_REQUEST: {
    action: 'edit_input',
    message: () => ({
      pt: 'Pedido inválido: confira o nome e a empresa e tente de novo.',
      en: 'Invalid request: check the name and the company and try again.',
    }),
  },
  INVALID_API_KEY: {
    action: 'fix_key',
    accountWide: true,
    message: () => ({
      pt: 'Chave de API inválida ou ausente. Confira a chave nas opções.',
      en: 'Invalid or missing API key. Check the key in the options.',
    }),
  },
  INSUFFICIENT_CREDITS: {
    action: 'buy_credits',
    accountWide: true,
    message: ({ d }) => {
      const renewal = d.renewalDate ? ` ou aguarde a renovação em ${d.renewalDate.slice(0, 10)}` : '';
      const renewalEn = d.renewalDate ? ` or wait for the renewal on ${d.renewalDate.slice(0, 10)}` : '';
      return {
        pt: `Seus créditos acabaram. Compre mais créditos${renewal}.`,
        en: `You are out of credits. Buy more credits${renewalEn}.`,
      };
    },
  },
  BATCH_INSUFFICIENT_CREDITS: {
    action: 'buy_credits',
    accountWide: true,
    message: ({ d }) => {
      const need =
        d.profilesRequested !== undefined && d.creditsPerProfile !== undefined
          ? d.profilesRequested * d.creditsPerProfile
          : undefined;
      const pt =
        need !== undefined && d.creditsAvailable !== undefined
          ? ` O lote precisa de ${need} créditos e há ${d.creditsAvailable}.`
          : '';
      const en =
        need !== undefined && d.creditsAvailable !== undefined
          ? ` The batch needs ${need} credits and ${d.creditsAvailable} are available.`
          : '';
      return {
        pt: `Créditos insuficientes para o lote.${pt} Compre créditos ou envie menos perfis.`,
        en: `Not enough credits for the batch.${en} Buy credits or send fewer profiles.`,
      };
    },
  },
  PLAN_SUSPENDED: {
    action: 'contact_support',
    accountWide: true,
    message: ({ d }) => {
      const contact = d.contact ? `: ${d.contact}` : '';
      return {
        pt: `Seu plano está suspenso por pendência de pagamento. Fale com o suporte${contact}.`,
        en: `Your plan is suspended for billing reasons. Contact support${contact}.`,
      };
    },
  },
  ACCESS_DENIED: {
    action: 'upgrade',
    accountWide: true,
    message: ({ d }) => {
      const required = tierName(d.requiredTier);
      const current = tierName(d.currentTier);
      return {
        pt: `Seu plano${current ? ` (${current})` : ''} não dá acesso a este recurso${required ? `; é preciso o plano ${required}` : ''}. Faça upgrade para usar.`,
        en: `Your plan${current ? ` (${current})` : ''} does not include this feature${required ? `; it needs the ${required} plan` : ''}. Upgrade to use it.`,
      };
    },
  },
  FORBIDDEN: {
    action: 'fix_key',
    accountWide: true,
    message: () => ({
      pt: 'O serviço recusou a chave informada. Confira a chave nas opções.',
      en: 'The service refused the key supplied. Check the key in the options.',
    }),
  },
  NOT_FOUND: {
    action: 'edit_input',
    message: () => ({
      pt: 'Não encontramos essa pessoa em dados públicos. Confira a grafia do nome e da empresa.',
      en: 'This person was not found in public data. Check the spelling of the name and the company.',
    }),
  },
  AMBIGUOUS_PERSON: {
    action: 'add_context',
    message: () => ({
      pt: 'Várias pessoas correspondem a esse nome. Acrescente o sobrenome ou um contexto (cargo, cidade, área) e tente de novo.',
      en: 'Several people match this name. Add the last name or some context (role, city, area) and try again.',
    }),
  },
  INSUFFICIENT_DATA: {
    action: 'add_context',
    message: () => ({
      pt: 'Há poucos dados públicos para analisar essa pessoa. Acrescente um contexto (cargo, área) ou confira o nome e a empresa.',
      en: 'There is too little public data to analyse this person. Add some context (role, area) or check the name and the company.',
    }),
  },
  RATE_LIMITED: {
    action: 'retry_after',
    rateLimit: true,
    message: ({ wait }) => ({
      pt: `Muitas consultas seguidas. Tente de novo em${wait || ' alguns segundos'}.`,
      en: `Too many requests in a row. Try again in${wait || ' a few seconds'}.`,
    }),
  },
  SERVER_ERROR: {
    action: 'retry',
    message: () => ({
      pt: 'O serviço falhou ao processar o pedido. Tente de novo em instantes.',
      en: 'The service failed to process the request. Try again in a moment.',
    }),
  },
  AI_SERVICE_UNAVAILABLE: {
    action: 'retry',
    charges: true,
    message: () => ({
      pt: 'A inteligência de mercado (Plus) está indisponível no momento; a análise Completa foi entregue no lugar.',
      en: 'Market intelligence (Plus) is unavailable right now; the Complete analysis was delivered instead.',
    }),
  },
  // model API
  invalid_request: {
    action: 'edit_input',
    model: true,
    message: () => ({
      pt: 'A API de modelos recusou o pedido. Ajuste o texto ou os parâmetros (temperatura, tamanho).',
      en: 'The model API refused the request. Adjust the text or the parameters (temperature, length).',
    }),
  },
  authentication_error: {
    action: 'fix_key',
    model: true,
    message: () => ({
      pt: 'A API de modelos recusou a chave. Confira a chave nas opções.',
      en: 'The model API refused the key. Check the key in the options.',
    }),
  },
  model_not_found: {
    action: 'edit_input',
    model: true,
    message: () => ({
      pt: 'Modelo não encontrado. Escolha outro modelo da lista.',
      en: 'Model not found. Pick another model from the list.',
    }),
  },
  rate_limit_exceeded: {
    action: 'retry_after',
    model: true,
    rateLimit: true,
    message: ({ wait }) => ({
      pt: `Limite de uso da API de modelos atingido. Tente de novo em${wait || ' um minuto'}.`,
      en: `Model API rate limit reached. Try again in${wait || ' a minute'}.`,
    }),
  },
  server_error: {
    action: 'retry',
    model: true,
    message: () => ({
      pt: 'A API de modelos falhou. Tente de novo em instantes.',
      en: 'The model API failed. Try again in a moment.',
    }),
  },
  // transport
  NETWORK: {
    action: 'retry',
    message: ({ ctx }) =>
      ctx.sent === false
        ? {
            pt: 'Não foi possível conectar ao serviço. Verifique a internet e o endereço da API nas opções.',
            en: 'Could not connect to the service. Check the internet connection and the API address in the options.',
          }
        : {
            pt: 'A conexão com o serviço caiu antes da resposta.',
            en: 'The connection to the service dropped before the answer.',
          },
  },
  TIMEOUT: {
    action: 'retry',
    message: () => ({
      pt: 'O serviço demorou demais para responder.',
      en: 'The service took too long to answer.',
    }),
  },
  BAD_RESPONSE: {
    action: 'retry',
    message: () => ({
      pt: 'O serviço enviou uma resposta que não pôde ser lida.',
      en: 'The service sent an answer that could not be read.',
    }),
  },
  BAD_STREAM: {
    action: 'retry',
    message: () => ({
      pt: 'A resposta do modelo veio num formato inesperado (uma linha longa demais) e foi interrompida; o que chegou antes dela foi mantido.',
      en: "The model's answer came in an unexpected format (a line too long) and was stopped; what arrived before it was kept.",
    }),
  },
  ABORTED: { action: 'none', message: () => ({ pt: 'Consulta cancelada.', en: 'Request cancelled.' }) },
  UNEXPECTED: {
    action: 'retry',
    message: ({ d }) => {
      const cause = d.cause ? ` (${d.cause})` : '';
      return {
        pt: `Ocorreu um erro inesperado${cause}. Tente de novo.`,
        en: `Something unexpected went wrong${cause}. Try again.`,
      };
    },
  },
  // the extension's own safeguards
  REDIRECTED: {
    action: 'contact_support',
    message: () => ({
      pt: 'O serviço tentou redirecionar o pedido para outro endereço; a extensão recusou e não enviou sua chave nem os dados da pessoa para lá. Confira o endereço da API nas opções ou fale com o suporte.',
      en: "The service tried to redirect the request to another address; the extension refused and sent neither your key nor the person's data there. Check the API address in the options or contact support.",
    }),
  },
  PRICE_CHANGED: {
    action: 'none',
    message: ({ d }) => {
      const { oldCost, newCost } = d;
      const why = d.priceReason ? PRICE_REASONS[d.priceReason] : { pt: '', en: '' };
      const change =
        oldCost === undefined || newCost === undefined
          ? newCost === undefined
            ? { pt: 'O preço mudou desde que foi mostrado', en: 'The price changed since it was shown' }
            : {
                pt: `O preço mudou desde que foi mostrado: agora custa ${creditsPt(newCost)}`,
                en: `The price changed since it was shown: it now costs ${creditsEn(newCost)}`,
              }
          : oldCost === newCost
            ? {
                pt: `A análise mudou desde que o custo foi mostrado, pelo mesmo preço (${creditsPt(newCost)})`,
                en: `The analysis changed since its cost was shown, at the same price (${creditsEn(newCost)})`,
              }
            : {
                pt: `O preço mudou de ${creditsPt(oldCost)} para ${creditsPt(newCost)} desde que foi mostrado`,
                en: `The price changed from ${creditsEn(oldCost)} to ${creditsEn(newCost)} since it was shown`,
              };
      return {
        pt: `${change.pt}${why.pt}, e nada foi cobrado. Confira o novo custo e confirme de novo.`,
        en: `${change.en}${why.en}, and nothing was charged. Check the new cost and confirm again.`,
      };
    },
  },
  QUOTE_STALE: {
    action: 'none',
    message: () => ({
      pt: 'O custo enviado era de outros dados (o formulário mudou depois que o custo foi mostrado), e nada foi cobrado. Confira o custo e confirme de novo.',
      en: 'The cost sent was for other data (the form changed after the cost was shown), and nothing was charged. Check the cost and confirm again.',
    }),
  },
} as const satisfies Record<string, CodeEntry>;

export type ApiErrorCode = keyof typeof CODES;
export const API_ERROR_CODES = Object.keys(CODES) as ApiErrorCode[];

const attributes = (code: ApiErrorCode): CodeEntry => CODES[code];
/** A rate limit (profile or model API): not processed, may be sent again after Retry-After. */
export const isRateLimit = (code: ApiErrorCode) => attributes(code).rateLimit === true;
/** Every later request of the account would fail the same way. */
export const isAccountWide = (code: ApiErrorCode) => attributes(code).accountWide === true;
/** Charged although it failed. */
export const chargesOnFailure = (code: ApiErrorCode) => attributes(code).charges === true;
/** A code the model API names in its error bodies. */
export const isModelCode = (name: unknown): name is ApiErrorCode =>
  typeof name === 'string' && Object.hasOwn(CODES, name) && attributes(name as ApiErrorCode).model === true;

export type Charged = 'no' | 'yes' | 'unknown';

export interface ApiErrorDetails {
  upgradeUrl?: string;
  renewalDate?: string;
  currentTier?: string;
  requiredTier?: string;
  endpoint?: string;
  balance?: number;
  creditsAvailable?: number;
  profilesRequested?: number;
  creditsPerProfile?: number;
  maxBatchSize?: number;
  contact?: string;
  /** What was sent, so the user sees what was searched. */
  searched?: ProfileInput;
  suggestions?: string[];
  /** Plus unavailable: the service's explanation. */
  fallback?: string;
  validationIssues?: string[];
  profilesFound?: number;
  confidenceScore?: number;
  /** The service's own words (error text or user_action), shown as secondary detail. */
  serviceMessage?: string;
  /** PRICE_CHANGED: the cost shown, and the cost now, for the same input and depth (0 from history). */
  oldCost?: number;
  newCost?: number;
  /** PRICE_CHANGED: why the price is another. */
  priceReason?: PriceReason;
  /** UNEXPECTED: what was thrown, in its own words (said in the message). */
  cause?: string;
}

export interface ApiError {
  code: ApiErrorCode;
  status?: number;
  charged: Charged;
  creditsCharged?: number;
  action: ApiAction;
  retryAfterSec?: number;
  /** When a long wait ends (ms since the epoch); set instead of waiting automatically. */
  retryAt?: number;
  message: Text;
  details?: ApiErrorDetails;
}

/** An ApiError to throw: in the worker (what crosses a boundary is `error`), and in the pages as MessageError. */
export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message.en);
    this.name = 'ApiFailure';
  }
}

export function isApiError(x: unknown): x is ApiError {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  const message = e.message as Record<string, unknown> | null | undefined;
  return (
    (API_ERROR_CODES as readonly unknown[]).includes(e.code) &&
    (API_ACTIONS as readonly unknown[]).includes(e.action) &&
    (e.charged === 'no' || e.charged === 'yes' || e.charged === 'unknown') &&
    typeof message === 'object' &&
    message !== null &&
    typeof message.pt === 'string' &&
    typeof message.en === 'string'
  );
}

/** What the caller knows about the request that failed. */
export interface ErrorContext {
  /** The endpoint spends credits. */
  charging?: boolean;
  /** The request reached the network (false when the connection was refused before sending). */
  sent?: boolean;
  api?: 'profile' | 'model';
  /** The request path, e.g. `/crm_plus` or `/health`. */
  endpoint?: string;
  searched?: ProfileInput;
}

/** Waits up to this long are taken automatically (and said in seconds); longer ones are given as a time of day. */
export const MAX_AUTO_RETRY_SEC = 60;

const clock = (at: number) => {
  const d = new Date(at);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
};

function baseMessage(
  code: ApiErrorCode,
  d: ApiErrorDetails,
  retryAfterSec: number | undefined,
  ctx: ErrorContext,
  retryAt?: number,
): Text {
  const wait = retryAfterSec === undefined ? '' : ` ${retryAfterSec} s`;
  if (isRateLimit(code) && retryAt !== undefined) {
    const day = new Date(retryAt).toDateString() === new Date().toDateString();
    const date = day ? '' : ` de ${new Date(retryAt).toLocaleDateString('pt-BR')}`;
    const dateEn = day ? '' : ` on ${new Date(retryAt).toLocaleDateString('en-GB')}`;
    return {
      pt: `Limite de consultas atingido: o serviço pediu uma pausa longa. Tente novamente às ${clock(retryAt)}${date}.`,
      en: `Rate limit reached: the service asked for a long pause. Try again at ${clock(retryAt)}${dateEn}.`,
    };
  }
  return CODES[code].message({ d, wait, ctx });
}

function chargeSentence(charged: Charged, credits: number | undefined): Text {
  if (charged === 'no') return { pt: 'Nenhum crédito foi cobrado.', en: 'No credits were charged.' };
  if (charged === 'yes') {
    const n = credits ?? 0;
    return {
      pt: `Foram cobrados ${n} crédito${n === 1 ? '' : 's'}.`,
      en: `${n} credit${n === 1 ? ' was' : 's were'} charged.`,
    };
  }
  return {
    pt: 'Pode ter havido cobrança: confira o saldo e o histórico antes de tentar de novo.',
    en: 'You may have been charged: check the balance and the history before trying again.',
  };
}

/** What an error may put on screen: the service's words and lists, capped with the analyses' helper. */
export const ERROR_TEXT_MAX = 1_000;
export const ERROR_ITEMS_MAX = 20;
const ERROR_ITEM_MAX = 300;

function capDetails(d: ApiErrorDetails): ApiErrorDetails {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(d)) {
    if (typeof value === 'string') out[key] = capText(value, ERROR_TEXT_MAX);
    else if (Array.isArray(value))
      out[key] = capTexts(
        value.filter((v): v is string => typeof v === 'string'),
        ERROR_ITEMS_MAX,
        ERROR_ITEM_MAX,
      );
    else out[key] = value;
  }
  return out as ApiErrorDetails;
}

/** Builds an ApiError with its action and its messages; the charge sentence is added for charging requests. */
export function makeApiError(
  code: ApiErrorCode,
  ctx: ErrorContext,
  extra: {
    status?: number;
    charged?: Charged;
    creditsCharged?: number;
    retryAfterSec?: number;
    retryAt?: number;
    details?: ApiErrorDetails;
  } = {},
): ApiError {
  const charged: Charged = extra.charged ?? (ctx.charging && ctx.sent !== false ? 'unknown' : 'no');
  // Whatever went wrong, a possible charge must be checked before trying again.
  const action = charged === 'unknown' ? 'check_credits' : CODES[code].action;
  const details = compact({
    ...capDetails(extra.details ?? {}),
    ...(ctx.searched && { searched: ctx.searched }),
  });
  const base = baseMessage(code, details, extra.retryAfterSec, ctx, extra.retryAt);
  const charge = ctx.charging ? chargeSentence(charged, extra.creditsCharged) : null;
  return compact({
    code,
    status: extra.status,
    charged,
    creditsCharged: charged === 'yes' ? extra.creditsCharged : charged === 'no' ? 0 : undefined,
    action,
    retryAfterSec: extra.retryAfterSec,
    retryAt: extra.retryAt,
    message: charge ? { pt: `${base.pt} ${charge.pt}`, en: `${base.en} ${charge.en}` } : base,
    details: Object.keys(details).length > 0 ? details : undefined,
  });
}

/** Connection refused or name not resolved: nothing left this machine. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

function causeCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 4 && typeof cur === 'object' && cur !== null; i++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * The one conversion of anything thrown into an ApiError, in the worker and in the pages. An error that carries
 * one (ApiFailure, and the pages' MessageError) gives it. Where `ctx` names a request under way (its endpoint), a
 * TypeError is the network failing and a SyntaxError an answer that could not be read; anywhere else they are
 * unexpected, as is anything else thrown, and said with `fallback` (the caller's own words) or with what was thrown.
 * `ctx` also tells whether the failed request spends credits: a failure outside any request charged nothing.
 */
export function toApiError(e: unknown, ctx: ErrorContext = {}, fallback?: Text): ApiError {
  if (e instanceof ApiFailure) return e.error;
  if (isApiError(e)) return e;
  const name = e instanceof Error || e instanceof DOMException ? e.name : '';
  if (name === 'TimeoutError') return makeApiError('TIMEOUT', ctx);
  if (name === 'AbortError') return makeApiError('ABORTED', ctx);
  if (ctx.endpoint !== undefined && e instanceof TypeError) {
    const code = causeCode(e);
    const sent = code !== undefined && NOT_SENT.has(code) ? false : (ctx.sent ?? true);
    const c = { ...ctx, sent };
    return makeApiError('NETWORK', c, { charged: ctx.charging && sent ? 'unknown' : 'no' });
  }
  if (ctx.endpoint !== undefined && e instanceof SyntaxError) return makeApiError('BAD_RESPONSE', ctx);
  const text = e instanceof Error ? e.message : typeof e === 'string' ? e : undefined;
  const error = makeApiError('UNEXPECTED', ctx, {
    details: text ? { cause: capText(text, 500) } : undefined,
  });
  return fallback ? { ...error, message: fallback } : error;
}
