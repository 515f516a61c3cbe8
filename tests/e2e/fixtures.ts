import { test as base, expect, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { mkdtempSync, rmSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSandbox, type RunningSandbox } from '../sandbox/server';
import { extensionPath, extensionWorker, launchWithExtension } from './browser';

export { chromiumPath, extensionPath } from './browser';

const screenshotDir = path.resolve('tests/e2e/screenshots');

export interface Admin {
  /** Creates a sandbox account and returns its key. */
  account(body: {
    tier: 'basic' | 'complete' | 'plus';
    credits?: number;
    plan?: string;
    status?: string;
  }): Promise<string>;
  faults(body: Record<string, unknown>): Promise<void>;
  ledger(
    apiKey: string,
  ): Promise<{ entries: { endpoint: string; credits: number }[]; total_credits: number; balance: number }>;
  /**
   * The analysis requests of `apiKey` as the sandbox received them, with its model API calls, oldest first (`at`: ms
   * since the epoch). The embeddings the worker asks for in the background after each saved analysis only when
   * `embeddings` says so: they come at their own time.
   */
  requests(
    apiKey: string,
    options?: { embeddings?: boolean },
  ): Promise<{ at: number; method: string; path: string; body: unknown }[]>;
}

interface Fixtures {
  context: BrowserContext;
  extensionId: string;
  serviceWorker: Worker;
  /** Opens an extension page (e.g. `sidepanel.html?tabId=3`). */
  openPage(pathname: string): Promise<Page>;
  /** Points the extension at the sandbox and saves `key` through the real key.set message. */
  useKey(key: string): Promise<void>;
  /** Saves a screenshot for reviewers under tests/e2e/screenshots. */
  shot(page: Page, name: string): Promise<void>;
}

interface WorkerFixtures {
  sandbox: RunningSandbox;
  admin: Admin;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  sandbox: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const sandbox = await startSandbox({ port: 0, latencyScale: 0.01 });
      await use(sandbox);
      await sandbox.close();
    },
    { scope: 'worker' },
  ],
  admin: [
    async ({ sandbox }, use) => {
      const call = async (method: string, url: string, body?: unknown) => {
        const res = await fetch(`${sandbox.url}${url}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      await use({
        account: async (body) =>
          (
            (await call('POST', '/__sandbox/accounts', {
              plan: 'crm_business',
              credits: 100,
              status: 'active',
              ...body,
            })) as { api_key: string }
          ).api_key,
        faults: async (body) => void (await call('POST', '/__sandbox/faults', body)),
        ledger: (apiKey) => call('GET', `/__sandbox/ledger?api_key=${encodeURIComponent(apiKey)}`),
        requests: async (apiKey, { embeddings = false } = {}) =>
          (
            (await call('GET', `/__sandbox/requests?api_key=${encodeURIComponent(apiKey)}`)) as {
              requests: { at: number; method: string; path: string; body: unknown }[];
            }
          ).requests.filter((r) => embeddings || r.path !== '/v1/embeddings'),
      });
    },
    { scope: 'worker' },
  ],
  context: async ({ sandbox }, use) => {
    if (!existsSync(path.join(extensionPath, 'manifest.json'))) {
      throw new Error('Build the extension first: npm run build:sandbox');
    }
    const userDataDir = mkdtempSync(path.join(tmpdir(), 'perfil-e2e-'));
    const context = await launchWithExtension(userDataDir);
    // Faults and settings must not leak between tests.
    await fetch(`${sandbox.url}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ai_provider_down: false,
        latency_scale: 0.01,
        rate_limit_per_s: 1000,
        fail_next: null,
        drop_connection_next: false,
      }),
    });
    await use(context);
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  },
  serviceWorker: async ({ context }, use) => {
    await use(await extensionWorker(context));
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  openPage: async ({ context, extensionId }, use) => {
    await use(async (pathname) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${pathname}`);
      return page;
    });
  },
  useKey: async ({ serviceWorker, sandbox, openPage }, use) => {
    await use((key) => saveKey(serviceWorker, () => openPage('options.html'), sandbox.url, key));
  },
  // eslint-disable-next-line no-empty-pattern
  shot: async ({}, use, testInfo) => {
    await use(async (page, name) => {
      mkdirSync(screenshotDir, { recursive: true });
      const file = path.join(screenshotDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
    });
  },
});

export { expect };

/**
 * Points the extension whose worker is `worker` at the sandbox and saves `key` through the real key.set message, sent
 * from an extension page `openOptions` opens.
 */
export async function saveKey(
  worker: Worker,
  openOptions: () => Promise<Page>,
  sandboxUrl: string,
  key: string,
): Promise<void> {
  await worker.evaluate(async (url) => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({
      settings: {
        ...settings,
        environment: 'sandbox',
        baseUrls: { production: '', development: '', custom: '', sandbox: url },
        llmBaseUrl: url,
      },
    });
  }, sandboxUrl);
  const page = await openOptions();
  const reply = await page.evaluate(
    (k) => chrome.runtime.sendMessage({ type: 'key.set', data: { key: k } }),
    key,
  );
  if (!reply?.ok) throw new Error(`key.set failed: ${JSON.stringify(reply)}`);
  await page.close();
}

/** Serves `html` at `url` (e.g. https://www.linkedin.com/in/ana) so static content scripts inject as on the real site. */
export async function servePage(context: BrowserContext, url: string, html: string): Promise<Page> {
  await context.route(url.split('#')[0]!, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  const page = await context.newPage();
  await page.goto(url);
  return page;
}
