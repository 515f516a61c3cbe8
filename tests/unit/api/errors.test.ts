import { describe, expect, it } from 'vitest';
import { ApiFailure, isApiError, makeApiError, toApiError, type ApiError } from '@/lib/api/errors';
import { errorFromResponse, parseRetryAfter } from '@/lib/api/response-errors';

const plus = { charging: true, api: 'profile', endpoint: '/crm_plus' } as const;

const accessDenied = (): ApiError =>
  errorFromResponse(
    403,
    {
      error: 'Acesso negado',
      error_code: 'ACCESS_DENIED',
      details: { current_tier: 'basic', required_tier: 'complete', endpoint_requested: '/crm_plus' },
      billing_info: { creditos_utilizados: 0, creditos_restantes: 12 },
      upgrade_url: 'https://exemplo.com.br/upgrade',
    },
    null,
    { ...plus, searched: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' } },
  );

describe('ApiError as plain data', () => {
  it('survives structuredClone and a JSON round trip intact', () => {
    const error = accessDenied();
    expect(Object.getPrototypeOf(error)).toBe(Object.prototype);
    const cloned = structuredClone(error);
    const json = JSON.parse(JSON.stringify(error)) as unknown;
    expect(cloned).toEqual(error);
    expect(json).toEqual(error);
    expect(isApiError(cloned)).toBe(true);
    expect(isApiError(json)).toBe(true);
    expect(cloned).toMatchObject({
      code: 'ACCESS_DENIED',
      status: 403,
      charged: 'no',
      creditsCharged: 0,
      action: 'upgrade',
      details: {
        currentTier: 'basic',
        requiredTier: 'complete',
        upgradeUrl: 'https://exemplo.com.br/upgrade',
        balance: 12,
        searched: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
      },
    });
    expect(cloned.message.pt).toContain('Complete');
    expect(cloned.message.pt).toContain('Nenhum crédito foi cobrado');
    expect(cloned.message.en).toContain('No credits were charged');
  });

  it('recognises only well-formed errors', () => {
    const error = accessDenied();
    expect(isApiError(new ApiFailure(error))).toBe(false);
    expect(isApiError({ ...error, code: 'SOMETHING' })).toBe(false);
    expect(isApiError({ ...error, charged: 'maybe' })).toBe(false);
    expect(isApiError({ ...error, message: 'texto' })).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});

describe('toApiError', () => {
  it('unwraps ApiFailure and passes ApiError through', () => {
    const error = accessDenied();
    expect(toApiError(new ApiFailure(error))).toBe(error);
    expect(toApiError(structuredClone(error))).toEqual(error);
  });

  it('maps a refused connection to NETWORK, not charged', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(toApiError(refused, plus)).toMatchObject({ code: 'NETWORK', charged: 'no', action: 'retry' });
  });

  it('maps a dropped charging request to NETWORK with an unknown charge', () => {
    const dropped = new TypeError('fetch failed', {
      cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
    });
    const error = toApiError(dropped, plus);
    expect(error).toMatchObject({ code: 'NETWORK', charged: 'unknown', action: 'check_credits' });
    expect(error.creditsCharged).toBeUndefined();
    expect(error.message.pt).toContain('confira o saldo');
    // The same failure on a free endpoint charges nothing and is simply retried.
    expect(toApiError(dropped, { endpoint: '/status' })).toMatchObject({
      code: 'NETWORK',
      charged: 'no',
      action: 'retry',
    });
  });

  it('maps timeouts, cancellations, unreadable bodies and anything else', () => {
    expect(toApiError(new DOMException('t', 'TimeoutError'), plus)).toMatchObject({
      code: 'TIMEOUT',
      charged: 'unknown',
    });
    expect(toApiError(new DOMException('a', 'AbortError'), {})).toMatchObject({
      code: 'ABORTED',
      charged: 'no',
      action: 'none',
    });
    expect(toApiError(new SyntaxError('Unexpected token <'), plus)).toMatchObject({
      code: 'BAD_RESPONSE',
      action: 'check_credits',
    });
    expect(toApiError(new Error('disk full'))).toMatchObject({
      code: 'UNEXPECTED',
      details: { serviceMessage: 'disk full' },
    });
    expect(isApiError(toApiError(42))).toBe(true);
  });
});

describe('errorFromResponse', () => {
  it('reads the model API codes from the body or, failing that, from the status', () => {
    const model = { api: 'model', endpoint: '/v1/chat/completions' } as const;
    const body = (code: string) => ({ error: { message: 'x', type: code, code } });
    expect(errorFromResponse(400, body('invalid_request'), null, model).code).toBe('invalid_request');
    expect(errorFromResponse(401, body('authentication_error'), null, model)).toMatchObject({
      code: 'authentication_error',
      action: 'fix_key',
    });
    expect(errorFromResponse(404, undefined, null, model).code).toBe('model_not_found');
    expect(errorFromResponse(502, 'Bad Gateway', null, model).code).toBe('server_error');
    const limited = errorFromResponse(
      429,
      body('rate_limit_exceeded'),
      new Headers({ 'retry-after': '7' }),
      model,
    );
    expect(limited).toMatchObject({
      code: 'rate_limit_exceeded',
      retryAfterSec: 7,
      action: 'retry_after',
      charged: 'no',
    });
  });

  it('trusts billing_info over the status to tell whether credits were charged', () => {
    const fallback = errorFromResponse(
      503,
      {
        error: 'x',
        error_code: 'AI_SERVICE_UNAVAILABLE',
        fallback: 'Análise Completa',
        billing_info: { creditos_utilizados: 2 },
      },
      null,
      plus,
    );
    expect(fallback).toMatchObject({ code: 'AI_SERVICE_UNAVAILABLE', charged: 'yes', creditsCharged: 2 });
    expect(fallback.message.pt).toContain('Foram cobrados 2 créditos');
    // A gateway failure with no body on a charging request: nobody knows.
    expect(errorFromResponse(504, undefined, null, plus)).toMatchObject({
      code: 'SERVER_ERROR',
      charged: 'unknown',
      action: 'check_credits',
    });
    // The contract refunds a 500.
    expect(errorFromResponse(500, undefined, null, plus)).toMatchObject({
      code: 'SERVER_ERROR',
      charged: 'no',
      action: 'retry',
    });
  });

  it('tells the Forbidden of /health from a tier refusal', () => {
    expect(errorFromResponse(403, { message: 'Forbidden' }, null, { endpoint: '/health' }).code).toBe(
      'FORBIDDEN',
    );
    expect(errorFromResponse(403, { message: 'Forbidden' }, null, plus).code).toBe('ACCESS_DENIED');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, an HTTP date, or the body', () => {
    expect(parseRetryAfter('3')).toBe(3);
    expect(parseRetryAfter('0.2')).toBe(1);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(parseRetryAfter(inTenSeconds)).toBeGreaterThanOrEqual(9);
    expect(parseRetryAfter(inTenSeconds)).toBeLessThanOrEqual(10);
    expect(parseRetryAfter(null, 4)).toBe(4);
    expect(parseRetryAfter('nonsense', 2)).toBe(2);
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });

  it('names the wait in the message', () => {
    const error = makeApiError('RATE_LIMITED', plus, { status: 429, charged: 'no', retryAfterSec: 5 });
    expect(error.message.pt).toContain('5 s');
    expect(error.message.en).toContain('5 s');
  });
});

describe('the one code table', () => {
  it('says which codes are rate limits, account-wide and charged although they failed', async () => {
    const { API_ERROR_CODES, chargesOnFailure, isAccountWide, isRateLimit } = await import(
      '@/lib/api/errors'
    );
    expect(API_ERROR_CODES.filter(isRateLimit)).toEqual(['RATE_LIMITED', 'rate_limit_exceeded']);
    expect(API_ERROR_CODES.filter(chargesOnFailure)).toEqual(['AI_SERVICE_UNAVAILABLE']);
    expect(API_ERROR_CODES.filter(isAccountWide)).toEqual([
      'INVALID_API_KEY',
      'INSUFFICIENT_CREDITS',
      'BATCH_INSUFFICIENT_CREDITS',
      'PLAN_SUSPENDED',
      'ACCESS_DENIED',
      'FORBIDDEN',
    ]);
  });
});

describe('asApiError: anything a page caught', () => {
  it("keeps the background's error, and says a local failure charged nothing, in the caller's words", async () => {
    const { asApiError, MessageError } = await import('@/lib/messaging');
    const sent = makeApiError('NOT_FOUND', { api: 'profile' }, { charged: 'no' });
    expect(asApiError(new MessageError(sent))).toBe(sent);
    expect(asApiError(new Error('port closed'))).toMatchObject({
      code: 'UNEXPECTED',
      charged: 'no',
      message: { pt: expect.stringContaining('port closed'), en: expect.stringContaining('port closed') },
    });
    const words = { pt: 'Não foi possível inserir o texto.', en: 'Could not insert the text.' };
    expect(asApiError('x', words).message).toBe(words);
  });
});
