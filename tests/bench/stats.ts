import { pathToFileURL } from 'node:url';

/* What the benchmarks share: their statistics, and running one file on its own. */

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const percentile = (xs: number[], p: number): number =>
  [...xs].sort((a, b) => a - b)[Math.ceil((p / 100) * xs.length) - 1]!;

/** Runs a benchmark and prints its report when its file is run directly (`npx tsx tests/bench/x.bench.ts`). */
export function runWhenMain(moduleUrl: string, run: () => Promise<string>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run().then(
    (text) => console.log(text),
    (e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    },
  );
}
