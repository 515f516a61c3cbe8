import { capText, capTexts, compact, type Text } from '@/lib/text';
import type { ProfileInput } from './schemas';

/*
 * What every page needs of the errors (lib/api/errors.ts gives them all, with every code's entry): the codes,
 * the ApiError's shape, its check, and toApiError with the entries of the codes it gives (OWN_CODES). Apart from
 * the other codes' messages, which a page loads only where it makes one of them (the side panel's first paint
 * carries none: tests/e2e/sidepanel-first-paint.spec.ts).
 */

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
export interface MessageFacts {
  d: ApiErrorDetails;
  wait: string;
  ctx: ErrorContext;
}

/** What an error code means: the user's next step, how the extension treats it, and what the user reads. */
export interface CodeEntry {
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

/**
 * Every error code: the profile API's (docs/api-contract.md, Errors), the model API's, the transport's and the
 * extension's own safeguards. Each has its entry in CODES (lib/api/errors.ts), which the compiler holds to these.
 */
export const API_ERROR_CODES = [
  'BATCH_TOO_LARGE',
  'INVALID_REQUEST',
  'INVALID_API_KEY',
  'INSUFFICIENT_CREDITS',
  'BATCH_INSUFFICIENT_CREDITS',
  'PLAN_SUSPENDED',
  'ACCESS_DENIED',
  'FORBIDDEN',
  'NOT_FOUND',
  'AMBIGUOUS_PERSON',
  'INSUFFICIENT_DATA',
  'RATE_LIMITED',
  'SERVER_ERROR',
  'AI_SERVICE_UNAVAILABLE',
  'invalid_request',
  'authentication_error',
  'model_not_found',
  'rate_limit_exceeded',
  'server_error',
  'NETWORK',
  'TIMEOUT',
  'BAD_RESPONSE',
  'BAD_STREAM',
  'ABORTED',
  'UNEXPECTED',
  'REDIRECTED',
  'PRICE_CHANGED',
  'QUOTE_STALE',
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/**
 * The codes toApiError gives what the extension itself catches (in the worker and in the pages), apart: a page
 * that only converts what it catches carries none of the other codes' messages (the side panel's first paint).
 */
export const OWN_CODES = {
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
} as const satisfies Partial<Record<ApiErrorCode, CodeEntry>>;

export type Charged = 'no' | 'yes' | 'unknown';

/** Why a lookup's price is no longer the one shown (each said in PRICE_REASONS, lib/api/errors.ts). */
export type PriceReason = 'history_expired' | 'in_history' | 'tier';

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
  entry: CodeEntry,
  d: ApiErrorDetails,
  retryAfterSec: number | undefined,
  ctx: ErrorContext,
  retryAt?: number,
): Text {
  const wait = retryAfterSec === undefined ? '' : ` ${retryAfterSec} s`;
  if (entry.rateLimit === true && retryAt !== undefined) {
    const day = new Date(retryAt).toDateString() === new Date().toDateString();
    const date = day ? '' : ` de ${new Date(retryAt).toLocaleDateString('pt-BR')}`;
    const dateEn = day ? '' : ` on ${new Date(retryAt).toLocaleDateString('en-GB')}`;
    return {
      pt: `Limite de consultas atingido: o serviço pediu uma pausa longa. Tente novamente às ${clock(retryAt)}${date}.`,
      en: `Rate limit reached: the service asked for a long pause. Try again at ${clock(retryAt)}${dateEn}.`,
    };
  }
  return entry.message({ d, wait, ctx });
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

/** What an ApiError may carry beyond its code and its context. */
export interface ErrorExtra {
  status?: number;
  charged?: Charged;
  creditsCharged?: number;
  retryAfterSec?: number;
  retryAt?: number;
  details?: ApiErrorDetails;
}

/** An error of the extension's own (OWN_CODES), built without the other codes' entries. */
const ownError = (code: keyof typeof OWN_CODES, ctx: ErrorContext, extra: ErrorExtra = {}) =>
  build(code, OWN_CODES[code], ctx, extra);

export function build(code: ApiErrorCode, entry: CodeEntry, ctx: ErrorContext, extra: ErrorExtra): ApiError {
  const charged: Charged = extra.charged ?? (ctx.charging && ctx.sent !== false ? 'unknown' : 'no');
  // Whatever went wrong, a possible charge must be checked before trying again.
  const action = charged === 'unknown' ? 'check_credits' : entry.action;
  const details = compact({
    ...capDetails(extra.details ?? {}),
    ...(ctx.searched && { searched: ctx.searched }),
  });
  const base = baseMessage(entry, details, extra.retryAfterSec, ctx, extra.retryAt);
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
  if (name === 'TimeoutError') return ownError('TIMEOUT', ctx);
  if (name === 'AbortError') return ownError('ABORTED', ctx);
  if (ctx.endpoint !== undefined && e instanceof TypeError) {
    const code = causeCode(e);
    const sent = code !== undefined && NOT_SENT.has(code) ? false : (ctx.sent ?? true);
    const c = { ...ctx, sent };
    return ownError('NETWORK', c, { charged: ctx.charging && sent ? 'unknown' : 'no' });
  }
  if (ctx.endpoint !== undefined && e instanceof SyntaxError) return ownError('BAD_RESPONSE', ctx);
  const text = e instanceof Error ? e.message : typeof e === 'string' ? e : undefined;
  const error = ownError('UNEXPECTED', ctx, {
    details: text ? { cause: capText(text, 500) } : undefined,
  });
  return fallback ? { ...error, message: fallback } : error;
}
