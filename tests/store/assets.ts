/**
 * `npm run store-assets`: the Chrome Web Store images, taken from the built extension (`npm run build:sandbox`,
 * which the script runs first) against the sandbox, so they never show a screen that no longer exists.
 *
 * Writes to `.output/store-assets/` (or the folder given as the first argument):
 *   1-painel.png   1280×800  the side panel with a Complete analysis, beside the page it reads
 *   2-popup.png    1280×800  the popup: balance, plan and what the plan allows
 *   3-lote.png     1280×800  the batch page with a finished batch
 *   promo-440x280.png        the small promo tile
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startSandbox } from '../sandbox/server';
import { extensionWorker, launchWithExtension } from '../e2e/browser';
import { messenger, settledJob } from '../e2e/messages';
import { openTab, setSettings } from '../e2e/sidepanel.helpers';

const root = path.resolve(import.meta.dirname, '../..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, '.output/store-assets'));
const SIZE = { width: 1280, height: 800 };
const icon = readFileSync(path.join(root, 'public/icon/128.png')).toString('base64');

const ANA = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };
const TEAM = [
  'Beatriz;Carvalho;Pipoca Tecnologia;CEO e Cofundadora',
  'João Pedro;da Silva;Pipoca Tecnologia;CTO e Cofundador',
  'Larissa;de Souza Lima;Pipoca Tecnologia;Head de Marketing',
  'Renata;Yamamoto;Pipoca Tecnologia;Gerente de Vendas',
  'Carlos;Mendes;Pipoca Tecnologia;Analista Financeiro',
];

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 1280×800 frame: the headline on the left, the extension's screen on the right. */
function frame(title: string, text: string, shot: Buffer, shotWidth: number): string {
  return `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><style>
    html,body{margin:0;width:1280px;height:800px;overflow:hidden;font-family:system-ui,'DejaVu Sans',sans-serif}
    body{display:flex;align-items:center;gap:56px;padding:0 64px;box-sizing:border-box;
      background:linear-gradient(135deg,#eef2ff 0%,#e0e7ff 45%,#c7d2fe 100%);color:#1e1b4b}
    .copy{flex:1}
    .brand{display:flex;align-items:center;gap:14px;font-weight:700;font-size:22px;margin-bottom:28px}
    .brand img{width:48px;height:48px}
    h1{font-size:44px;line-height:1.1;margin:0 0 20px}
    p{font-size:22px;line-height:1.45;margin:0;color:#312e81}
    .shot{width:${shotWidth}px;max-height:740px;border-radius:14px;box-shadow:0 24px 60px rgba(30,27,75,.28);
      overflow:hidden;background:#fff;flex:none}
    .shot img{display:block;width:100%}
  </style><body>
    <div class="copy">
      <div class="brand"><img src="data:image/png;base64,${icon}" alt="">Perfil Intel</div>
      <h1>${escape(title)}</h1><p>${escape(text)}</p>
    </div>
    <div class="shot"><img src="data:image/png;base64,${shot.toString('base64')}" alt=""></div>
  </body></html>`;
}

async function render(context: BrowserContext, html: string, file: string, size = SIZE): Promise<void> {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.setContent(html);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(outDir, file), clip: { x: 0, y: 0, ...size } });
  await page.close();
  console.log(`${path.relative(root, path.join(outDir, file))} (${size.width}×${size.height})`);
}

async function extensionPage(
  context: BrowserContext,
  id: string,
  pathname: string,
  size: { width: number; height: number },
) {
  const page = await context.newPage();
  await page.setViewportSize(size);
  await page.goto(`chrome-extension://${id}/${pathname}`);
  return page;
}

async function settle(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
}

mkdirSync(outDir, { recursive: true });
const sandbox = await startSandbox({ port: 0, latencyScale: 0.01 });
const profile = mkdtempSync(path.join(tmpdir(), 'perfil-store-'));
const context = await launchWithExtension(profile);
try {
  const worker = await extensionWorker(context);
  const id = new URL(worker.url()).host;
  const key = await (
    await fetch(`${sandbox.url}/__sandbox/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'complete', plan: 'crm_business', credits: 250, status: 'active' }),
    })
  )
    .json()
    .then((b: { api_key: string }) => b.api_key);
  await setSettings(worker, {
    language: 'pt',
    environment: 'sandbox',
    baseUrls: { production: '', development: '', custom: '', sandbox: sandbox.url },
    llmBaseUrl: sandbox.url,
  });
  await worker.evaluate(() => chrome.storage.local.set({ onboardingDone: true }));
  const options = await extensionPage(context, id, 'options.html', SIZE);
  const send = messenger(options);
  await send('key.set', { key });
  const job = await settledJob(
    send,
    (await send('lookup', { input: ANA, depth: 'complete', lang: 'pt' })).jobId,
  );
  if (job.status !== 'done') throw new Error(`a análise de exemplo não terminou: ${job.status}`);
  await send('credits.get', {});

  // 1. The side panel with the analysis.
  const { tabId } = await openTab(
    context,
    worker,
    'https://www.exemplo.com.br/',
    '<!doctype html><title>Exemplo</title><p>Página de exemplo.</p>',
  );
  const panel = await extensionPage(context, id, `sidepanel.html?tabId=${tabId}`, {
    width: 400,
    height: 740,
  });
  await panel.getByTestId('nav-history').click();
  await panel.getByTestId('history-item').filter({ hasText: 'Ana Souza' }).click();
  await panel.getByTestId('result').waitFor();
  await settle(panel);
  await render(
    context,
    frame(
      'A análise comportamental de quem está na página',
      'Persona, dores, OCEAN, MBTI e como abordar, no painel lateral, ao lado do perfil que você está vendo. O custo aparece antes do clique.',
      await panel.screenshot(),
      400,
    ),
    '1-painel.png',
  );

  // 2. The popup.
  const popup = await extensionPage(context, id, 'popup.html', { width: 360, height: 740 });
  await popup.getByTestId('balance').waitFor();
  await popup.getByText('Saldo atualizado.').waitFor();
  await settle(popup);
  const popupShot = await popup.locator('main').screenshot();
  await render(
    context,
    frame(
      'Seu saldo e o que o plano permite, num clique',
      'Créditos restantes, renovação, uso do mês e alerta de saldo baixo. Nada é gasto sem a sua confirmação.',
      popupShot,
      360,
    ),
    '2-popup.png',
  );

  // 3. The batch page with a finished batch.
  const batch = await extensionPage(context, id, 'batch.html', SIZE);
  await batch.getByLabel('Colar linhas').fill(TEAM.join('\n'));
  await batch.getByRole('button', { name: 'Adicionar linhas' }).click();
  await batch.getByLabel('Análise').selectOption('complete');
  await batch.getByRole('button', { name: /^Iniciar/ }).click();
  await batch.getByTestId('job-status').filter({ hasText: 'concluído' }).waitFor({ timeout: 60_000 });
  await batch.locator('[data-testid="results"]').scrollIntoViewIfNeeded();
  await batch.evaluate(() => window.scrollTo(0, 0));
  await batch.waitForTimeout(300);
  await batch.screenshot({ path: path.join(outDir, '3-lote.png'), clip: { x: 0, y: 0, ...SIZE } });
  console.log(`${path.relative(root, path.join(outDir, '3-lote.png'))} (1280×800)`);

  // The small promo tile.
  await render(
    context,
    `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><style>
      html,body{margin:0;width:440px;height:280px;overflow:hidden;font-family:system-ui,'DejaVu Sans',sans-serif}
      body{display:flex;flex-direction:column;justify-content:center;gap:14px;padding:0 36px;box-sizing:border-box;
        background:linear-gradient(135deg,#4f46e5,#312e81);color:#fff}
      .brand{display:flex;align-items:center;gap:14px;font-size:30px;font-weight:800}
      .brand img{width:64px;height:64px}
      p{margin:0;font-size:19px;line-height:1.35;color:#e0e7ff}
    </style><body>
      <div class="brand"><img src="data:image/png;base64,${icon}" alt="">Perfil Intel</div>
      <p>Análise comportamental B2B de quem está na página, no painel lateral.</p>
    </body></html>`,
    'promo-440x280.png',
    { width: 440, height: 280 },
  );
} finally {
  await context.close();
  await sandbox.close();
  rmSync(profile, { recursive: true, force: true });
}
