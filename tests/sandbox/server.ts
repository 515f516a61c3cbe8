/**
 * The sandbox: the whole service on one local origin. The profile API is at the root, the model API
 * under /v1 and the admin API for tests under /__sandbox/.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAdmin } from './admin';
import { ANALYSIS_ENDPOINTS } from './endpoints';
import { modelError, payloadTooLarge } from './errors';
import { readBody, sendJson, type SandboxRequest } from './http';
import { handleInfo } from './info-api';
import { handleModelApi } from './model-api';
import { handleOversize } from './oversize';
import { handleAnalysis } from './profile-api';
import { SandboxState } from './state';

export interface SandboxOptions {
  port?: number;
  host?: string;
  /** Multiplies the contract's typical response times; 1 is realistic. Default 0.01. */
  latencyScale?: number;
  /** Clock in ms since the epoch, for tests of caches and rate limits. */
  now?: () => number;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:8787, without a trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
}

const ALLOWED_HEADERS = 'x-api-key, authorization, content-type';
const EXPOSED_HEADERS = 'retry-after, server-timing, x-request-id, x-cache, age';

/** Requests each connection has served: a reused (keep-alive) connection has served at least one. */
const servedBy = new WeakMap<object, number>();
function servedBefore(incoming: IncomingMessage): number {
  const before = servedBy.get(incoming.socket) ?? 0;
  servedBy.set(incoming.socket, before + 1);
  return before;
}

async function route(state: SandboxState, req: SandboxRequest, res: ServerResponse): Promise<void> {
  if (await handleOversize(state, req, res)) return;
  if (req.path.startsWith('/__sandbox/')) return handleAdmin(state, req, res);
  // The redirect fault: the API answers 3xx towards another origin, as a hijacked or misconfigured host would.
  const redirect = state.takeRedirect(req.path);
  if (redirect) {
    const query = req.query.toString();
    res.writeHead(redirect.status, { location: `${redirect.to}${req.path}${query ? `?${query}` : ''}` });
    return void res.end();
  }
  if (req.path === '/v1' || req.path.startsWith('/v1/')) {
    // The model API's writing calls are logged too (by their key), so a test sees a draft written twice.
    if (req.method === 'POST') {
      const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1] ?? null;
      state.logRequest({ at: state.now(), method: req.method, path: req.path, api_key: bearer, body: null });
    }
    return handleModelApi(state, req, res);
  }
  const endpoint = ANALYSIS_ENDPOINTS.find((e) => e.path === req.path);
  if (endpoint) {
    // Logged on arrival, before any latency: the log shows what was on the wire and when.
    const key = req.headers['x-api-key'];
    let body: unknown = req.body.toString('utf8');
    try {
      body = JSON.parse(body as string);
    } catch {
      // kept as text
    }
    state.logRequest({
      at: state.now(),
      method: req.method,
      path: req.path,
      api_key: typeof key === 'string' ? key : null,
      body,
    });
    return handleAnalysis(state, endpoint, req, res);
  }
  if (handleInfo(state, req, res)) return;
  sendJson(res, 404, { error: 'Not Found', message: `Endpoint desconhecido: ${req.method} ${req.path}` });
}

async function handle(state: SandboxState, incoming: IncomingMessage, res: ServerResponse): Promise<void> {
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
  res.setHeader('timing-allow-origin', '*');
  if (incoming.method === 'OPTIONS') {
    res.writeHead(204, {
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      // The client libraries add headers of their own (the openai client does): allow what is asked too.
      'access-control-allow-headers': [ALLOWED_HEADERS, incoming.headers['access-control-request-headers']]
        .filter(Boolean)
        .join(', '),
      'access-control-max-age': '600',
    });
    return void res.end();
  }
  const url = new URL(incoming.url ?? '/', 'http://sandbox');
  const body = await readBody(incoming);
  if (body === null) {
    const tooLarge = url.pathname.startsWith('/v1/')
      ? modelError('invalid_request', 'O corpo da requisição excede 1 MB')
      : payloadTooLarge();
    return sendJson(res, 413, tooLarge, { connection: 'close' });
  }
  await route(
    state,
    {
      method: incoming.method ?? 'GET',
      path: url.pathname.replace(/(.)\/+$/, '$1'),
      query: url.searchParams,
      headers: incoming.headers,
      body,
      origin: `http://${incoming.headers.host ?? 'localhost'}`,
      served: servedBefore(incoming),
    },
    res,
  );
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const state = new SandboxState(options.latencyScale ?? 0.01, options.now ?? Date.now);
  const server = createServer((req, res) => {
    handle(state, req, res).catch((error: unknown) => {
      // The sandbox must survive anything a client sends; report instead of crashing.
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { error: 'Internal Server Error', message: String(error) });
    });
  });
  // Idle connections stay open a minute, as production servers' do: the browser reuses them (keep-alive).
  server.keepAliveTimeout = 65_000;
  state.closeIdleConnections = () => server.closeIdleConnections();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
