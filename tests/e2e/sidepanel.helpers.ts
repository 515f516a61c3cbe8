/// <reference types="chrome" />
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page, type Worker } from '@playwright/test';

/** A side panel's width in Chrome; screenshots show what a seller sees. */
export const PANEL_VIEWPORT = { width: 400, height: 900 };

/** axe-core violations of serious or critical impact (its Playwright types come from another playwright-core copy). */
export async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page } as unknown as ConstructorParameters<
    typeof AxeBuilder
  >[0]).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** A worker that has just started may not have its extension APIs bound yet. */
export async function workerReady(serviceWorker: Worker) {
  await expect
    .poll(() =>
      serviceWorker.evaluate(() => typeof chrome !== 'undefined' && !!chrome.storage).catch(() => false),
    )
    .toBe(true);
}

/** Merges into the stored settings, as the options page would. */
export async function setSettings(serviceWorker: Worker, patch: Record<string, unknown>) {
  await workerReady(serviceWorker);
  await serviceWorker.evaluate(async (p) => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...settings, ...p } });
  }, patch);
}

/** Tabs showing web pages: the extension's own pages (the onboarding opens itself on install) are left out. */
const tabIds = (serviceWorker: Worker) =>
  serviceWorker.evaluate(async () =>
    (await chrome.tabs.query({})).filter((t) => !t.url?.startsWith('chrome-extension://')).map((t) => t.id!),
  );

/**
 * Serves `html` at `url` in a new tab and returns the tab's id. Chrome hides the address of a tab the extension
 * has no host permission for, so the tab is found as the one that appeared, not by its URL.
 */
export async function openTab(context: BrowserContext, serviceWorker: Worker, url: string, html: string) {
  const before = await tabIds(serviceWorker);
  // The request carries no #fragment (Gmail's and Outlook's addresses have one), so the route must not either.
  const served = new URL(url);
  served.hash = '';
  await context.route(served.href, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }),
  );
  const page = await context.newPage();
  await page.goto(url);
  const tabId = (await tabIds(serviceWorker)).find((id) => !before.includes(id));
  if (tabId === undefined) throw new Error(`no new tab for ${url}`);
  return { page, tabId };
}

/**
 * The side panel pinned to `tabId`, at a side panel's size. `follow: 'active'`: it starts on `tabId` and then
 * follows each tab the test brings to the front (`page.bringToFront()`), as the side panel follows its window's.
 */
export async function openPanel(
  openPage: (path: string) => Promise<Page>,
  tabId: number,
  { follow }: { follow?: 'active' } = {},
): Promise<Page> {
  const panel = await openPage(`sidepanel.html?tabId=${tabId}${follow ? `&follow=${follow}` : ''}`);
  await panel.setViewportSize(PANEL_VIEWPORT);
  return panel;
}

/** The names the panel lists as detected on its page. */
export const detectedNames = (panel: Page) => panel.getByTestId('candidate-name');

/** Screenshots are taken from the top, so the sticky header sits where it belongs. */
export async function atTop(page: Page): Promise<Page> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page;
}

/**
 * Waits until the quote for what the form holds now is in: the run button names its cost and no quote is on its
 * way (a field just edited asks for a new one; a click before it arrives waits for it).
 */
export async function priced(panel: Page, depth: 'quick' | 'complete' | 'plus', cost: string | RegExp) {
  await panel.getByTestId(`depth-${depth}`).check();
  await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
  await expect(panel.getByTestId('run')).toHaveText(cost);
}

/**
 * Presses the extension's toolbar icon on `page`'s tab, as the user's click does (Chrome's own action path, with
 * the activeTab grant it brings), through the browser's DevTools protocol: Extensions.triggerAction.
 */
export async function clickToolbarIcon(context: BrowserContext, extensionId: string, page: Page) {
  const cdp = await context.browser()!.newBrowserCDPSession();
  const send = cdp.send.bind(cdp) as unknown as (method: string, params?: object) => Promise<unknown>;
  const { targetInfos } = (await send('Target.getTargets', { filter: [{ type: 'tab' }] })) as {
    targetInfos: { targetId: string; url: string }[];
  };
  const tab = targetInfos.find((t) => t.url === page.url());
  if (!tab) throw new Error(`no tab target for ${page.url()}`);
  await send('Extensions.triggerAction', { id: extensionId, targetId: tab.targetId });
  await cdp.detach();
}
