/**
 * Engine overhead per lookup: the time from the request reaching the background's router to the result stored
 * in the history (job done), minus the processing time the sandbox reports in its Server-Timing header.
 * It covers validation, routing, the history check, the HTTP round trip, parsing, normalizing and storing.
 * Runs the engine's own service code in Node, with the fake browser and fake-indexeddb.
 *
 *   npx tsx tests/bench/engine.bench.ts
 */
import { benchEngine } from './engine-harness';
import { median, percentile, runWhenMain } from './stats';

const LOOKUPS = 30;
const WARM_UP = 3;
const BUDGET_MS = 30;

export async function run(): Promise<string> {
  let serverMs = 0;
  const timed: typeof fetch = async (input, init) => {
    const answer = await fetch(input, init);
    serverMs += Number(/dur=([\d.]+)/.exec(answer.headers.get('server-timing') ?? '')?.[1] ?? 0);
    return answer;
  };
  const { engine, send, close } = await benchEngine({
    latencyScale: 0.01,
    fetch: timed,
    page: 'sidepanel.html',
  });
  try {
    const overheads: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < WARM_UP + LOOKUPS; i++) {
      serverMs = 0;
      // A new person each time, so every lookup really calls the service.
      const input = { primeiro_nome: `Pessoa${i}`, ultimo_nome: 'Bench', empresa: `Empresa ${i % 7}` };
      const started = performance.now();
      const { jobId } = await send('lookup', { input, depth: 'quick', lang: 'pt' });
      const job = await engine.lookup.settled(jobId);
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
    await close();
  }
}

runWhenMain(import.meta.url, run);
