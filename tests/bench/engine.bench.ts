/**
 * Engine overhead per lookup: the time from the request reaching the background's router to the result stored
 * in the history (job done), minus the processing time the sandbox reports in its Server-Timing header.
 * It covers validation, routing, the history check, the HTTP round trip, parsing, normalizing and storing.
 * Runs the engine's own service code in Node, with the fake browser and fake-indexeddb.
 *
 *   npx tsx tests/bench/engine.bench.ts
 */
import 'fake-indexeddb/auto';
import { pathToFileURL } from 'node:url';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { startSandbox } from '../sandbox/server';

const LOOKUPS = 30;
const WARM_UP = 3;
const BUDGET_MS = 30;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1]!;

export async function run(): Promise<string> {
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

  const sandbox = await startSandbox({ port: 0, latencyScale: 0.01 });
  try {
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

    let serverMs = 0;
    const timed: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      serverMs += Number(/dur=([\d.]+)/.exec(answer.headers.get('server-timing') ?? '')?.[1] ?? 0);
      return answer;
    };
    const engine = createEngine({ client: createClientFactory({ fetch: timed }) });
    const ready = engine.init();
    const id = fakeBrowser.runtime.id;
    const route = createRouter({
      handlers: engine.handlers,
      ours: { id, origin: `chrome-extension://${id}/` },
      ready,
      onPageChanged: async () => undefined,
    });
    const panel = { id, url: `chrome-extension://${id}/sidepanel.html` };
    const keyReply = await route({ type: 'key.set', data: { key } }, panel);
    if (!keyReply.ok) throw new Error(keyReply.error.message.en);

    const overheads: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < WARM_UP + LOOKUPS; i++) {
      serverMs = 0;
      // A new person each time, so every lookup really calls the service.
      const input = { primeiro_nome: `Pessoa${i}`, ultimo_nome: 'Bench', empresa: `Empresa ${i % 7}` };
      const started = performance.now();
      const reply = await route({ type: 'lookup', data: { input, depth: 'quick', lang: 'pt' } }, panel);
      if (!reply.ok) throw new Error(reply.error.message.en);
      const job = await engine.lookup.settled((reply.value as { jobId: string }).jobId);
      const total = performance.now() - started;
      if (job?.status !== 'done') throw new Error(`lookup ${i} ended ${job?.status ?? 'lost'}`);
      if (i < WARM_UP) continue;
      totals.push(total);
      overheads.push(total - serverMs);
    }

    const m = median(overheads);
    return [
      `engine overhead per lookup (request → stored result − sandbox Server-Timing), ${LOOKUPS} lookups:`,
      `  median ${m.toFixed(1)} ms · p90 ${percentile(overheads, 90).toFixed(1)} ms · budget ≤ ${BUDGET_MS} ms median → ${m <= BUDGET_MS ? 'within budget' : 'OVER BUDGET'}`,
      `  (median total ${median(totals).toFixed(1)} ms at latency scale 0.01)`,
    ].join('\n');
  } finally {
    await sandbox.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().then(
    (text) => console.log(text),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
