import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { extensionPath, launchWithExtension } from '../e2e/browser';
import { pageCases, readPage } from '../fixtures/pages/cases';
import { startSandbox, type RunningSandbox } from '../sandbox/server';

/*
 * Where the felt and speed benches start: a copy of the built extension with a floor page beside it (the same
 * extension's origin, a page that paints one line), a fresh profile, a sandbox account the extension holds the key of,
 * and a LinkedIn profile open in a tab, served once through a route that is removed before any timing.
 */

const FLOOR_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>floor</title>
<script type="module" src="/floor.js"></script></head><body><p id="v"></p></body></html>`;
const FLOOR_JS = `document.getElementById('v').textContent = '42 créditos'; performance.mark('floor-painted');`;

export async function workerOf(context: BrowserContext): Promise<Worker> {
  for (let i = 0; i < 200; i++) {
    const w = context.serviceWorkers().at(-1);
    if (w && (await w.evaluate(() => typeof chrome.storage).catch(() => 'undefined')) === 'object') return w;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the extension worker did not start');
}

/**
 * A fresh sandbox account with `credits`, the extension pointed at the sandbox and holding its key, and the balance
 * read once: where every Chromium bench starts. Returns the key.
 */
export async function keyedAtSandbox(
  context: BrowserContext,
  worker: Worker,
  ext: (p: string) => string,
  sandboxUrl: string,
  credits: number,
): Promise<string> {
  const res = await fetch(`${sandboxUrl}/__sandbox/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tier: 'complete', plan: 'crm_enterprise', credits, status: 'active' }),
  });
  const { api_key: key } = (await res.json()) as { api_key: string };
  await worker.evaluate(async (url) => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({
      settings: {
        ...settings,
        language: 'pt',
        reuseDays: 0,
        environment: 'sandbox',
        baseUrls: { production: '', development: '', custom: '', sandbox: url },
        llmBaseUrl: url,
      },
    });
  }, sandboxUrl);
  const options = await context.newPage();
  await options.goto(ext('options.html'));
  await options.evaluate((k) => chrome.runtime.sendMessage({ type: 'key.set', data: { key: k } }), key);
  await options.evaluate(() => chrome.runtime.sendMessage({ type: 'credits.get', data: {} }));
  await options.close();
  return key;
}

/**
 * Waits until the panel's "Analisar" can be clicked with its cost on screen, as a seller sees it before clicking:
 * a click before the cost is shown asks to confirm the price first, and the result would never come.
 */
export async function readyToRun(panel: Page): Promise<void> {
  await panel.waitForFunction(
    () =>
      (document.querySelector('[data-testid=run]') as HTMLButtonElement | null)?.disabled === false &&
      document.querySelector('[data-testid=cost]') !== null,
    null,
    { timeout: 20_000 },
  );
}

export interface ProfileBench {
  /** The copy of the extension the browser loaded (with floor.html). */
  copy: string;
  context: BrowserContext;
  worker: Worker;
  sandbox: RunningSandbox;
  /** The extension's id, and an address of its own pages. */
  id: string;
  ext(p: string): string;
  /** The tab with the LinkedIn profile, its id and the side panel's address for it. */
  tab: Page;
  tabId: number;
  panelUrl: string;
  close(): Promise<void>;
}

export async function openProfileBench(name: string): Promise<ProfileBench> {
  const copy = mkdtempSync(path.join(tmpdir(), `perfil-${name}-ext-`));
  cpSync(extensionPath, copy, { recursive: true });
  writeFileSync(path.join(copy, 'floor.html'), FLOOR_HTML);
  writeFileSync(path.join(copy, 'floor.js'), FLOOR_JS);
  const userDataDir = mkdtempSync(path.join(tmpdir(), `perfil-${name}-`));
  const sandbox = await startSandbox({ port: 0, latencyScale: 0.01 });
  const context = await launchWithExtension(userDataDir, copy);
  const close = async () => {
    await context.close();
    await sandbox.close();
    rmSync(userDataDir, { recursive: true, force: true });
    rmSync(copy, { recursive: true, force: true });
  };
  try {
    const worker = await workerOf(context);
    const id = new URL(worker.url()).host;
    const ext = (p: string) => `chrome-extension://${id}/${p}`;
    await keyedAtSandbox(context, worker, ext, sandbox.url, 5000);
    const profile = pageCases.find((c) => c.file === 'linkedin-profile.html')!;
    await context.route(profile.url, (r) =>
      r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: readPage(profile.file) }),
    );
    const ids = () => worker.evaluate(async () => (await chrome.tabs.query({})).map((t) => t.id!));
    const before = await ids();
    const tab = await context.newPage();
    await tab.goto(profile.url);
    await context.unrouteAll({ behavior: 'wait' });
    // The tabs' addresses are not ours to read: the profile's tab is the one that just appeared.
    const tabId = (await ids()).find((t) => !before.includes(t));
    if (tabId === undefined) throw new Error('the profile tab was not found');
    return {
      copy,
      context,
      worker,
      sandbox,
      id,
      ext,
      tab,
      tabId,
      panelUrl: ext(`sidepanel.html?tabId=${tabId}`),
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}
