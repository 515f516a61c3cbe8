/**
 * `npm run demo`: builds the extension for the sandbox, starts the sandbox with realistic latency and a demo page
 * in which a person is detected, and launches Chromium with the extension loaded and the page open.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox } from '../sandbox/server';
import { DEMO_KEYS } from '../sandbox/accounts';

const root = path.resolve(import.meta.dirname, '../..');
const extensionDir = path.join(root, '.output/chrome-mv3');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const sandboxPort = Number(process.env.PORT ?? 8787);
const pagePort = Number(process.env.DEMO_PAGE_PORT ?? 8788);

const build = spawnSync('npx', ['wxt', 'build'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, WXT_API_ENV: 'sandbox' },
});
if (build.status !== 0) process.exit(build.status ?? 1);

const sandbox = await startSandbox({ port: sandboxPort, latencyScale: 1 });
const html = readFileSync(path.join(import.meta.dirname, 'demo-page.html'), 'utf8');
const pageServer = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(html);
}).listen(pagePort, '127.0.0.1');
const pageUrl = `http://127.0.0.1:${pagePort}/`;

console.log(`\nSandbox: ${sandbox.url} (latência real)`);
console.log(`Página de demonstração: ${pageUrl}`);
console.log('Chaves de demonstração:');
for (const [name, key] of Object.entries(DEMO_KEYS)) console.log(`  ${name.padEnd(10)} ${key}`);

const headed = Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (headed && existsSync(chromium)) {
  const profile = mkdtempSync(path.join(tmpdir(), 'perfil-demo-'));
  const browser = spawn(
    chromium,
    [
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      pageUrl,
    ],
    { stdio: 'ignore' },
  );
  browser.on('exit', () => shutdown());
  console.log(
    '\nChromium aberto com a extensão. Na primeira execução, escolha "Experimentar com o sandbox".',
  );
} else {
  console.log(`
Sem tela disponível (DISPLAY vazio): carregue a extensão à mão num Chrome/Chromium:
  1. abra chrome://extensions e ative o "Modo do desenvolvedor";
  2. "Carregar sem compactação" e escolha ${extensionDir};
  3. na página de boas-vindas, escolha "Experimentar com o sandbox" (ou cole uma chave acima);
  4. abra ${pageUrl} e clique no ícone da extensão.
Ctrl+C encerra o sandbox e a página.`);
}

function shutdown() {
  pageServer.close();
  void sandbox.close().then(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
