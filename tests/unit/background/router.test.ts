import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createRouter, type Handlers } from '@/lib/background/router';
import type { Sender } from '@/lib/background/sender';

const ID = fakeBrowser.runtime.id;
const ours = { id: ID, origin: `chrome-extension://${ID}/` };
const panel: Sender = { id: ID, url: `chrome-extension://${ID}/sidepanel.html` };
// An options page opened in a tab still counts as ours: the page's address decides, not the tab.
const optionsInTab: Sender = { id: ID, url: `chrome-extension://${ID}/options.html`, tab: { id: 7 } };
const contentScript: Sender = { id: ID, url: 'https://www.linkedin.com/in/ana', tab: { id: 3 } };
const otherExtension: Sender = { id: 'someone-else', url: 'chrome-extension://someone-else/page.html' };

function setup() {
  const seen: { type: string; data: unknown }[] = [];
  const pageChanges: [number, string][] = [];
  const record =
    (type: string, value: unknown) =>
    async (data: unknown): Promise<never> => {
      seen.push({ type, data });
      return value as never;
    };
  const handlers = {
    'credits.get': record('credits.get', { balance: 5 }),
    lookup: record('lookup', { jobId: 'j1' }),
    'history.list': record('history.list', []),
    'key.set': async () => {
      throw new Error('disk on fire');
    },
  } as unknown as Handlers;
  const route = createRouter({
    handlers,
    ours,
    ready: Promise.resolve(),
    onPageChanged: async (tabId, url) => void pageChanges.push([tabId, url]),
  });
  return { route, seen, pageChanges };
}

beforeEach(() => fakeBrowser.reset());

describe('router', () => {
  it('hands a valid request from our pages to its handler, with the parsed data', async () => {
    const { route, seen } = setup();
    expect(await route({ type: 'credits.get', data: {} }, panel)).toEqual({
      ok: true,
      value: { balance: 5 },
    });
    expect(await route({ type: 'history.list', data: { query: '  ana  ' } }, optionsInTab)).toEqual({
      ok: true,
      value: [],
    });
    // Defaults and trimming come from the schema.
    expect(seen).toEqual([
      { type: 'credits.get', data: { refresh: false } },
      { type: 'history.list', data: { query: 'ana', limit: 50 } },
    ]);
  });

  it('lets a content script send only page-changed, and forwards it with its tab', async () => {
    const { route, seen, pageChanges } = setup();
    const lookup = {
      type: 'lookup',
      data: { input: { primeiro_nome: 'Ana', empresa: 'Nubank' }, depth: 'plus', lang: 'pt' },
    };
    const refused = await route(lookup, contentScript);
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', charged: 'no' } });
    expect(await route({ type: 'credits.get', data: {} }, contentScript)).toMatchObject({ ok: false });
    expect(seen).toEqual([]);

    expect(
      await route({ type: 'page-changed', url: 'https://www.linkedin.com/in/bia' }, contentScript),
    ).toEqual({
      ok: true,
      value: null,
    });
    expect(pageChanges).toEqual([[3, 'https://www.linkedin.com/in/bia']]);
    // Not a web address: refused.
    expect(await route({ type: 'page-changed', url: 'javascript:alert(1)' }, contentScript)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    // Only a content script reports page changes.
    expect(await route({ type: 'page-changed', url: 'https://a.example/' }, panel)).toMatchObject({
      ok: false,
    });
    expect(pageChanges).toHaveLength(1);
  });

  it('refuses another extension and a sender that is neither our page nor a tab', async () => {
    const { route, seen } = setup();
    for (const sender of [
      otherExtension,
      { ...panel, id: 'someone-else' },
      { id: ID },
      { id: ID, url: 'https://x.example/' },
    ]) {
      expect(await route({ type: 'credits.get', data: {} }, sender)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN' },
      });
    }
    // A look-alike of our origin is not our origin.
    expect(
      await route(
        { type: 'credits.get', data: {} },
        { id: ID, url: `https://chrome-extension-${ID}.example/`, tab: { id: 1 } },
      ),
    ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(seen).toEqual([]);
  });

  it('refuses unknown types and invalid payloads with INVALID_REQUEST', async () => {
    const { route, seen } = setup();
    expect(await route({ type: 'extract' }, panel)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    expect(await route({ type: 'toString' }, panel)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    expect(await route('credits.get', panel)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
    const bad = await route(
      {
        type: 'lookup',
        data: { input: { primeiro_nome: '', empresa: 'Nubank' }, depth: 'huge', lang: 'pt' },
      },
      panel,
    );
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST', charged: 'no' } });
    if (!bad.ok) expect(bad.error.details?.serviceMessage).toMatch(/input\.primeiro_nome.*depth/);
    expect(seen).toEqual([]);
  });

  it('answers a handler failure as a typed error, never a thrown class', async () => {
    const { route } = setup();
    const reply = await route({ type: 'key.set', data: { key: 'complete_api_abcdefghijklmnop' } }, panel);
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'UNEXPECTED', message: { pt: expect.any(String) } },
    });
    expect(JSON.parse(JSON.stringify(reply))).toEqual(reply);
  });

  it('waits for the start-up before any handler runs', async () => {
    let release!: () => void;
    const ready = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    const route = createRouter({
      handlers: { 'credits.get': async () => (order.push('handler'), { balance: 1 }) } as unknown as Handlers,
      ours,
      ready: ready.then(() => void order.push('ready')),
      onPageChanged: async () => undefined,
    });
    const reply = route({ type: 'credits.get', data: {} }, panel);
    await Promise.resolve();
    expect(order).toEqual([]);
    release();
    await reply;
    expect(order).toEqual(['ready', 'handler']);
  });

  it('answers who is on a tab without waiting for the start-up, which reads nothing detect needs', async () => {
    const order: string[] = [];
    const route = createRouter({
      handlers: {
        detect: async () => (order.push('detect'), { ok: true, url: 'u', title: 't', candidates: [] }),
        'credits.get': async () => (order.push('credits'), { balance: 1 }),
      } as unknown as Handlers,
      ours,
      // a start-up that never ends
      ready: new Promise(() => undefined),
      onPageChanged: async () => undefined,
    });
    const credits = route({ type: 'credits.get', data: {} }, panel);
    expect(await route({ type: 'detect', data: { tabId: 4 } }, panel)).toMatchObject({ ok: true });
    // still checked like any message
    expect(await route({ type: 'detect', data: { tabId: -1 } }, panel)).toMatchObject({ ok: false });
    expect(await route({ type: 'detect', data: { tabId: 4 } }, contentScript)).toMatchObject({ ok: false });
    await new Promise((r) => setTimeout(r, 20));
    expect(order).toEqual(['detect']);
    void credits;
  });
});
