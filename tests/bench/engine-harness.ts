/**
 * The background engine in Node for benchmarks: the fake browser, fake-indexeddb, a sandbox over real HTTP, a
 * funded key, and the router as extension pages reach it.
 */
import 'fake-indexeddb/auto';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { RequestData, RequestType, Responses } from '@/lib/messaging';
import { startSandbox } from '../sandbox/server';

export async function benchEngine(options: { latencyScale: number; fetch: typeof fetch; page: string }) {
  // The engine's modules read the extension API when they load: the fake browser goes in first.
  (globalThis as { chrome?: unknown }).chrome = fakeBrowser;
  // The fake browser has no action.setPopup, which the engine calls at start.
  fakeBrowser.action.setPopup = async () => undefined;
  const [{ createEngine }, { createClientFactory }, { createRouter }, { settings }] = await Promise.all([
    import('@/lib/background/engine'),
    import('@/lib/background/api'),
    import('@/lib/background/router'),
    import('@/lib/storage'),
  ]);

  const sandbox = await startSandbox({ port: 0, latencyScale: options.latencyScale });
  const res = await fetch(`${sandbox.url}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tier: 'complete', plan: 'crm_enterprise', credits: 10_000 }),
  });
  const { api_key: key } = (await res.json()) as { api_key: string };
  await settings.set({
    ...(await settings.get()),
    environment: 'sandbox',
    baseUrls: { production: '', development: '', custom: '', sandbox: sandbox.url },
    llmBaseUrl: sandbox.url,
  });

  const engine = createEngine({ client: createClientFactory({ fetch: options.fetch }) });
  const id = fakeBrowser.runtime.id;
  const route = createRouter({
    handlers: engine.handlers,
    ours: { id, origin: `chrome-extension://${id}/` },
    ready: engine.init(),
    onPageChanged: async () => undefined,
  });
  const sender = { id, url: `chrome-extension://${id}/${options.page}` };

  /** A protocol message from the page; a refusal throws. */
  async function send<T extends RequestType>(type: T, data: RequestData<T>): Promise<Responses[T]> {
    const reply = await route({ type, data }, sender);
    if (!reply.ok) throw new Error(reply.error.message.en);
    return reply.value as Responses[T];
  }
  await send('key.set', { key });
  return { engine, send, close: () => sandbox.close() };
}
