/**
 * `npm run check:package [arquivo.zip]`: checks the store package (by default the newest `.output/*-chrome.zip`,
 * which `npm run zip` writes) and reports its size. Exits 1 when a check fails.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { checkPackage } from './package-check';
import { readZip } from './zip';

const root = path.resolve(import.meta.dirname, '../..');
const output = path.join(root, '.output');
const given = process.argv[2];
const candidates = (() => {
  try {
    return readdirSync(output)
      .filter((f) => f.endsWith('-chrome.zip'))
      .map((f) => path.join(output, f))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  } catch {
    return [];
  }
})();
const file = given ? path.resolve(given) : candidates[0];
if (!file) {
  console.error('Nenhum pacote em .output/: rode `npm run zip` antes.');
  process.exit(1);
}

const zip = readFileSync(file);
const report = checkPackage(readZip(zip), zip.length, readFileSync(path.join(root, 'README.md'), 'utf8'));
console.log(`Pacote: ${path.relative(root, file)}`);
for (const fact of report.facts) console.log(`  ${fact}`);
if (report.errors.length) {
  console.error(`\n${report.errors.length} problema(s):`);
  for (const e of report.errors) console.error(`  ✗ ${e}`);
  process.exit(1);
}
console.log('\nPacote pronto para a Chrome Web Store.');
