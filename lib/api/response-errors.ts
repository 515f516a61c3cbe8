import { errorBodySchema, type ErrorBody } from './schemas';
import {
  chargesOnFailure,
  isModelCode,
  isRateLimit,
  MAX_AUTO_RETRY_SEC,
  makeApiError,
  type ApiError,
  type ApiErrorCode,
  type ApiErrorDetails,
  type Charged,
  type ErrorContext,
} from './errors';

/*
 * Reading the service's error answers. Kept apart from ./errors so that pages, which only make and show
 * ApiErrors, do not load the response schemas.
 */
const MODEL_CODES: Record<number, ApiErrorCode> = {
  400: 'invalid_request',
  401: 'authentication_error',
  404: 'model_not_found',
  429: 'rate_limit_exceeded',
};

function modelCode(status: number, body: ErrorBody): ApiErrorCode {
  const err = typeof body.error === 'object' ? body.error : undefined;
  const named = [err?.code, err?.type].find(isModelCode);
  if (named) return named;
  return MODEL_CODES[status] ?? (status >= 500 ? 'server_error' : 'invalid_request');
}

function profileCode(status: number, body: ErrorBody, ctx: ErrorContext): ApiErrorCode {
  const code = body.error_code ?? (typeof body.error === 'object' ? body.error.type : undefined);
  switch (status) {
    case 400:
      return body.max_batch_size !== undefined || body.profiles_received !== undefined
        ? 'BATCH_TOO_LARGE'
        : 'INVALID_REQUEST';
    case 401:
      return 'INVALID_API_KEY';
    case 402:
      if (code === 'PLAN_SUSPENDED') return 'PLAN_SUSPENDED';
      if (body.credits_available !== undefined || body.profiles_requested !== undefined)
        return 'BATCH_INSUFFICIENT_CREDITS';
      return 'INSUFFICIENT_CREDITS';
    case 403:
      if (code === 'ACCESS_DENIED' || body.details?.required_tier !== undefined) return 'ACCESS_DENIED';
      // On a free endpoint a bare 403 is the "Forbidden" of a bad key, not a tier problem.
      return ctx.charging ? 'ACCESS_DENIED' : 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 409:
      return 'AMBIGUOUS_PERSON';
    case 422:
      return 'INSUFFICIENT_DATA';
    case 429:
      return 'RATE_LIMITED';
    case 503:
      return code === 'AI_SERVICE_UNAVAILABLE' ? 'AI_SERVICE_UNAVAILABLE' : 'SERVER_ERROR';
    default:
      return status >= 500 ? 'SERVER_ERROR' : 'INVALID_REQUEST';
  }
}

/**
 * The longest wait kept, in seconds (7 days). Anything longer says the same thing to the user ("try again at …")
 * and every timer built from it stays far below setTimeout's limit (2^31 − 1 ms, about 24.8 days).
 */
export const MAX_RETRY_AFTER_SEC = 7 * 86_400;

const clampWait = (sec: number) => Math.min(MAX_RETRY_AFTER_SEC, Math.max(0, Math.ceil(sec)));

/**
 * Seconds from a Retry-After header (delta-seconds or an HTTP date), else from the body's `retry_after`.
 * Always an integer in 0..MAX_RETRY_AFTER_SEC, or undefined when nothing readable was given.
 */
export function parseRetryAfter(
  header: string | null | undefined,
  bodyValue?: unknown,
  now: number = Date.now(),
): number | undefined {
  const text = typeof header === 'string' ? header.trim() : '';
  if (/^\d+(\.\d+)?$/.test(text)) {
    const seconds = Number(text);
    if (Number.isFinite(seconds)) return clampWait(seconds);
    return MAX_RETRY_AFTER_SEC;
  }
  // An HTTP date starts with the day's name ("Fri, 31 Dec 9999 23:59:59 GMT"); anything else is not read as one.
  if (text.length <= 64 && /^[A-Za-z]{3}/.test(text)) {
    const date = Date.parse(text);
    if (Number.isFinite(date)) return clampWait((date - now) / 1000);
  }
  if (typeof bodyValue === 'number' && Number.isFinite(bodyValue) && bodyValue >= 0)
    return clampWait(bodyValue);
  return undefined;
}

/**
 * What the service says it charged wins. Otherwise the contract: errors are not charged (refunds for 422, 500
 * and 403), Plus's fallback is, and an unexplained gateway failure on a charging request may have been.
 */
function chargedBy(status: number, used: number | undefined, code: ApiErrorCode, ctx: ErrorContext): Charged {
  if (used !== undefined) return used > 0 ? 'yes' : 'no';
  if (!ctx.charging || status <= 500) return 'no';
  return chargesOnFailure(code) ? 'yes' : 'unknown';
}

/** The typed error for an HTTP error answer: status, parsed body (any shape) and headers. */
export function errorFromResponse(
  status: number,
  rawBody: unknown,
  headers: Headers | null,
  ctx: ErrorContext,
): ApiError {
  const parsed = errorBodySchema.safeParse(rawBody);
  const body: ErrorBody = parsed.success ? parsed.data : {};
  const code = ctx.api === 'model' ? modelCode(status, body) : profileCode(status, body, ctx);
  const enhanced = typeof body.error === 'object' ? body.error : undefined;
  const billing = body.billing_info;
  const used = billing?.creditos_utilizados;
  const charged = chargedBy(status, used, code, ctx);
  const creditsCharged = used ?? (code === 'AI_SERVICE_UNAVAILABLE' ? 2 : undefined);
  const serviceText =
    typeof body.error === 'string' ? body.error : (enhanced?.message ?? body.message ?? undefined);
  const details: ApiErrorDetails = {
    upgradeUrl: body.upgrade_url,
    renewalDate: billing?.renewal_date,
    currentTier: body.details?.current_tier,
    requiredTier: body.details?.required_tier,
    endpoint: body.details?.endpoint_requested ?? ctx.endpoint,
    balance: billing?.creditos_restantes,
    creditsAvailable: body.credits_available,
    profilesRequested: body.profiles_requested,
    creditsPerProfile: body.credits_per_profile,
    maxBatchSize: body.max_batch_size,
    contact: body.contact,
    suggestions: enhanced?.suggestions,
    fallback: body.fallback,
    validationIssues: body.details?.validation_issues,
    profilesFound: body.details?.profiles_found,
    confidenceScore: body.details?.confidence_score ?? enhanced?.confidence_score,
    serviceMessage: enhanced?.user_action ?? serviceText ?? body.hint,
  };
  const retryAfterSec = isRateLimit(code)
    ? parseRetryAfter(headers?.get('retry-after'), body.retry_after)
    : undefined;
  // A long wait is not waited for: the user is told when to come back.
  const retryAt =
    retryAfterSec !== undefined && retryAfterSec > MAX_AUTO_RETRY_SEC
      ? Date.now() + retryAfterSec * 1000
      : undefined;
  return makeApiError(code, ctx, {
    status,
    charged,
    creditsCharged,
    retryAfterSec,
    retryAt,
    details,
  });
}
