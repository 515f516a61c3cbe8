/** Shared set-up of the sandbox tests: one sandbox per file, reset before each test, and HTTP helpers. */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { NewAccount } from './accounts';
import { startSandbox, type RunningSandbox, type SandboxOptions } from './server';
import type { Faults } from './state';

// Response bodies are checked field by field; a loose type keeps the assertions readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Reply {
  status: number;
  headers: Headers;
  body: Json;
}

export interface CallOptions {
  method?: string;
  key?: string;
  body?: unknown;
  /** Sent as is, instead of JSON-encoding `body`. */
  raw?: string;
  headers?: Record<string, string>;
}

export const person = (primeiro_nome: string, ultimo_nome: string, empresa: string) => ({
  primeiro_nome,
  ultimo_nome,
  empresa,
});

/** A controllable clock, for caches and rate limits. */
export function testClock(start = Date.parse('2026-03-10T12:00:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

export function setupSandbox(options: Omit<SandboxOptions, 'port'> = {}) {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, latencyScale: 0.001, ...options });
  });
  afterAll(() => sandbox.close());

  async function call(path: string, opts: CallOptions = {}): Promise<Reply> {
    const hasBody = opts.raw !== undefined || opts.body !== undefined;
    const res = await fetch(sandbox.url + path, {
      method: opts.method ?? (hasBody ? 'POST' : 'GET'),
      headers: {
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
        ...(opts.key === undefined ? {} : { 'x-api-key': opts.key }),
        ...opts.headers,
      },
      body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    const text = await res.text();
    let body: Json = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (e.g. a stream): keep the text.
    }
    return { status: res.status, headers: res.headers, body };
  }

  const admin = {
    account: async (spec: NewAccount): Promise<string> =>
      (await call('/__sandbox/accounts', { body: spec })).body.api_key,
    faults: async (faults: Partial<Faults>) =>
      (await call('/__sandbox/faults', { body: faults })).body as Faults,
    ledger: async (key: string) => (await call(`/__sandbox/ledger?api_key=${encodeURIComponent(key)}`)).body,
    reset: () => call('/__sandbox/reset', { method: 'POST' }),
  };

  // Tests are independent: fresh demo accounts and no faults. Plan rate limits are lifted unless a test sets them.
  beforeEach(async () => {
    await admin.reset();
    await admin.faults({ rate_limit_per_s: 100_000 });
  });

  return {
    url: () => sandbox.url,
    call,
    post: (path: string, key: string, body: unknown) => call(path, { key, body }),
    admin,
  };
}

/** The `dur` of a Server-Timing header, in ms. */
export const serverTiming = (headers: Headers) =>
  Number(/dur=([\d.]+)/.exec(headers.get('server-timing') ?? '')?.[1]);

export const sorted = (object: object) => Object.keys(object).sort();
