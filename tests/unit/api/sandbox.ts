import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { createApiClient } from '@/lib/api/client';
import { toApiError, type ApiError } from '@/lib/api/errors';
import { withTestCalls } from './test-calls';

/** One sandbox per test file, over real HTTP, with its admin API. */
export function setupSandbox(options: { latencyScale?: number } = {}) {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, ...options });
  });
  afterAll(() => sandbox?.close());

  const url = () => {
    if (!sandbox) throw new Error('sandbox not started');
    return sandbox.url;
  };
  const admin = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url()}/__sandbox/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`admin ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };

  return {
    url,
    /** The extension's client, with the calls only tests make (./test-calls.ts). */
    client: (apiKey: string) =>
      withTestCalls(createApiClient({ baseUrl: url(), llmBaseUrl: url(), apiKey }), { url: url(), apiKey }),
    /** A fresh account, so each test reads its own ledger. */
    account: async (spec: {
      tier: 'basic' | 'complete' | 'plus';
      credits?: number;
      plan?: string;
      status?: string;
    }) => (await admin<{ api_key: string }>('accounts', spec)).api_key,
    faults: (body: Record<string, unknown>) => admin('faults', body),
    ledger: (apiKey: string) =>
      admin<{ entries: { endpoint: string; credits: number }[]; total_credits: number; balance: number }>(
        `ledger?api_key=${encodeURIComponent(apiKey)}`,
      ),
    reset: () => admin('reset', {}),
    /** Sends a raw request, to read a body the client would refuse to produce. */
    raw: async (path: string, apiKey: string, body: unknown) => {
      const res = await fetch(`${url()}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
        body: JSON.stringify(body),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as unknown };
    },
  };
}

/** The ApiError a call fails with; fails the test if it succeeds. */
export async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return toApiError(e);
  }
  throw new Error('expected the call to fail');
}
