import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createClientFactory } from '@/lib/background/api';
import { createEngine, type EngineOptions } from '@/lib/background/engine';
import { createRouter } from '@/lib/background/router';
import type { RequestData, RequestType, Responses } from '@/lib/messaging';
import { settings } from '@/lib/storage';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';

export const PAGE = {
  id: fakeBrowser.runtime.id,
  url: `chrome-extension://${fakeBrowser.runtime.id}/sidepanel.html`,
};

/**
 * One sandbox per test file over real HTTP, a fresh fake browser and a fresh IndexedDB per test, and the
 * settings pointing at the sandbox.
 */
export function setupEngineTests(options: { latencyScale?: number } = {}) {
  let sandbox: RunningSandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, latencyScale: options.latencyScale ?? 0.001 });
  });
  afterAll(() => sandbox?.close());
  beforeEach(async () => {
    fakeBrowser.reset();
    // The fake browser has no action.setPopup; the engine sets it at start and on every settings change.
    fakeBrowser.action.setPopup = async () => undefined;
    globalThis.indexedDB = new IDBFactory();
    await admin('faults', {
      ai_provider_down: false,
      latency_scale: options.latencyScale ?? 0.001,
      fail_next: null,
    });
    await settings.set({
      ...(await settings.get()),
      environment: 'sandbox',
      baseUrls: { production: '', development: '', custom: '', sandbox: url() },
      llmBaseUrl: url(),
    });
  });

  const url = () => {
    if (!sandbox) throw new Error('sandbox not started');
    return sandbox.url;
  };
  async function admin<T>(path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${url()}/__sandbox/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`admin ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  return {
    url,
    account: async (spec: { tier: 'basic' | 'complete' | 'plus'; credits?: number; status?: string }) =>
      (await admin<{ api_key: string }>('accounts', { plan: 'crm_business', credits: 100, ...spec })).api_key,
    faults: (body: Record<string, unknown>) => admin('faults', body),
    ledger: (apiKey: string) =>
      admin<{ entries: { endpoint: string; credits: number }[]; total_credits: number; balance: number }>(
        `ledger?api_key=${encodeURIComponent(apiKey)}`,
      ),
  };
}

/**
 * The real engine with the real client, whose fetch records every path it asks the sandbox for (so a test can
 * count API calls), and a router that speaks for one of our pages.
 */
export function engineWith(options: EngineOptions = {}) {
  const calls: string[] = [];
  const recording: typeof fetch = (input, init) => {
    calls.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return fetch(input, init);
  };
  const engine = createEngine({ client: createClientFactory({ fetch: recording }), ...options });
  const ready = engine.init();
  // As the worker does: the rest of the start-up once messages may be handled.
  const settled = ready.then(() => engine.tidy());
  // As the worker does: the badge follows storage changes.
  fakeBrowser.storage.onChanged.addListener((changes, area) => engine.onStorageChanged(changes, area));
  const route = createRouter({
    handlers: engine.handlers,
    ours: { id: fakeBrowser.runtime.id, origin: fakeBrowser.runtime.getURL('/') },
    ready,
    onPageChanged: async () => undefined,
  });
  /** Sends a protocol message as the side panel would; throws the ApiError of a refusal. */
  async function send<T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> {
    const reply = await route({ type, data }, PAGE);
    if (!reply.ok) throw Object.assign(new Error(reply.error.message.en), { apiError: reply.error });
    return reply.value as Responses[T];
  }
  return {
    engine,
    ready,
    settled,
    send,
    calls,
    charging: () => calls.filter((p) => p !== '/creditos' && !p.startsWith('/v1/')),
  };
}
