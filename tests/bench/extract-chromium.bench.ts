/**
 * Extraction in Chromium, through the built extension: every corpus page served at its real address in a tab,
 * read by the content script the extension uses there (declared, or injected as after the toolbar click), judged
 * against its expectations, each page's verdict printed with the time of that first reading in the page; then the
 * time of one reading on generated 5,000-node pages (LinkedIn-like, an article with JSON-LD and h-card) and a
 * 500-card team page: the reading's own time in the page (its `perfil:extract` measure) and the round trip from the
 * worker (`tabs.sendMessage`), over several runs. The bench's copy of the build may read any https page (its
 * manifest gains `https://*\/*`), so that the generic pages can be injected without a click; the shipped build is
 * untouched. Playwright's routes serve the pages and are removed before anything is timed.
 *
 *   npm run build:sandbox && npx tsx tests/bench/extract-chromium.bench.ts
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { filesFor } from '@/lib/extract/registry';
import type { Candidate } from '@/lib/extract/types';
import { extensionPath, extensionWorker, launchWithExtension } from '../e2e/browser';
import { pageCases, readPage } from '../fixtures/pages/cases';
import { judge } from '../fixtures/pages/judge';
import { linkedinPage, teamPage } from './extract.bench';
import { median, percentile, runWhenMain } from './stats';

export const kind = 'browser';

const RUNS = 15;
const BUDGET_MS = 2;

const spread = (xs: number[]) =>
  `median ${median(xs).toFixed(2)} ms (p90 ${percentile(xs, 90).toFixed(2)}, min ${Math.min(...xs).toFixed(2)} – max ${Math.max(...xs).toFixed(2)}, n=${xs.length})`;

/** A blog post of ~`nodes` elements: JSON-LD author, an h-entry with its p-author, comments by others. */
function articlePage(nodes: number) {
  const para = (i: number) => `<p>Parágrafo ${i} sobre <a href="/t/${i}">vendas</a> e <em>processo</em>.</p>`;
  const comment = (i: number) =>
    `<li class="h-entry"><div class="p-author h-card"><span class="p-name">Leitor ${i} Silva</span></div><p class="e-content">Ótimo texto ${i}</p></li>`;
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: 'Vendas B2B',
    author: {
      '@type': 'Person',
      name: 'Fernanda Albuquerque',
      worksFor: { '@type': 'Organization', name: 'Acme' },
    },
  };
  return `<html><head><title>Vendas B2B – Blog da Acme</title><meta property="og:site_name" content="Blog da Acme"><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body>
    <article class="h-entry"><h1 class="p-name">Vendas B2B</h1><a class="p-author h-card" href="/autora">Fernanda Albuquerque</a>
    <div class="e-content">${Array.from({ length: Math.round((nodes - 400) / 3) }, (_, i) => para(i)).join('')}</div></article>
    <ol class="comments">${Array.from({ length: 100 }, (_, i) => comment(i)).join('')}</ol></body></html>`;
}

/** Opens `html` at `url` in a new tab and returns the page and its tab id. */
async function open(context: BrowserContext, worker: Worker, url: string, html: string) {
  // a route matches the address without its fragment
  await context.route(url.split('#')[0]!, (r) =>
    r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await worker.evaluate(
    async (u) => (await chrome.tabs.query({})).find((t) => t.url === u)?.id ?? -1,
    url,
  );
  return { page, tabId };
}

/** Asks the tab who is on it as the extension does: its content script, else the injected reader. */
async function read(worker: Worker, tabId: number, url: string) {
  return worker.evaluate(
    async ({ tabId, files }) => {
      // (no inner functions: the evaluated code must not depend on the bench's own helpers)
      type Answer = { candidates: unknown[] } | undefined;
      let answer = (await chrome.tabs
        .sendMessage(tabId, { type: 'extract' })
        .catch(() => undefined)) as Answer;
      if (!answer) {
        await chrome.scripting.executeScript({ target: { tabId }, files });
        answer = (await chrome.tabs.sendMessage(tabId, { type: 'extract' }).catch(() => undefined)) as Answer;
      }
      return answer?.candidates ?? null;
    },
    { tabId, files: filesFor(url) },
  );
}

/** Evaluates `expression` in the content scripts' isolated world of `page` (where their measures are). */
async function inContentScript(page: Page, expression: string) {
  const cdp = await page.context().newCDPSession(page);
  const worlds: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }) => worlds.push(c));
  await cdp.send('Runtime.enable');
  const world = worlds.find(
    (w) => w.auxData?.type === 'isolated' && w.origin.startsWith('chrome-extension://'),
  );
  if (!world) throw new Error('no content script in the page');
  const { result } = await cdp.send('Runtime.evaluate', {
    contextId: world.id,
    expression,
    returnByValue: true,
  });
  await cdp.detach();
  return result.value as unknown;
}

/** Times `RUNS` readings of the page in `tab` (after a first one that loads the reader module). */
async function time(worker: Worker, page: Page, tabId: number, url: string) {
  await read(worker, tabId, url);
  await inContentScript(page, "performance.clearMeasures('perfil:extract')");
  const trips: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    trips.push(
      await worker.evaluate(async (id) => {
        const t0 = performance.now();
        await chrome.tabs.sendMessage(id, { type: 'extract' });
        return performance.now() - t0;
      }, tabId),
    );
  }
  const own = (await inContentScript(
    page,
    "performance.getEntriesByName('perfil:extract').map((e) => e.duration)",
  )) as number[];
  const nodes = await page.evaluate(() => document.querySelectorAll('*').length);
  return { own, trips, nodes };
}

export async function run(): Promise<string> {
  if (!existsSync(path.join(extensionPath, 'manifest.json')))
    throw new Error('Build the extension first: npm run build:sandbox');
  const copy = mkdtempSync(path.join(tmpdir(), 'perfil-extract-ext-'));
  cpSync(extensionPath, copy, { recursive: true });
  const manifestPath = path.join(copy, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { host_permissions?: string[] };
  manifest.host_permissions = [...(manifest.host_permissions ?? []), 'https://*/*'];
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'perfil-extract-'));
  const context = await launchWithExtension(userDataDir, copy);
  const lines: string[] = [];
  try {
    const worker = await extensionWorker(context);
    // Accuracy: each corpus page at its own address, read in the page by the built scripts, with the time of that
    // first reading (the reader's code still cold in the new page; the module's loading is not counted).
    const verdicts = [];
    for (const c of pageCases) {
      const { page, tabId } = await open(context, worker, c.url, readPage(c.file));
      await context.unrouteAll({ behavior: 'wait' });
      const found = ((await read(worker, tabId, c.url)) ?? []) as Candidate[];
      const ms = (await inContentScript(
        page,
        "performance.getEntriesByName('perfil:extract').at(-1)?.duration ?? null",
      )) as number | null;
      verdicts.push({ ...judge(c, found), ms });
      await page.close();
    }
    const right = verdicts.filter((v) => v.right).length;
    const firsts = verdicts.flatMap((v) => (v.ms === null ? [] : [v.ms]));
    lines.push(
      `corpus in Chromium: ${right}/${verdicts.length} pages right, main person first on ${verdicts.filter((v) => v.mainFirst).length}/${verdicts.length} · budget 100% → ${right === verdicts.length ? 'within budget' : 'OVER BUDGET'}`,
      `first reading of each corpus page, in the page (cold: the reader's code and patterns compile on first use): ${spread(firsts)}`,
    );
    for (const v of verdicts)
      lines.push(
        `  ${v.right ? 'right' : 'WRONG'} ${v.ms === null ? '   –   ' : `${v.ms.toFixed(1).padStart(4)} ms`}  ${v.file} at ${v.url}${v.right ? '' : `: ${v.problems.join('; ')}`}`,
      );

    // Time: the pages are loaded through a route that is removed before timing.
    for (const [label, url, html, budgeted] of [
      ['LinkedIn-like profile', 'https://www.linkedin.com/in/ana-souza-4b2a91/', linkedinPage(5000), true],
      [
        'article with JSON-LD and h-card (generic reader)',
        'https://blog.acme.com.br/vendas',
        articlePage(5000),
        true,
      ],
      ['500-card team page (generic reader)', 'https://acme.com.br/equipe', teamPage(500), false],
    ] as const) {
      const { page, tabId } = await open(context, worker, url, html);
      await context.unrouteAll({ behavior: 'wait' });
      const t = await time(worker, page, tabId, url);
      const ok = median(t.own) <= BUDGET_MS;
      const verdict = budgeted ? ` · budget ≤ ${BUDGET_MS} ms → ${ok ? 'within budget' : 'OVER BUDGET'}` : '';
      lines.push(
        `extract, ${label}, ${t.nodes} nodes: in the page ${spread(t.own)}${verdict}`,
        `  worker → content script → worker round trip: ${spread(t.trips)}`,
      );
      await page.close();
    }
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  }
  return lines.join('\n');
}

runWhenMain(import.meta.url, run);
