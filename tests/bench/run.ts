/**
 * `npm run bench`: runs every tests/bench/*.bench.ts (or those named on the command line) and prints its figures
 * next to its budget. Benchmarks print; they never fail on time (the machine is shared and noisy).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

for (const file of files) {
  // A bench that drives the built extension in Chromium says `export const kind = 'browser'`; the others run in
  // Node (with the fake browser where they need one) and are labelled as unit benches.
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as {
    run(): Promise<unknown>;
    kind?: 'browser';
  };
  const label = mod.kind === 'browser' ? 'Chromium, built extension' : 'unit bench: Node';
  console.log(`\n== ${file.replace('.bench.ts', '')} (${label}) ==`);
  const result = await mod.run();
  if (typeof result === 'string') console.log(result);
  else if (result && typeof result === 'object') {
    for (const [name, value] of Object.entries(result)) console.log(`${name}: ${String(value)}`);
  }
}
