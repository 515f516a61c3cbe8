/// <reference types="chrome" />
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import {
  CORE,
  CORE_MODULE,
  contentFile,
  FIRST_MODULES,
  MEETING_MODULE,
  SHARED_MODULES,
} from '@/lib/extract/site';
import { RECIPE_MODULE } from '@/lib/recipe/file';
import { filesFor, sites } from '@/lib/extract/sites';
import type { Candidate } from '@/lib/extract/types';
import { extensionPath } from './browser';
import { pageCases, readPage } from '../fixtures/pages/cases';
import { judge } from '../fixtures/pages/judge';
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
    // a route matches the address without its fragment
    await context.route(url.split('#')[0]!, (route) =>
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
/**
 * The readers of what pages have in common come last, as in lib/extract/sites/index.ts: the modules load at once, and
 * each registers its readers in their place (the site's, the format readers, the shared ones) whichever loads first.
 */
const SHARED = ['page', 'fields', 'mail', 'prose', 'lines'];

/** Every content script the build has (declared, injected or loaded on demand). */
const builtScripts = () =>
  readdirSync(extensionPath)
    .filter((f) => /^content-[\w-]+\.js$/.test(f))
    .sort();

/** The first corpus page with a main person that `file` is the script for. */
const caseFor = (file: string) => pageCases.find((c) => c.main && filesFor(c.url)[0] === file)!;

for (const reader of sites.filter((r) => r.hosts.length)) {
  const c = caseFor(reader.file);
  const ids = [...sites.find((s) => s.file === reader.file)!.readers.map((x) => x.id), ...GENERIC, ...SHARED];
  test(`content script: ${c.file} at ${new URL(c.url).host} gets ${reader.file} alone, which loads its readers only when asked`, async ({
    context,
    serviceWorker,
    openPage,
  }) => {
    const { page, tabId } = await openTab(context, serviceWorker, c.url, readPage(c.file), {
      'content-security-policy': STRICT_CSP,
    });
    // Loaded with the page, the script only listens: no extractor is in the page until the extension asks.
    await expect.poll(() => loadedExtractors(context, page)).toEqual({ ids: [], fromPage: 'undefined' });
    await expect.poll(async () => (await detect(openPage, tabId)).value.ok).toBe(true);
    const { candidates = [] } = (await detect(openPage, tabId)).value;
    expect(judge(c, candidates as Candidate[]).problems).toEqual([]);
    expect(await loadedExtractors(context, page)).toEqual({ ids, fromPage: 'undefined' });
  });
}

test('content script: a LinkedIn article is read by the generic readers the LinkedIn script loads', async ({
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
    ids: ['linkedin', ...GENERIC, ...SHARED],
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
  expect(await loadedExtractors(context, page)).toEqual({
    ids: [...GENERIC, ...SHARED],
    fromPage: 'undefined',
  });

  // Injected again (the panel asks after a reload of the extension, say): still one answer, same people.
  await serviceWorker.evaluate(
    (id) => chrome.scripting.executeScript({ target: { tabId: id }, files: ['/content-generic.js'] }),
    tabId,
  );
  expect((await detect(openPage, tabId)).value.candidates).toEqual(answer.value.candidates);
  expect((await loadedExtractors(context, page)).ids).toEqual([...GENERIC, ...SHARED]);
});

test('content script: every script a page gets at load or on demand is at most 8 kB', () => {
  const manifest = JSON.parse(readFileSync(path.join(extensionPath, 'manifest.json'), 'utf8')) as {
    content_scripts: { js: string[] }[];
  };
  const declared = manifest.content_scripts.flatMap((c) => c.js);
  expect(declared.length).toBeGreaterThan(0);
  const injected = [...sites.map((r) => r.file.slice(1)), 'content-compose.js'];
  const files = [...new Set([...declared, ...injected, ...builtScripts()])];
  const sizes = Object.fromEntries(files.map((f) => [f, statSync(path.join(extensionPath, f)).size]));
  for (const [file, size] of Object.entries(sizes)) expect(size, file).toBeLessThanOrEqual(8 * 1024);
});

test('content script: every reader module, loaded on the first question, is at most 16 kB', () => {
  const modules = readdirSync(extensionPath).filter((f) => /^extract-[\w-]+\.js$/.test(f));
  // each site's module, the generic one, the readers of what pages have in common, the core module and the word
  // lists, the meeting reader beside web mail's, and the recipes' reader
  expect(modules.sort()).toEqual(
    [...new Set([...sites.map((r) => r.module), ...SHARED_MODULES, MEETING_MODULE, RECIPE_MODULE])]
      .map((m) => m.slice(1))
      .sort(),
  );
  for (const file of modules)
    expect(statSync(path.join(extensionPath, file)).size, file).toBeLessThanOrEqual(16 * 1024);
});

test('content script: the helpers every reader uses are carried once, by the core module', () => {
  const built = (module: string) => readFileSync(path.join(extensionPath, module.slice(1)), 'utf8');
  const others = [...new Set([...sites.map((r) => r.module), ...SHARED_MODULES])].filter(
    (m) => !FIRST_MODULES.includes(m),
  );
  // a name's cutting by graphemes (Intl.Segmenter, lib/text.ts under names.ts) and the © line's reading
  // (lib/extract/evidence/page-text.ts), helpers of every reader, stand in the core module alone
  const marks = ['Segmenter', 'todos os direitos'];
  for (const mark of marks) expect(built(CORE_MODULE)).toContain(mark);
  for (const module of others) {
    const code = built(module);
    for (const mark of marks) expect(code, module).not.toContain(mark);
    // what it takes from the core module, read when it runs: only helpers the core module carries
    const taken = [...code.matchAll(/__perfilIntel\.core\.(\w+)/g)].map((m) => m[1]);
    expect(taken, module).toContain('register');
    for (const name of taken) expect(Object.keys(CORE), module).toContain(name);
  }
});

/** Where the page's own world loads the reader modules from, standing in for the extension's address. */
const MODULES = 'https://perfil-intel.test/';

/**
 * Runs in a page: counts every call of a method and every read of a property of the page's nodes (Node, Element,
 * HTMLElement, Document, CharacterData), every observer made, listener added to a node or the window and timer
 * set, while `__dom.counting` is on; and stands in for the extension's API (`browser`), keeping the message
 * listeners.
 */
function watchDom(modules: string) {
  type Listener = (message: unknown, sender: unknown, reply: (r: unknown) => void) => unknown;
  const dom = { counting: false, touched: [] as string[], listeners: [] as Listener[] };
  const note = (what: string) => dom.counting && dom.touched.push(what);
  const protos = { Node, Element, HTMLElement, Document, CharacterData };
  for (const [name, { prototype }] of Object.entries(protos))
    for (const key of Object.getOwnPropertyNames(prototype)) {
      const d = Object.getOwnPropertyDescriptor(prototype, key)!;
      if (!d.configurable || key === 'constructor') continue;
      const { value, get } = d;
      if (typeof value === 'function')
        Object.defineProperty(prototype, key, {
          ...d,
          value(this: unknown, ...args: unknown[]) {
            note(`${name}.${key}()`);
            return (value as (...a: unknown[]) => unknown).apply(this, args);
          },
        });
      else if (get)
        Object.defineProperty(prototype, key, {
          ...d,
          get(this: unknown) {
            note(`${name}.${key}`);
            return get.call(this);
          },
        });
    }
  const w = window as unknown as Record<string, unknown>;
  for (const key of [
    'MutationObserver',
    'IntersectionObserver',
    'ResizeObserver',
    'setTimeout',
    'setInterval',
    'requestAnimationFrame',
    'requestIdleCallback',
    'getComputedStyle',
  ]) {
    const real = w[key] as (...a: unknown[]) => unknown;
    w[key] = new Proxy(real, {
      apply: (f, self, args) => (note(key), Reflect.apply(f, self, args)),
      construct: (f, args) => (note(`new ${key}`), Reflect.construct(f, args)),
    });
  }
  const listen = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
    if (this instanceof Node || this === window) note(`addEventListener(${args[0]})`);
    return listen.apply(this, args);
  };
  w.__dom = dom;
  w.browser = {
    runtime: {
      id: 'watch',
      getURL: (file: string) => new URL(file, modules).href,
      sendMessage: () => Promise.resolve(),
      onMessage: {
        addListener: (l: Listener) => dom.listeners.push(l),
        removeListener: (l: Listener) => dom.listeners.splice(dom.listeners.indexOf(l), 1),
      },
    },
  };
}

/** The page's window once watchDom ran. */
type Watched = {
  __dom: { counting: boolean; touched: string[]; listeners: ((...a: unknown[]) => unknown)[] };
};

test('content script: every built script, loaded into a page, does no DOM work until it is asked', async ({
  context,
}) => {
  const files = builtScripts();
  expect(files).toEqual(expect.arrayContaining(sites.map((r) => r.file.slice(1))));
  // the reader modules as the built extension has them, for the page's own world to import
  await context.route(`${MODULES}**`, (route) =>
    route.fulfill({
      path: path.join(extensionPath, new URL(route.request().url()).pathname),
      headers: { 'content-type': 'text/javascript', 'access-control-allow-origin': '*' },
    }),
  );
  for (const file of files) {
    const reader = sites.find((r) => r.file === `/${file}`);
    const c = reader ? caseFor(reader.file) : pageCases[0]!;
    const page = await servePage(context, c.url, readPage(c.file));
    await page.evaluate(watchDom, MODULES);
    // The script runs as Chrome runs it at load; what it does then, in the promises it starts or in timers it
    // sets, is counted.
    const atLoad = await page.evaluate(
      async (code) => {
        const dom = (window as unknown as Watched).__dom;
        dom.counting = true;
        (0, eval)(code);
        for (let i = 0; i < 10; i++) await null;
        dom.counting = false;
        return { touched: dom.touched, listeners: dom.listeners.length };
      },
      readFileSync(path.join(extensionPath, file), 'utf8'),
    );
    expect(atLoad, file).toEqual({ touched: [], listeners: reader ? 1 : 0 });
    if (reader) {
      // Asked, it reads the page (the count sees it) and answers with the page's main person.
      const { answer, touched } = await page.evaluate(async () => {
        const dom = (window as unknown as Watched).__dom;
        dom.counting = true;
        const answer = await new Promise<{ candidates: Candidate[] } | undefined>((reply) =>
          dom.listeners[0]!({ type: 'extract' }, {}, reply),
        );
        dom.counting = false;
        return { answer, touched: dom.touched };
      });
      expect(judge(c, answer?.candidates ?? []).problems, file).toEqual([]);
      expect(touched, file).toContainEqual(expect.stringMatching(/querySelector/));
    }
    await page.close();
  }
});

test('content script: the built reader modules, run in any order, give the page the same readers and the same answer', async ({
  context,
}) => {
  // asked for all at once, they run as they arrive; those that come before the core module wait for it
  const c = caseFor(contentFile('linkedin'));
  const files = filesFor(c.url).slice(1);
  const orders = [
    files,
    [...files].reverse(),
    [...files.slice(2), ...files.slice(0, 2)],
    [...files.slice(3), ...files.slice(0, 3)],
  ];
  const readings = [];
  for (const order of orders) {
    const page = await servePage(context, c.url, readPage(c.file));
    readings.push(
      await page.evaluate(
        (codes) => {
          for (const code of codes) (0, eval)(code);
          type S = {
            extractors: { id: string }[];
            later?: unknown[];
            read(url: string): { candidates: Candidate[] };
          };
          const s = (window as unknown as { __perfilIntel: S }).__perfilIntel;
          return {
            extractors: s.extractors.map((x) => x.id),
            waiting: s.later?.length ?? 0,
            candidates: s.read(location.href).candidates,
          };
        },
        order.map((file) => readFileSync(path.join(extensionPath, file.slice(1)), 'utf8')),
      ),
    );
    await page.close();
  }
  expect(readings[0]!.waiting).toBe(0);
  expect(judge(c, readings[0]!.candidates).problems).toEqual([]);
  for (const reading of readings.slice(1)) expect(reading).toEqual(readings[0]);
});
