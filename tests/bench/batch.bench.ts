/**
 * 50 Complete profiles in batches, at a sandbox latency of ×0.1: the measured time from batch.start to the job
 * done, against the ideal schedule the contract's limits allow (5 requests of 10, at most 5 in flight, starts
 * 0.5 s apart, each request taking the processing time the sandbox reports for it). Budget: ratio ≤ 1.15.
 *
 *   npx tsx tests/bench/batch.bench.ts
 */
import { benchEngine } from './engine-harness';
import { runWhenMain } from './stats';

const PROFILES = 50;
const LATENCY_SCALE = 0.1;
const BUDGET = 1.15;

/** When the last request ends if each starts as early as the limits allow, in request order. */
export function idealMs(durations: number[], maxInFlight: number, minGapMs: number): number {
  const ends: number[] = [];
  let lastStart = -Infinity;
  for (const d of durations) {
    // The slot of the request `maxInFlight` places earlier frees when it ends.
    const slot = ends.length >= maxInFlight ? [...ends].sort((a, b) => a - b)[ends.length - maxInFlight]! : 0;
    const start = Math.max(slot, lastStart + minGapMs, 0);
    lastStart = start;
    ends.push(start + d);
  }
  return Math.max(0, ...ends);
}

export async function run(): Promise<string> {
  const { MAX_IN_FLIGHT, MIN_GAP_MS } = await import('@/lib/batch/pacing');
  /** The processing time the sandbox reports for each batch request, in the order they were sent. */
  const processing: Promise<number>[] = [];
  const timed: typeof fetch = (input, init) => {
    const answer = fetch(input, init);
    if (String(input instanceof Request ? input.url : input).includes('_batch'))
      processing.push(
        answer.then((a) => Number(/dur=([\d.]+)/.exec(a.headers.get('server-timing') ?? '')?.[1] ?? 0)),
      );
    return answer;
  };
  const { engine, send, close } = await benchEngine({
    latencyScale: LATENCY_SCALE,
    fetch: timed,
    page: 'batch.html',
  });
  try {
    const people = Array.from({ length: PROFILES }, (_, i) => ({
      primeiro_nome: `Bench${i}`,
      ultimo_nome: 'Lote',
      empresa: `Empresa ${i % 9}`,
    }));
    const started = performance.now();
    const { jobId } = await send('batch.start', { people, depth: 'complete' });
    await engine.batch.settled(jobId);
    const measured = performance.now() - started;
    const job = await engine.batch.get(jobId);
    if (job?.status !== 'done') throw new Error(`batch ended ${job?.status ?? 'lost'}`);

    const durations = await Promise.all(processing);
    const ideal = idealMs(durations, MAX_IN_FLIGHT, MIN_GAP_MS);
    const ratio = measured / ideal;
    return [
      `${PROFILES} Complete profiles, ${durations.length} requests, latency ×${LATENCY_SCALE}:`,
      `  request processing ${durations.map((d) => d.toFixed(0)).join(', ')} ms`,
      `  ideal ${ideal.toFixed(0)} ms · measured ${measured.toFixed(0)} ms · ratio ${ratio.toFixed(3)} · budget ≤ ${BUDGET} → ${ratio <= BUDGET ? 'within budget' : 'OVER BUDGET'}`,
    ].join('\n');
  } finally {
    await close();
  }
}

runWhenMain(import.meta.url, run);
