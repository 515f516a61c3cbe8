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
      charged: 'no',
      details: { cause: 'disk full' },
      message: { pt: expect.stringContaining('(disk full)'), en: expect.stringContaining('(disk full)') },
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

  it('gives every code a message in Portuguese and in English', async () => {
    const { API_ERROR_CODES } = await import('@/lib/api/errors');
    const texts = new Set<string>();
    for (const code of API_ERROR_CODES) {
      const { message } = makeApiError(code, {});
      expect(message.pt.length, code).toBeGreaterThan(10);
      expect(message.en.length, code).toBeGreaterThan(10);
      expect(message.pt, code).not.toBe(message.en);
      texts.add(message.en);
    }
    // No two codes say the same thing.
    expect(texts.size).toBe(API_ERROR_CODES.length);
  });

  it('names the model API codes, and the model API answers are read by them', async () => {
    const { API_ERROR_CODES, isModelCode } = await import('@/lib/api/errors');
    expect(API_ERROR_CODES.filter(isModelCode)).toEqual([
      'invalid_request',
      'authentication_error',
      'model_not_found',
      'rate_limit_exceeded',
      'server_error',
    ]);
    expect(isModelCode('RATE_LIMITED')).toBe(false);
    expect(isModelCode('toString')).toBe(false);
    const model = { api: 'model', endpoint: '/v1/embeddings' } as const;
    for (const code of API_ERROR_CODES.filter(isModelCode)) {
      expect(errorFromResponse(418, { error: { type: code } }, null, model).code).toBe(code);
    }
    // A code of the profile API in a model answer is not taken: the status decides.
    expect(errorFromResponse(404, { error: { code: 'NOT_FOUND' } }, null, model).code).toBe(
      'model_not_found',
    );
  });
});

describe('toApiError: anything a page caught', () => {
  it("keeps the background's error, and says a local failure charged nothing, in the caller's words", async () => {
    const { MessageError } = await import('@/lib/send');
    const sent = makeApiError('NOT_FOUND', { api: 'profile' }, { charged: 'no' });
    expect(toApiError(new MessageError(sent))).toBe(sent);
    expect(toApiError(new Error('port closed'))).toMatchObject({
      code: 'UNEXPECTED',
      charged: 'no',
      action: 'retry',
      message: { pt: expect.stringContaining('port closed'), en: expect.stringContaining('port closed') },
    });
    const words = { pt: 'Não foi possível inserir o texto.', en: 'Could not insert the text.' };
    expect(toApiError('x', {}, words).message).toBe(words);
    // The caller's words never hide the background's own error.
    expect(toApiError(new MessageError(sent), {}, words)).toBe(sent);
  });

  it('a TypeError or a SyntaxError outside a request is unexpected, not the network nor the service', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(toApiError(bug)).toMatchObject({ code: 'UNEXPECTED', charged: 'no' });
    expect(toApiError(new SyntaxError('Unexpected token'))).toMatchObject({ code: 'UNEXPECTED' });
    // The same TypeError while a request is under way is the network failing.
    expect(toApiError(bug, { endpoint: '/status' }).code).toBe('NETWORK');
  });
});
