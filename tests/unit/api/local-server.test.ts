import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, ENDPOINTS, type CallOptions } from '@/lib/api/client';
import { toApiError, type ApiError } from '@/lib/api/errors';
import type { ProfileInput } from '@/lib/api/schemas';

/*
 * What the sandbox cannot do on purpose: answer garbage, fail a free or /v1 endpoint, break a stream, and show
 * exactly what the client sent. A tiny local server answers each path with whatever the test scripted.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
type Script = (res: ServerResponse, attempt: number) => void;

const seen: Seen[] = [];
const scripts = new Map<string, Script>();
let base = '';

const json =
  (status: number, value: unknown, headers: Record<string, string> = {}): Script =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(value));
  };
const sse =
  (events: string[], end = true): Script =>
  (res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const e of events) res.write(e);
    if (end) res.end();
  };
const chunk = (content: string, finish: string | null = null) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const attempt = seen.filter((s) => s.url === req.url).length;
    const script =
      scripts.get(req.url ?? '') ?? json(200, { analise: { cargo: 'CFO' }, data: [], object: 'list' });
    script(res, attempt);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  scripts.clear();
});

const client = (fetch?: typeof globalThis.fetch) =>
  createApiClient({
    baseUrl: base,
    llmBaseUrl: base,
    apiKey: 'complete_api_local',
    llmApiKey: 'llm_key',
    fetch,
  });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return toApiError(e);
  }
  throw new Error('expected a failure');
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
}

const input: ProfileInput = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };
const chatReq = { model: 'service-chat', messages: [{ role: 'user', content: 'Oi' }] };

describe('unreadable answers', () => {
  it('an unparseable body on a charging endpoint is BAD_RESPONSE with an unknown charge', async () => {
    scripts.set('/crm', (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('<html>502 Bad Gateway</html>');
    });
    const error = await failure(client().crm(input));
    expect(error).toMatchObject({
      code: 'BAD_RESPONSE',
      status: 200,
      charged: 'unknown',
      action: 'check_credits',
    });
    expect(seen).toHaveLength(1);
  });

  it('valid JSON of the wrong shape is BAD_RESPONSE too', async () => {
    scripts.set('/crm_basico', json(200, { resultado: 'sem analise' }));
    const error = await failure(client().crmBasico(input));
    expect(error).toMatchObject({ code: 'BAD_RESPONSE', charged: 'unknown' });
    expect(error.details?.serviceMessage).toContain('analise');
  });

  it('on a free endpoint nothing was charged', async () => {
    scripts.set('/status', (res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('online');
    });
    scripts.set('/v1/models', json(200, { object: 'list', data: [{ object: 'model' }] }));
    expect(await failure(client().status())).toMatchObject({
      code: 'BAD_RESPONSE',
      charged: 'no',
      action: 'retry',
    });
    expect(await failure(client().models.list())).toMatchObject({ code: 'BAD_RESPONSE', charged: 'no' });
  });

  it('a connection refused before sending is NETWORK, not charged', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const dead = createApiClient({ baseUrl: `http://127.0.0.1:${port}`, llmBaseUrl: base, apiKey: 'k' });
    expect(await failure(dead.crmPlus(input))).toMatchObject({
      code: 'NETWORK',
      charged: 'no',
      action: 'retry',
    });
  });
});

describe('retries of free GETs', () => {
  it('re-sends a free GET after a 5xx', async () => {
    scripts.set('/status', (res, attempt) =>
      attempt === 1
        ? json(502, { error: 'Bad Gateway' })(res, attempt)
        : json(200, { status: 'online' })(res, attempt),
    );
    expect((await client().status()).status).toBe('online');
    expect(seen.map((s) => s.url)).toEqual(['/status', '/status']);
  });

  it('gives up after two retries', async () => {
    scripts.set('/health', json(500, { error: 'Internal' }));
    expect(await failure(client().health())).toMatchObject({
      code: 'SERVER_ERROR',
      status: 500,
      charged: 'no',
    });
    expect(seen).toHaveLength(3);
  });

  it('never re-sends a charging POST after a 5xx', async () => {
    scripts.set('/crm_basico', json(502, { error: 'Bad Gateway' }));
    expect(await failure(client().crmBasico(input))).toMatchObject({
      code: 'SERVER_ERROR',
      charged: 'unknown',
      action: 'check_credits',
    });
    expect(seen).toHaveLength(1);
  });
});

describe('ky re-sends GETs, after the wait the answer asks for', () => {
  /** Answers `first` to the first request of a path, then 200 with `ok`. */
  const once =
    (first: Script, ok: unknown): Script =>
    (res, attempt) =>
      attempt === 1 ? first(res, attempt) : json(200, ok)(res, attempt);
  const elapsed = async (p: Promise<unknown>) => {
    const started = Date.now();
    await p;
    return Date.now() - started;
  };

  it('a 429 with Retry-After: waits it, then the GET is sent again (and the wait is told)', async () => {
    scripts.set(
      '/creditos',
      once(json(429, { error: 'Too Many Requests' }, { 'retry-after': '1' }), { creditos_disponiveis: 7 }),
    );
    const waits: number[] = [];
    const ms = await elapsed(client().creditos({ onRateLimitWait: (s) => waits.push(s) }));
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(waits).toEqual([1]);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /creditos', 'GET /creditos']);
  });

  it('a 503 with Retry-After as an HTTP date: waits until then, then sends again', async () => {
    const at = new Date(Date.now() + 2_000).toUTCString();
    scripts.set(
      '/status',
      once(json(503, { error: 'Unavailable' }, { 'retry-after': at }), { status: 'online' }),
    );
    const ms = await elapsed(client().status());
    expect(ms).toBeGreaterThanOrEqual(500);
    expect(seen).toHaveLength(2);
  });

  it('an unreadable Retry-After is not read as a long wait: 1 s, as for a 429 that names none', async () => {
    scripts.set(
      '/v1/models',
      once(json(429, { error: { type: 'rate_limit_exceeded' } }, { 'retry-after': 'soon' }), {
        object: 'list',
        data: [],
      }),
    );
    const ms = await elapsed(client().models.list());
    expect(ms).toBeGreaterThanOrEqual(950);
    expect(ms).toBeLessThan(5_000);
    expect(seen).toHaveLength(2);
  });

  it('a wait longer than the client takes is not waited for: the error tells when to come back', async () => {
    scripts.set('/creditos', json(429, { error: 'Too Many Requests' }, { 'retry-after': '3600' }));
    const started = Date.now();
    const error = await failure(client().creditos());
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSec: 3600, charged: 'no' });
    expect(error.retryAt).toBeGreaterThan(Date.now() + 3_000_000);
    expect(seen).toHaveLength(1);
  });

  it('a 503 asking for a long pause is not sent again either', async () => {
    scripts.set('/health', json(503, { error: 'Maintenance' }, { 'retry-after': '600' }));
    expect(await failure(client().health())).toMatchObject({ code: 'SERVER_ERROR', status: 503 });
    expect(seen).toHaveLength(1);
  });
});

describe('a POST is never re-sent by ky', () => {
  it('every charging endpoint is a POST (ky re-sends GETs only)', () => {
    const charging = Object.values(ENDPOINTS).filter((e) => e.charging);
    expect(charging.length).toBeGreaterThan(0);
    for (const e of charging) expect(e.method, e.path).toBe('POST');
  });

  for (const status of [408, 500, 502, 503, 504]) {
    it(`a charging POST answered ${status} (with Retry-After) is sent once`, async () => {
      scripts.set('/crm_basico', json(status, { error: 'falhou' }, { 'retry-after': '1' }));
      const error = await failure(client().crmBasico(input));
      expect(error.status).toBe(status);
      expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['POST /crm_basico']);
    });
  }

  it('a free POST of the model API answered 503 with Retry-After is sent once too', async () => {
    scripts.set('/v1/embeddings', json(503, { error: { type: 'server_error' } }, { 'retry-after': '1' }));
    expect(await failure(client().embeddings({ model: 'service-embedding', input: 'oi' }))).toMatchObject({
      code: 'server_error',
    });
    expect(seen).toHaveLength(1);
  });

  it('a dropped POST is sent once; a dropped GET is sent again', async () => {
    const drop: Script = (res) => res.socket?.destroy();
    scripts.set('/crm', drop);
    expect(await failure(client().crm(input))).toMatchObject({ code: 'NETWORK', charged: 'unknown' });
    expect(seen).toHaveLength(1);
    scripts.set('/creditos', (res, attempt) =>
      attempt === 1 ? drop(res, attempt) : json(200, { creditos_disponiveis: 3 })(res, attempt),
    );
    expect((await client().creditos()).creditos_disponiveis).toBe(3);
    expect(seen.map((s) => s.url)).toEqual(['/crm', '/creditos', '/creditos']);
  });
});

describe('each endpoint waits its own time (lib/api/endpoints.ts)', () => {
  /** A service that never answers but, as a real fetch, reads the request and honours its signal. */
  const silent = () =>
    client(async (req) => {
      const request = req as Request;
      await request.text();
      return new Promise<Response>((_, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
      );
    });
  const calls = {
    creditos: (o: CallOptions) => silent().creditos(o),
    crmBasico: (o: CallOptions) => silent().crmBasico(input, o),
    crmPlus: (o: CallOptions) => silent().crmPlus(input, o),
    crmPlusBatch: (o: CallOptions) => silent().crmPlusBatch([input], o),
    embeddings: (o: CallOptions) => silent().embeddings({ model: 'service-embedding', input: 'x' }, o),
  } as const;

  /** What `run` ends with when the clock is moved `ms` on (undefined: still waiting), then `more` ms further. */
  async function withClock(run: () => Promise<unknown>, ms: number, more: number) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      let outcome: ApiError | undefined;
      const p = failure(run()).then((e) => (outcome = e));
      await vi.advanceTimersByTimeAsync(ms);
      const before = outcome;
      await vi.advanceTimersByTimeAsync(more);
      await p;
      return { before, after: outcome };
    } finally {
      vi.useRealTimers();
    }
  }

  for (const [name, run] of Object.entries(calls)) {
    const spec = ENDPOINTS[name as keyof typeof calls];
    it(`${name}: still waiting at ${spec.timeoutMs - 1} ms, TIMEOUT at ${spec.timeoutMs} ms`, async () => {
      const { before, after } = await withClock(() => run({}), spec.timeoutMs - 1, 1);
      expect(before).toBeUndefined();
      expect(after?.code).toBe('TIMEOUT');
      // A charging call may have been processed: its charge is unknown, never assumed.
      expect(after?.charged).toBe(spec.charging ? 'unknown' : 'no');
    });
  }

  it('the timeouts differ by endpoint, as the contract’s typical times do', () => {
    expect(ENDPOINTS.crmPlus.timeoutMs).toBeGreaterThan(ENDPOINTS.crmBasico.timeoutMs);
    expect(ENDPOINTS.crmBasico.timeoutMs).toBeGreaterThan(ENDPOINTS.creditos.timeoutMs);
  });

  it('a caller’s timeoutMs replaces the endpoint’s', async () => {
    const { before, after } = await withClock(() => silent().crmPlus(input, { timeoutMs: 500 }), 499, 1);
    expect(before).toBeUndefined();
    expect(after?.code).toBe('TIMEOUT');
  });
});

describe('model API failures the sandbox does not produce', () => {
  it('maps a 500 to server_error', async () => {
    scripts.set(
      '/v1/chat/completions',
      json(500, { error: { message: 'boom', type: 'server_error', code: 'server_error' } }),
    );
    expect(
      await failure(
        (async () => {
          for await (const _ of client().chatStream(chatReq)) void _;
        })(),
      ),
    ).toMatchObject({
      code: 'server_error',
      status: 500,
      action: 'retry',
    });
    expect(seen).toHaveLength(1);
  });

  it('a stream cut before its end is NETWORK; an error event is the model error', async () => {
    scripts.set('/v1/chat/completions', sse([chunk('Olá'), chunk(', Ana')]));
    const cut: string[] = [];
    const error = await failure(
      (async () => {
        for await (const d of client().chatStream(chatReq)) cut.push(d);
      })(),
    );
    expect(cut).toEqual(['Olá', ', Ana']);
    expect(error.code).toBe('NETWORK');

    scripts.set(
      '/v1/chat/completions',
      sse([
        chunk('Olá'),
        `data: ${JSON.stringify({ error: { message: 'limite', type: 'rate_limit_exceeded' } })}\n\n`,
      ]),
    );
    expect(await failure(collect(client().chatStream(chatReq)))).toMatchObject({
      code: 'rate_limit_exceeded',
    });
  });

  it('a stream ended by finish_reason without [DONE] is complete; malformed events are skipped', async () => {
    scripts.set(
      '/v1/chat/completions',
      sse([chunk('Olá'), 'data: {not json}\n\n', ': ping\n\n', chunk('!', 'stop')]),
    );
    expect(await collect(client().chatStream(chatReq))).toEqual(['Olá', '!']);
  });

  it('a silent stream times out on its idle timer, not on a total one', async () => {
    scripts.set('/v1/chat/completions', (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      // Deltas every 40 ms for 480 ms in all: longer than the 300 ms idle timeout, never silent that long.
      let n = 0;
      const timer = setInterval(() => {
        if (res.destroyed) return clearInterval(timer);
        n++;
        res.write(chunk(String(n)));
        if (n === 12) {
          clearInterval(timer);
          res.end('data: [DONE]\n\n');
        }
      }, 40);
    });
    expect(await collect(client().chatStream(chatReq, { timeoutMs: 300 }))).toHaveLength(12);

    scripts.set('/v1/chat/completions', sse([chunk('Olá')], false));
    const deltas: string[] = [];
    const error = await failure(
      (async () => {
        for await (const d of client().chatStream(chatReq, { timeoutMs: 150 })) deltas.push(d);
      })(),
    );
    expect(deltas).toEqual(['Olá']);
    expect(error.code).toBe('TIMEOUT');
  });

  it('a server that ignores stream: true still gives the content', async () => {
    scripts.set(
      '/v1/chat/completions',
      json(200, {
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Tudo' } }],
      }),
    );
    expect(await collect(client().chatStream(chatReq))).toEqual(['Tudo']);
  });
});

describe('what leaves the browser', () => {
  it('sends only the four Portuguese input fields, trimmed, with x-api-key', async () => {
    const fromPage = {
      primeiro_nome: ' Ana ',
      ultimo_nome: '',
      empresa: 'Nubank ',
      contexto_adicional: 'Head de Vendas',
      url: 'https://www.linkedin.com/in/ana',
      pageText: '<html>…</html>',
    } as ProfileInput;
    await client().crmBasico(fromPage);
    const [request] = seen;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/crm_basico');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      primeiro_nome: 'Ana',
      empresa: 'Nubank',
      contexto_adicional: 'Head de Vendas',
    });
    expect(request?.headers['x-api-key']).toBe('complete_api_local');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.headers['content-type']).toContain('application/json');
  });

  it('batch items carry nothing beyond the four fields', async () => {
    const profiles = [
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank', cargo: 'CFO' },
      {
        primeiro_nome: 'Rui',
        empresa: 'Stone',
        contexto_adicional: ' ',
        linkedin: 'https://www.linkedin.com/in/rui',
      },
    ] as unknown as ProfileInput[];
    await failure(client().crmBatch(profiles));
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({
      profiles: [
        { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
        { primeiro_nome: 'Rui', empresa: 'Stone' },
      ],
    });
  });

  it('the model API gets a Bearer token and no x-api-key', async () => {
    await client().embeddings({ model: 'service-embedding', input: 'oi' });
    expect(seen[0]?.url).toBe('/v1/embeddings');
    expect(seen[0]?.headers.authorization).toBe('Bearer llm_key');
    expect(seen[0]?.headers['x-api-key']).toBeUndefined();
  });

  it('refuses to send the key to a plain-http remote address', () => {
    expect(() =>
      createApiClient({ baseUrl: 'http://api.example.com', llmBaseUrl: base, apiKey: 'k' }),
    ).toThrow();
  });
});

describe('a fetch that does not honour its abort signal', () => {
  // Node's own fetch can lose a Request's signal to garbage collection; timeouts and cancelling must not rely on it.
  const deaf = () => client(() => new Promise<Response>(() => undefined));

  it('still times out, with the charge unknown', async () => {
    expect(await failure(deaf().crm(input, { timeoutMs: 50 }))).toMatchObject({
      code: 'TIMEOUT',
      charged: 'unknown',
    });
    expect(
      (await failure(deaf().chatStream(chatReq, { timeoutMs: 50 })[Symbol.asyncIterator]().next())).code,
    ).toBe('TIMEOUT');
  });

  it('still stops at once when the caller cancels, or when the caller’s own timeout signal fires', async () => {
    const ctl = new AbortController();
    setTimeout(() => ctl.abort(), 20);
    expect((await failure(deaf().crm(input, { signal: ctl.signal }))).code).toBe('ABORTED');
    expect((await failure(deaf().crm(input, { signal: AbortSignal.timeout(20) }))).code).toBe('TIMEOUT');
  });
});
