import ky, { HTTPError, TimeoutError as KyTimeoutError, type KyInstance, type KyResponse } from 'ky';
import type { z } from 'zod';
import { isAllowedApiOrigin } from './config';
import { ENDPOINTS, MAX_BATCH_SIZE, type EndpointName, type EndpointSpec } from './endpoints';
import {
  ApiFailure,
  isRateLimit,
  makeApiError,
  toApiError,
  type ApiError,
  type ErrorContext,
} from './errors';
import { errorFromResponse, parseRetryAfter } from './response-errors';
import {
  chatChunkSchema,
  chatCompletionSchema,
  embeddingListSchema,
  modelListSchema,
  type ChatRequest,
  type EmbeddingRequest,
} from './model-schemas';
import {
  batchResponseSchema,
  creditosSchema,
  errorBodies,
  healthSchema,
  singleResponseSchema,
  statusSchema,
  tiersSchema,
  type ProfileInput,
  type SingleResponse,
} from './schemas';
import { BodyTooLarge, parseBody, readBody } from './json';
import { createSseParser } from './sse';

export { ENDPOINTS };

export interface ApiClientOptions {
  baseUrl: string;
  /** Where /v1 lives. */
  llmBaseUrl: string;
  apiKey: string;
  /** The model API key, when it differs from the profile API key. */
  llmApiKey?: string;
  fetch?: typeof globalThis.fetch;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Replaces the endpoint's own timeout (for a stream: the longest silence). */
  timeoutMs?: number;
  /** Told before each automatic wait after a 429, with the seconds it will wait. */
  onRateLimitWait?: (seconds: number) => void;
}

/** A single analysis; `degraded` is set when Plus fell back to the Complete analysis (503, 2 credits). */
export type SingleResult = SingleResponse & { degraded?: ApiError };

/*
 * Re-sending. Two rules, and no third:
 *  - ky re-sends idempotent GETs (all free) after a network failure, a 408, a 429 or a 500/502/503/504, waiting the
 *    answer's Retry-After (read by parseRetryAfter) or its backoff, at most GET_RETRIES times;
 *  - a POST is never re-sent by ky (`methods: ['get']`): a charging POST that timed out, dropped or got a 5xx may
 *    have been charged. The client itself re-sends a POST only after a 429, the one answer that says the request
 *    was not processed (`resendAfterRateLimit`), and the batch pacer is told of each wait.
 */
const GET_RETRIES = 2;
const GET_RETRY_STATUSES = [408, 429, 500, 502, 503, 504];
const POST_RATE_LIMIT_RESENDS = 2;
/** A longer Retry-After is reported to the user (with when to come back) instead of waited for. */
const MAX_AUTO_WAIT_SEC = 30;
/** How long after ky's timeout our own timer gives up on a fetch that ignores ky's abort. */
const BACKSTOP_MS = 1_000;
/** ky's own backoff between GET retries: 0.3 s, then 0.6 s. */
const backoffSec = (retry: number) => 0.3 * 2 ** (retry - 1);

/** The wait taken after a 429 (1 s when the service named none), or undefined when it is too long to wait. */
function rateLimitWait(error: ApiError): number | undefined {
  const sec = error.retryAfterSec ?? 1;
  return sec <= MAX_AUTO_WAIT_SEC ? sec : undefined;
}

interface Deadline {
  /** Aborted when the caller cancels or the timer runs out. */
  signal: AbortSignal;
  /** (Re)starts the timer: the request fails with TIMEOUT unless disarmed within `ms`. */
  arm(ms: number): void;
  disarm(): void;
  /** The request is over: stops the timer and stops following the caller's signal. */
  done(): void;
  /**
   * `p`, or a rejection as soon as the signal aborts, even when whatever produces `p` does not honour the
   * signal (Node's fetch can lose a Request's signal to garbage collection; undici issue 4068).
   */
  guard<T>(p: Promise<T>): Promise<T>;
  timedOut(): boolean;
}

/**
 * The caller's signal, followed by a listener rather than AbortSignal.any (a listener also keeps a caller's
 * AbortSignal.timeout alive until it fires, which some runtimes, Node 20, do not do for AbortSignal.any), and a
 * timer for what ky's `timeout` does not cover: ky's ends with the answer's headers, this one bounds reading the
 * body and each silence of a stream.
 */
function deadline(outer: AbortSignal | undefined): Deadline {
  const ctl = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired = false;
  const disarm = () => clearTimeout(timer);
  const arm = (ms: number) => {
    disarm();
    timer = setTimeout(() => {
      expired = true;
      ctl.abort(new DOMException('The service took too long', 'TimeoutError'));
    }, ms);
  };
  const follow = () => ctl.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  return {
    signal: ctl.signal,
    arm,
    disarm,
    done: () => {
      disarm();
      outer?.removeEventListener('abort', follow);
    },
    timedOut: () => expired,
    guard: (p) => {
      const { signal } = ctl;
      return new Promise((resolve, reject) => {
        if (signal.aborted) {
          p.catch(() => undefined);
          return reject(signal.reason as Error);
        }
        const onAbort = () => reject(signal.reason as Error);
        signal.addEventListener('abort', onAbort, { once: true });
        p.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const trimmed = (s: string | undefined) => {
  const t = s?.trim();
  return t ? t : undefined;
};

/** Exactly the four input fields, by their Portuguese names: nothing else from the page leaves the browser. */
function profileBody(p: ProfileInput): ProfileInput {
  const body: ProfileInput = { primeiro_nome: p.primeiro_nome.trim(), empresa: p.empresa.trim() };
  const last = trimmed(p.ultimo_nome);
  if (last !== undefined) body.ultimo_nome = last;
  const context = trimmed(p.contexto_adicional);
  if (context !== undefined) body.contexto_adicional = context;
  return body;
}

function issuesText(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
    .join('; ');
}

/** What the last answer of a call said, read by the afterResponse hook. */
interface Verdict {
  error: ApiError;
  /** The error answer's body, parsed (Plus's fallback is read from it). */
  body: unknown;
  /** Seconds before ky sends the GET again; undefined: it is not sent again. */
  resendAfterSec?: number;
}

/** A call's answer once its headers are in: accepted (the body still to read), or an error answer. */
type Opened =
  | { ok: true; res: Response; d: Deadline; ms: number }
  | { ok: false; error: ApiError; body: unknown };

/**
 * The calls the extension makes, by name (lib/api/endpoints.ts); tests add the rest of the contract
 * (tests/unit/api/test-calls.ts).
 *
 * What ky does here: the prefix URL of each API, the key (a beforeRequest hook, for the configured origin only),
 * JSON bodies, the wait for the answer's headers (`timeout`, per endpoint), reading every answer before anything
 * else sees it (an afterResponse hook: an error answer becomes an ApiError there, and the GET re-send decision is
 * made from it), and re-sending GETs (`retry`, above). What it deliberately does not do, and why:
 *  - ky's own Retry-After reading (`afterStatusCodes: []`): it waits its maximum for an unreadable header, clamps a
 *    long wait instead of giving up, and ignores the body's `retry_after`. The wait comes from parseRetryAfter
 *    instead, through `retry.delay`, so that the wait taken is the one the error message tells.
 *  - `beforeError`: the error answer is already an ApiError (afterResponse); and ky wants an HTTPError back from
 *    it, since any other error would escape ky's status filter and be re-sent.
 *  - `.json()` and `parseJson`: the body is read as text under our own timer (ky's timeout ends at the headers) and
 *    parsed by ./json, which drops `__proto__` and `constructor` keys.
 * Redirects are never followed: the key and the person's name go to the configured origin or nowhere (the browser
 * strips only Authorization on a cross-origin redirect, never x-api-key). Keyed answers are never taken from nor
 * kept in the HTTP cache: a cached /creditos would answer for another key.
 */
export function createApiClient(options: ApiClientOptions) {
  for (const url of [options.baseUrl, options.llmBaseUrl]) {
    if (!isAllowedApiOrigin(url)) throw new Error(`API address not allowed: ${url}`);
  }
  const origins = { profile: new URL(options.baseUrl).origin, model: new URL(options.llmBaseUrl).origin };
  const instance = (api: EndpointSpec['api'], prefixUrl: string, key: [string, string] | null): KyInstance =>
    ky.create({
      prefixUrl,
      fetch: options.fetch,
      redirect: 'manual',
      cache: 'no-store',
      headers: { accept: 'application/json' },
      retry: {
        limit: GET_RETRIES,
        methods: ['get'],
        statusCodes: GET_RETRY_STATUSES,
        afterStatusCodes: [],
      },
      hooks: {
        beforeRequest: [
          (request) => {
            if (key && new URL(request.url).origin === origins[api]) request.headers.set(...key);
          },
        ],
      },
    });
  const http = {
    profile: instance('profile', options.baseUrl, options.apiKey ? ['x-api-key', options.apiKey] : null),
    model: instance('model', options.llmBaseUrl, [
      'authorization',
      `Bearer ${options.llmApiKey ?? options.apiKey}`,
    ]),
  };

  const contextOf = (spec: EndpointSpec, searched?: ProfileInput): ErrorContext => ({
    charging: spec.charging,
    api: spec.api,
    endpoint: spec.path,
    ...(searched && { searched }),
  });

  /** A redirect (opaque in a browser, a 3xx elsewhere) or an answer from another origin is refused. */
  function refused(spec: EndpointSpec, res: Response, ctx: ErrorContext): ApiError | undefined {
    const redirected = res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400);
    let foreign = false;
    try {
      foreign = res.url !== '' && new URL(res.url).origin !== origins[spec.api];
    } catch {
      foreign = true;
    }
    if (!redirected && !foreign && !res.redirected) return undefined;
    // The configured service answered with a redirect instead of processing the request.
    return makeApiError('REDIRECTED', { ...ctx, sent: false }, { status: res.status || undefined });
  }

  /** Seconds before ky sends a GET again after this error answer; undefined when it is not sent again. */
  function getResendWait(error: ApiError, res: Response, retry: number): number | undefined {
    if (retry > GET_RETRIES || !GET_RETRY_STATUSES.includes(res.status)) return undefined;
    if (isRateLimit(error.code)) return rateLimitWait(error);
    const told = res.status === 503 ? parseRetryAfter(res.headers.get('retry-after')) : undefined;
    if (told !== undefined) return told <= MAX_AUTO_WAIT_SEC ? told : undefined;
    return backoffSec(retry);
  }

  function transportError(e: unknown, d: Deadline, opts: CallOptions, ctx: ErrorContext): ApiError {
    if (e instanceof ApiFailure) return e.error;
    if (e instanceof KyTimeoutError || d.timedOut()) return makeApiError('TIMEOUT', ctx);
    if (opts.signal?.aborted) {
      const reason: unknown = opts.signal.reason;
      return makeApiError(
        reason instanceof DOMException && reason.name === 'TimeoutError' ? 'TIMEOUT' : 'ABORTED',
        ctx,
      );
    }
    return toApiError(e, ctx);
  }

  /** The accepted answer's body, read under its deadline, which ends with it. */
  async function readText(res: Response, d: Deadline, opts: CallOptions, ctx: ErrorContext): Promise<string> {
    try {
      return await d.guard(readBody(res));
    } catch (e) {
      if (e instanceof BodyTooLarge) {
        throw new ApiFailure(
          makeApiError('BAD_RESPONSE', ctx, {
            status: res.status,
            details: { serviceMessage: `answer over ${Math.round(e.bytes / 1024)} KiB, not read` },
          }),
        );
      }
      throw new ApiFailure(transportError(e, d, opts, ctx));
    } finally {
      d.done();
    }
  }

  /**
   * Sends one request through ky (GETs re-sent there) and waits for its headers. An accepted answer comes back
   * with its deadline armed for reading the body; an error answer as its ApiError; anything else is thrown.
   */
  async function open(
    spec: EndpointSpec,
    opts: CallOptions,
    ctx: ErrorContext,
    init: { path?: string; json?: unknown; accept?: string },
  ): Promise<Opened> {
    const ms = opts.timeoutMs ?? spec.timeoutMs;
    const d = deadline(opts.signal);
    let sends = 0;
    let sentAt = 0;
    let verdict: Verdict | undefined;
    const judge = async (res: KyResponse): Promise<Verdict | undefined> => {
      const refusal = refused(spec, res, ctx);
      if (refusal || res.ok) {
        // A clone: ky keeps the original for the caller; this copy is not read.
        res.body?.cancel().catch(() => undefined);
        return refusal && { error: refusal, body: undefined };
      }
      // An error body past the cap is not read: the status alone tells the error.
      const body = parseBody(
        await d.guard(readBody(res)).catch((e: unknown) => {
          if (e instanceof BodyTooLarge) return '';
          throw e;
        }),
      );
      const error = errorFromResponse(res.status, body, res.headers, ctx);
      if (spec.method !== 'GET') return { error, body };
      const resendAfterSec = getResendWait(error, res, sends);
      if (resendAfterSec !== undefined && isRateLimit(error.code)) opts.onRateLimitWait?.(resendAfterSec);
      return { error, body, resendAfterSec };
    };
    try {
      const res = await d.guard(
        http[spec.api]((init.path ?? spec.path).replace(/^\//, ''), {
          method: spec.method,
          json: init.json,
          signal: d.signal,
          // Until the answer's headers, per attempt; the body is bounded by the same figure (afterResponse).
          timeout: ms,
          ...(init.accept && { headers: { accept: init.accept } }),
          retry: {
            // After an answer, the wait it asked for (or 0 when it is not to be re-sent, see beforeRetry);
            // after a network failure, ky's backoff.
            delay: (retry) => 1000 * (verdict ? (verdict.resendAfterSec ?? 0) : backoffSec(retry)),
          },
          hooks: {
            beforeRequest: [
              () => {
                sends++;
                sentAt = Date.now();
                verdict = undefined;
                // ky's timeout ends the wait for the headers; this one, a little later, is for a fetch that does
                // not honour ky's abort (ky's promise then never settles).
                d.arm(ms + BACKSTOP_MS);
              },
            ],
            afterResponse: [
              async (_request, _options, res) => {
                d.arm(Math.max(0, ms - (Date.now() - sentAt)));
                verdict = await judge(res);
              },
            ],
            beforeRetry: [
              () => {
                // A redirect, a wait too long to take, the last try: thrown here, ky does not send again.
                if (verdict && verdict.resendAfterSec === undefined) throw new ApiFailure(verdict.error);
              },
            ],
          },
        }),
      );
      // An ok answer refused by the afterResponse hook (from another origin: a fetch that followed a redirect).
      if (verdict) throw new ApiFailure(verdict.error);
      return { ok: true, res, d, ms };
    } catch (e) {
      d.done();
      const answered = e instanceof HTTPError || (e instanceof ApiFailure && e.error === verdict?.error);
      if (answered && verdict) return { ok: false, error: verdict.error, body: verdict.body };
      throw new ApiFailure(transportError(e, d, opts, ctx));
    }
  }

  /**
   * The one re-send ky is not asked to do: a POST the service answered with a 429 (not processed), after the wait
   * it named. Anything else a POST meets is final here: a charging call is never sent twice on a guess.
   */
  async function resendAfterRateLimit<T>(
    spec: EndpointSpec,
    opts: CallOptions,
    ctx: ErrorContext,
    once: () => Promise<T>,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      // Cancelled before anything was sent: certainly not charged.
      if (opts.signal?.aborted) throw new ApiFailure(makeApiError('ABORTED', { ...ctx, sent: false }));
      try {
        return await once();
      } catch (e) {
        const error = toApiError(e, ctx);
        const waitSec =
          spec.method === 'POST' && isRateLimit(error.code) && attempt < POST_RATE_LIMIT_RESENDS
            ? rateLimitWait(error)
            : undefined;
        if (waitSec === undefined) throw e instanceof ApiFailure ? e : new ApiFailure(error);
        opts.onRateLimitWait?.(waitSec);
        try {
          await sleep(waitSec * 1000, opts.signal);
        } catch {
          // A 429 was not processed: cancelling the wait charges nothing.
          throw new ApiFailure(makeApiError('ABORTED', { ...ctx, sent: false }));
        }
      }
    }
  }

  async function call<T>(
    name: EndpointName,
    schema: z.ZodType<T>,
    opts: CallOptions,
    init: { json?: unknown; path?: string; searched?: ProfileInput } = {},
    recover?: (error: ApiError, body: unknown) => T | undefined,
  ): Promise<T> {
    const spec = ENDPOINTS[name];
    const ctx = contextOf(spec, init.searched);
    return resendAfterRateLimit(spec, opts, ctx, async () => {
      const opened = await open(spec, opts, ctx, init);
      if (!opened.ok) {
        const recovered = recover?.(opened.error, opened.body);
        if (recovered !== undefined) return recovered;
        throw new ApiFailure(opened.error);
      }
      const { res, d } = opened;
      const parsed = schema.safeParse(parseBody(await readText(res, d, opts, ctx)));
      if (!parsed.success) {
        throw new ApiFailure(
          makeApiError('BAD_RESPONSE', ctx, {
            status: res.status,
            details: { serviceMessage: issuesText(parsed.error) },
          }),
        );
      }
      return parsed.data;
    });
  }

  const single =
    (name: EndpointName) =>
    (input: ProfileInput, opts: CallOptions = {}): Promise<SingleResult> => {
      const json = profileBody(input);
      return call(name, singleResponseSchema, opts, { json, searched: json }, (error, body) => {
        // Plus without its AI provider still delivers the Complete analysis, charged at 2 credits.
        if (error.code !== 'AI_SERVICE_UNAVAILABLE') return undefined;
        const parsed = singleResponseSchema.safeParse(body);
        return parsed.success ? { ...parsed.data, degraded: error } : undefined;
      });
    };

  const batch =
    (name: EndpointName) =>
    (profiles: ProfileInput[], opts: CallOptions = {}) => {
      if (profiles.length > MAX_BATCH_SIZE) {
        const ctx = { ...contextOf(ENDPOINTS[name]), sent: false };
        const details = { maxBatchSize: MAX_BATCH_SIZE, profilesRequested: profiles.length };
        return Promise.reject(new ApiFailure(makeApiError('BATCH_TOO_LARGE', ctx, { details })));
      }
      const json = { profiles: profiles.map((p) => profileBody(p)) };
      return call(name, batchResponseSchema, opts, { json });
    };

  const free =
    <T>(name: EndpointName, schema: z.ZodType<T>) =>
    (opts: CallOptions = {}) =>
      call(name, schema, opts);

  async function* chatStream(
    req: ChatRequest,
    opts: CallOptions = {},
  ): AsyncGenerator<string, void, undefined> {
    const spec = ENDPOINTS.chatStream;
    const ctx = contextOf(spec);
    const { res, d, ms } = await resendAfterRateLimit(spec, opts, ctx, async () => {
      const opened = await open(spec, opts, ctx, {
        json: { ...req, stream: true },
        accept: 'text/event-stream',
      });
      if (!opened.ok) throw new ApiFailure(opened.error);
      return opened;
    });
    if (!res.headers.get('content-type')?.includes('text/event-stream')) {
      // A server that ignored `stream: true` answers with one whole completion.
      const parsed = chatCompletionSchema.safeParse(parseBody(await readText(res, d, opts, ctx)));
      if (!parsed.success) throw new ApiFailure(makeApiError('BAD_RESPONSE', ctx, { status: res.status }));
      const content = parsed.data.choices[0]?.message.content;
      if (content) yield content;
      return;
    }
    if (!res.body) throw new ApiFailure(makeApiError('BAD_RESPONSE', ctx, { status: res.status }));
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser();
    let finished = false;
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await d.guard(reader.read());
        } catch (e) {
          throw new ApiFailure(transportError(e, d, opts, ctx));
        }
        // The timeout measures the service's silence, not the time the consumer spends on each delta.
        d.disarm();
        const events = chunk.done
          ? [...parser.push(decoder.decode()), ...parser.end()]
          : parser.push(decoder.decode(chunk.value, { stream: true }));
        for (const event of events) {
          // A line or an event past the parser's limits ends the stream, said as such: nothing after it is read,
          // and what came before it is kept by the caller.
          if (event.oversized) throw new ApiFailure(makeApiError('BAD_STREAM', ctx, { status: res.status }));
          if (event.data.trim() === '[DONE]') return;
          const data = parseBody(event.data);
          const parsed = chatChunkSchema.safeParse(data);
          if (!parsed.success) {
            if (errorBodies.MODEL.safeParse(data).success) {
              throw new ApiFailure(errorFromResponse(500, data, null, ctx));
            }
            continue;
          }
          for (const choice of parsed.data.choices) {
            if (choice.finish_reason) finished = true;
            if (choice.delta?.content) yield choice.delta.content;
          }
        }
        if (chunk.done) {
          if (finished) return;
          throw new ApiFailure(makeApiError('NETWORK', ctx));
        }
        d.arm(ms);
      }
    } finally {
      d.done();
      reader.cancel().catch(() => undefined);
    }
  }

  return {
    crmBasico: single('crmBasico'),
    crm: single('crm'),
    crmPlus: single('crmPlus'),
    analisarExtensaoChrome: single('analisarExtensaoChrome'),
    analyze: single('analyze'),
    analyzeComprehensive: single('analyzeComprehensive'),
    crmBasicoBatch: batch('crmBasicoBatch'),
    crmBatch: batch('crmBatch'),
    crmPlusBatch: batch('crmPlusBatch'),
    creditos: free('creditos', creditosSchema),
    tiersDisponiveis: free('tiersDisponiveis', tiersSchema),
    health: free('health', healthSchema),
    status: free('status', statusSchema),
    models: { list: free('modelsList', modelListSchema) },
    chatStream,
    embeddings: (req: EmbeddingRequest, opts: CallOptions = {}) =>
      call('embeddings', embeddingListSchema, opts, { json: req }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
