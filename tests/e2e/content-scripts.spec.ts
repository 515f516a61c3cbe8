/// <reference types="chrome" />
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { extensionPath } from './browser';
import { readPage } from '../fixtures/pages/cases';
import { test, expect, servePage } from './fixtures';

/*
 * The built content scripts in real pages: each site gets only its own script, which loads the generic
 * extractors on a page of its site that no site extractor reads; elsewhere the extension injects them on demand.
 */

// LinkedIn's own policy forbids every script of the page's but its own.
const STRICT_CSP = "default-src 'none'; script-src 'self'; style-src 'self'";

const webTabs = (serviceWorker: Worker) =>
  serviceWorker.evaluate(async () =>
    (await chrome.tabs.query({})).filter((t) => !t.url?.startsWith('chrome-extension://')).map((t) => t.id!),
  );

/** Serves `html` at `url` in a new tab (with `headers`) and returns the page and its tab id. */
async function openTab(
  context: BrowserContext,
  serviceWorker: Worker,
  url: string,
  html: string,
  headers: Record<string, string> = {},
) {
  const before = await webTabs(serviceWorker);
  let page: Page;
  if (Object.keys(headers).length) {
    await context.route(url, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers, body: html }),
    );
    page = await context.newPage();
    await page.goto(url);
  } else page = await servePage(context, url, html);
  // Without a host permission Chrome hides the tab's address: it is the tab that appeared.
  const tabId = (await webTabs(serviceWorker)).find((id) => !before.includes(id))!;
  return { page, tabId };
}

/** The people on a tab's page, as the side panel asks for them. */
async function detect(openPage: (path: string) => Promise<Page>, tabId: number) {
  const ext = await openPage('options.html');
  const reply = await ext.evaluate(
    (id) => chrome.runtime.sendMessage({ type: 'detect', data: { tabId: id } }),
    tabId,
  );
  await ext.close();
  return reply as {
    ok: boolean;
    value: { ok: boolean; url?: string; candidates?: { primeiro_nome: string; source: string }[] };
  };
}

/** The extractors loaded in the page's isolated world, read over CDP (the page itself cannot see them). */
async function loadedExtractors(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const worlds: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }) => worlds.push(c));
  await cdp.send('Runtime.enable');
  const world = () =>
    worlds.find((w) => w.auxData?.type === 'isolated' && w.origin.startsWith('chrome-extension://'));
  await expect.poll(() => !!world()).toBe(true);
  const { result } = await cdp.send('Runtime.evaluate', {
    contextId: world()!.id,
    expression: 'window.__perfilIntel?.extractors.map((x) => x.id)',
    returnByValue: true,
  });
  const fromPage = await page.evaluate(() => typeof (window as { __perfilIntel?: unknown }).__perfilIntel);
  await cdp.detach();
  return { ids: result.value as string[], fromPage };
}

const GENERIC = ['jsonld', 'microdata', 'hcard', 'opengraph', 'meta-author', 'team-page'];

test('content script: a LinkedIn profile gets the LinkedIn script alone, and it answers', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  const url = 'https://www.linkedin.com/in/ana-souza-4b2a91/';
  const { page, tabId } = await openTab(context, serviceWorker, url, readPage('linkedin-profile.html'), {
    'content-security-policy': STRICT_CSP,
  });
  // Loaded with the page, the script only listens: no extractor is in the page until the extension asks.
  await expect.poll(() => loadedExtractors(context, page)).toEqual({ ids: [], fromPage: 'undefined' });
  await expect.poll(async () => (await detect(openPage, tabId)).value.ok).toBe(true);
  expect((await detect(openPage, tabId)).value.candidates).toMatchObject([
    { primeiro_nome: 'Ana', source: 'linkedin' },
  ]);
  expect(await loadedExtractors(context, page)).toEqual({ ids: ['linkedin'], fromPage: 'undefined' });
});

test('content script: a LinkedIn article is read by the generic script the LinkedIn script loads', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  // No host permission for LinkedIn: the extension could not inject anything here itself.
  const url = 'https://www.linkedin.com/pulse/equipe-comercial-fernanda-albuquerque/';
  const { page, tabId } = await openTab(context, serviceWorker, url, readPage('jsonld-person.html'), {
    'content-security-policy': STRICT_CSP,
  });
  await expect.poll(async () => (await detect(openPage, tabId)).value.ok).toBe(true);
  const answer = await detect(openPage, tabId);
  expect(answer.value).toMatchObject({ url, candidates: [{ primeiro_nome: 'Fernanda', source: 'jsonld' }] });
  expect(await loadedExtractors(context, page)).toEqual({
    ids: ['linkedin', ...GENERIC],
    fromPage: 'undefined',
  });

  // Back on a profile within the page: the LinkedIn reading alone, the article's tags notwithstanding.
  await page.evaluate(() => {
    history.pushState({}, '', '/in/ana-souza-4b2a91/');
    document.body.innerHTML = '<main><section><h1>Ana Souza</h1></section></main>';
    document.title = 'Ana Souza | LinkedIn';
  });
  // The move is told to the extension once the address settles.
  await expect
    .poll(() =>
      serviceWorker.evaluate(async () => (await chrome.storage.session.get('pageChanged')).pageChanged),
    )
    .toMatchObject({ tabId, url: 'https://www.linkedin.com/in/ana-souza-4b2a91/' });
  expect((await detect(openPage, tabId)).value.candidates).toMatchObject([
    { primeiro_nome: 'Ana', source: 'linkedin' },
  ]);
});

test('content script: elsewhere the generic script is injected on demand, where the extension may', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  // The manifest grants localhost, as a granted site would be.
  const url = 'http://localhost:8765/equipe/';
  const { page, tabId } = await openTab(context, serviceWorker, url, readPage('team-page.html'));
  const answer = await detect(openPage, tabId);
  expect(answer.value.ok).toBe(true);
  expect(answer.value.candidates!.length).toBeGreaterThan(1);
  expect(answer.value.candidates!.every((c) => c.source === 'team-page')).toBe(true);
  expect(await loadedExtractors(context, page)).toEqual({ ids: GENERIC, fromPage: 'undefined' });

  // Injected again (the panel asks after a reload of the extension, say): still one answer, same people.
  await serviceWorker.evaluate(
    (id) => chrome.scripting.executeScript({ target: { tabId: id }, files: ['/content-generic.js'] }),
    tabId,
  );
  expect((await detect(openPage, tabId)).value.candidates).toEqual(answer.value.candidates);
  expect((await loadedExtractors(context, page)).ids).toEqual(GENERIC);
});

test('content script: every script a page gets at load or on demand is at most 8 kB', () => {
  const manifest = JSON.parse(readFileSync(path.join(extensionPath, 'manifest.json'), 'utf8')) as {
    content_scripts: { js: string[] }[];
  };
  const declared = manifest.content_scripts.flatMap((c) => c.js);
  expect(declared.length).toBeGreaterThan(0);
  const injected = ['content-generic.js', 'content-compose.js'];
  const sizes = Object.fromEntries(
    [...new Set([...declared, ...injected])].map((f) => [f, statSync(path.join(extensionPath, f)).size]),
  );
  for (const [file, size] of Object.entries(sizes)) expect(size, file).toBeLessThanOrEqual(8 * 1024);
});
