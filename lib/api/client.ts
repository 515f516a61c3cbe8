import ky from 'ky';
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
import { errorFromResponse } from './response-errors';
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
import { parseBody } from './json';
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

/** A 429 means the request was not processed: it is re-sent after Retry-After, at most this often. */
const RATE_LIMIT_RETRIES = 2;
/** A longer Retry-After is reported to the user instead of waited for. */
const MAX_AUTO_WAIT_SEC = 30;

/** Idempotent GETs are re-sent after a network failure or a 5xx. */
const GET_RETRIES = 2;

interface Deadline {
  signal: AbortSignal;
  arm(): void;
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
 * Our own timer rather than ky's: ky's timeout stops at the response headers and is not an idle timer. The
 * caller's signal is followed by a listener rather than AbortSignal.any: a listener also keeps a caller's
 * AbortSignal.timeout alive until it fires, which some runtimes (Node 20) do not do for AbortSignal.any.
 */
function deadline(ms: number, outer: AbortSignal | undefined): Deadline {
  const ctl = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let expired = false;
  const disarm = () => clearTimeout(timer);
  const arm = () => {
    disarm();
    timer = setTimeout(() => {
      expired = true;
      ctl.abort(new DOMException('The service took too long', 'TimeoutError'));
    }, ms);
  };
  const follow = () => ctl.abort(outer?.reason);
  if (outer?.aborted) follow();
  else outer?.addEventListener('abort', follow, { once: true });
  arm();
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

/** Never a `__proto__` key in what the schemas read (see ./json). */
const parseJson = parseBody;

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

export function createApiClient(options: ApiClientOptions) {
  for (const url of [options.baseUrl, options.llmBaseUrl]) {
    if (!isAllowedApiOrigin(url)) throw new Error(`API address not allowed: ${url}`);
  }
  // What ky does here: the prefix URL of each API, its headers (the key), JSON bodies and search params.
  // What it deliberately does not do, and why:
  //  - `retry: 0`: ky re-sends by method and status; the rule here is about money (`withRetries`): a charging
  //    POST is re-sent only after a 429 (the service said it did not process it), with a bounded Retry-After that
  //    the batch pacer is told about; free GETs also after a network failure or a 5xx; nothing after a timeout.
  //  - `timeout: false`: ky's timeout ends at the response headers; `deadline` also covers reading the body and
  //    the idle gaps of a stream, per endpoint (lib/api/endpoints.ts).
  //  - `throwHttpErrors: false`: an error answer is data to read (capped, `__proto__` dropped) and map with the
  //    charging context (lib/api/response-errors.ts), not an HTTPError with its body unread.
  // Redirects are never followed: the key and the person's name go to the configured origin or nowhere (the
  // browser strips only Authorization on a cross-origin redirect, never x-api-key). Keyed answers are never
  // taken from nor kept in the HTTP cache: a cached /creditos would answer for another key.
  const common = {
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    fetch: options.fetch,
    redirect: 'manual',
    cache: 'no-store',
  } as const;
  const origins = { profile: new URL(options.baseUrl).origin, model: new URL(options.llmBaseUrl).origin };

  /** A redirect (opaque in a browser, a 3xx elsewhere) or an answer from another origin is refused. */
  function checkOrigin(spec: EndpointSpec, res: Response, ctx: ErrorContext): void {
    const redirected = res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400);
    let foreign = false;
    try {
      foreign = res.url !== '' && new URL(res.url).origin !== origins[spec.api];
    } catch {
      foreign = true;
    }
    if (redirected || foreign || res.redirected) {
      // The configured service answered with a redirect instead of processing the request.
      throw new ApiFailure(
        makeApiError('REDIRECTED', { ...ctx, sent: false }, { status: res.status || undefined }),
      );
    }
  }
  const http = {
    profile: ky.create({
      ...common,
      prefixUrl: options.baseUrl,
      headers: { accept: 'application/json', ...(options.apiKey && { 'x-api-key': options.apiKey }) },
    }),
    model: ky.create({
      ...common,
      prefixUrl: options.llmBaseUrl,
      headers: { accept: 'application/json', authorization: `Bearer ${options.llmApiKey ?? options.apiKey}` },
    }),
  };

  const contextOf = (spec: EndpointSpec, searched?: ProfileInput): ErrorContext => ({
    charging: spec.charging,
    api: spec.api,
    endpoint: spec.path,
    ...(searched && { searched }),
  });

  function transportError(e: unknown, d: Deadline, opts: CallOptions, ctx: ErrorContext): ApiError {
    if (e instanceof ApiFailure) return e.error;
    if (d.timedOut()) return makeApiError('TIMEOUT', ctx);
    if (opts.signal?.aborted) {
      const reason: unknown = opts.signal.reason;
      return makeApiError(
        reason instanceof DOMException && reason.name === 'TimeoutError' ? 'TIMEOUT' : 'ABORTED',
        ctx,
      );
    }
    return toApiError(e, ctx);
  }

  function send(spec: EndpointSpec, path: string, json: unknown, signal: AbortSignal, accept?: string) {
    return http[spec.api](path.replace(/^\//, ''), {
      method: spec.method,
      json,
      signal,
      ...(accept && { headers: { accept } }),
    });
  }

  /**
   * A charging request is re-sent only when the service said it did not process it (429). Free GETs may also be
   * re-sent after a network failure or a 5xx. Nothing is re-sent after a timeout or a dropped POST.
   */
  async function withRetries<T>(
    spec: EndpointSpec,
    opts: CallOptions,
    ctx: ErrorContext,
    once: () => Promise<T>,
  ) {
    for (let attempt = 0; ; attempt++) {
      // Cancelled before anything was sent: certainly not charged.
      if (opts.signal?.aborted) throw new ApiFailure(makeApiError('ABORTED', { ...ctx, sent: false }));
      try {
        return await once();
      } catch (e) {
        const error = toApiError(e, ctx);
        const waitSec = retryWait(spec, error, attempt);
        if (waitSec === undefined) throw e instanceof ApiFailure ? e : new ApiFailure(error);
        if (isRateLimit(error.code)) opts.onRateLimitWait?.(waitSec);
        try {
          await sleep(waitSec * 1000, opts.signal);
        } catch {
          // Only a 429 ("not processed") or a free GET waits here: cancelling the wait charges nothing.
          throw new ApiFailure(makeApiError('ABORTED', { ...ctx, sent: false }));
        }
      }
    }
  }

  function retryWait(spec: EndpointSpec, error: ApiError, attempt: number): number | undefined {
    if (isRateLimit(error.code)) {
      const sec = error.retryAfterSec ?? 1;
      return attempt < RATE_LIMIT_RETRIES && sec <= MAX_AUTO_WAIT_SEC ? sec : undefined;
    }
    const transient = error.code === 'NETWORK' || (error.status !== undefined && error.status >= 500);
    return spec.method === 'GET' && transient && attempt < GET_RETRIES ? 0.3 * 2 ** attempt : undefined;
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
    return withRetries(spec, opts, ctx, async () => {
      const d = deadline(opts.timeoutMs ?? spec.timeoutMs, opts.signal);
      let res: Response;
      let text: string;
      try {
        res = await d.guard(send(spec, init.path ?? spec.path, init.json, d.signal));
        checkOrigin(spec, res, ctx);
        text = await d.guard(res.text());
      } catch (e) {
        throw new ApiFailure(transportError(e, d, opts, ctx));
      } finally {
        d.done();
      }
      const body = parseJson(text);
      if (!res.ok) {
        const error = errorFromResponse(res.status, body, res.headers, ctx);
        const recovered = recover?.(error, body);
        if (recovered !== undefined) return recovered;
        throw new ApiFailure(error);
      }
      const parsed = schema.safeParse(body);
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
    const { res, d } = await withRetries(spec, opts, ctx, async () => {
      const d = deadline(opts.timeoutMs ?? spec.timeoutMs, opts.signal);
      let res: Response;
      try {
        res = await d.guard(send(spec, spec.path, { ...req, stream: true }, d.signal, 'text/event-stream'));
        checkOrigin(spec, res, ctx);
        if (!res.ok) {
          const body = parseJson(await d.guard(res.text()));
          throw new ApiFailure(errorFromResponse(res.status, body, res.headers, ctx));
        }
      } catch (e) {
        d.done();
        throw new ApiFailure(transportError(e, d, opts, ctx));
      }
      return { res, d };
    });
    if (!res.headers.get('content-type')?.includes('text/event-stream')) {
      // A server that ignored `stream: true` answers with one whole completion.
      let text: string;
      try {
        text = await d.guard(res.text());
      } catch (e) {
        throw new ApiFailure(transportError(e, d, opts, ctx));
      } finally {
        d.done();
      }
      const parsed = chatCompletionSchema.safeParse(parseJson(text));
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
          // A line or an event past the parser's limits: what came before it is kept by the caller.
          if (event.oversized)
            throw new ApiFailure(makeApiError('BAD_RESPONSE', ctx, { status: res.status }));
          if (event.data.trim() === '[DONE]') return;
          const data = parseJson(event.data);
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
        d.arm();
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
