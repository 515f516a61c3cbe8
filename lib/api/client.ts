import ky, { type KyInstance } from 'ky';
import type { z } from 'zod';
import { isAllowedApiOrigin } from './config';
import { ENDPOINTS, MAX_BATCH_SIZE, type EndpointName, type EndpointSpec } from './endpoints';
import { ApiFailure, makeApiError, type ApiError, type ErrorContext } from './errors';
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
import {
  GET_RETRIES,
  GET_RETRY_STATUSES,
  open,
  readText,
  resendAfterRateLimit,
  transportError,
  type CallOptions,
  type Transport,
} from './transport';

export { ENDPOINTS };
export type { CallOptions };

export interface ApiClientOptions {
  baseUrl: string;
  /** Where /v1 lives. */
  llmBaseUrl: string;
  apiKey: string;
  /** The model API key, when it differs from the profile API key. */
  llmApiKey?: string;
  fetch?: typeof globalThis.fetch;
}

/** A single analysis; `degraded` is set when Plus fell back to the Complete analysis (503, 2 credits). */
export type SingleResult = SingleResponse & { degraded?: ApiError };

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

/** What an error of a call to `spec` says it was (and whom it searched, for a profile call). */
const contextOf = (spec: EndpointSpec, searched?: ProfileInput): ErrorContext => ({
  charging: spec.charging,
  api: spec.api,
  endpoint: spec.path,
  ...(searched && { searched }),
});

/** One call by name: sent (a POST re-sent only after a 429), its answer read and checked against `schema`. */
async function call<T>(
  t: Transport,
  name: EndpointName,
  schema: z.ZodType<T>,
  opts: CallOptions,
  init: { json?: unknown; path?: string; searched?: ProfileInput } = {},
  recover?: (error: ApiError, body: unknown) => T | undefined,
): Promise<T> {
  const spec = ENDPOINTS[name];
  const ctx = contextOf(spec, init.searched);
  return resendAfterRateLimit(spec, opts, ctx, async () => {
    const opened = await open(t, spec, opts, ctx, init);
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

/** The model's answer as it streams in, delta by delta; the stream is bounded by its longest silence. */
async function* streamChat(
  t: Transport,
  req: ChatRequest,
  opts: CallOptions,
): AsyncGenerator<string, void, undefined> {
  const spec = ENDPOINTS.chatStream;
  const ctx = contextOf(spec);
  const { res, d, ms } = await resendAfterRateLimit(spec, opts, ctx, async () => {
    const opened = await open(t, spec, opts, ctx, {
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

/**
 * The calls the extension makes, by name (lib/api/endpoints.ts); tests add the rest of the contract
 * (tests/unit/api/test-calls.ts).
 *
 * What ky does here: the prefix URL of each API, the key (a beforeRequest hook, for the configured origin only),
 * JSON bodies, the wait for the answer's headers (`timeout`, per endpoint), reading every answer before anything
 * else sees it (an afterResponse hook: an error answer becomes an ApiError there, and the GET re-send decision is
 * made from it), and re-sending GETs (`retry`, ./transport.ts). What it deliberately does not do, and why:
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
  const t: Transport = {
    origins,
    http: {
      profile: instance('profile', options.baseUrl, options.apiKey ? ['x-api-key', options.apiKey] : null),
      model: instance('model', options.llmBaseUrl, [
        'authorization',
        `Bearer ${options.llmApiKey ?? options.apiKey}`,
      ]),
    },
  };

  const single =
    (name: EndpointName) =>
    (input: ProfileInput, opts: CallOptions = {}): Promise<SingleResult> => {
      const json = profileBody(input);
      return call(t, name, singleResponseSchema, opts, { json, searched: json }, (error, body) => {
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
      return call(t, name, batchResponseSchema, opts, { json });
    };

  const free =
    <T>(name: EndpointName, schema: z.ZodType<T>) =>
    (opts: CallOptions = {}) =>
      call(t, name, schema, opts);

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
    chatStream: (req: ChatRequest, opts: CallOptions = {}): AsyncGenerator<string, void, undefined> =>
      streamChat(t, req, opts),
    embeddings: (req: EmbeddingRequest, opts: CallOptions = {}) =>
      call(t, 'embeddings', embeddingListSchema, opts, { json: req }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
