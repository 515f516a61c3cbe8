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
  console.log(`\n== ${file.replace('.bench.ts', '')} ==`);
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run(): Promise<unknown> };
  const result = await mod.run();
  if (typeof result === 'string') console.log(result);
  else if (result && typeof result === 'object') {
    for (const [name, value] of Object.entries(result)) console.log(`${name}: ${String(value)}`);
  }
}
