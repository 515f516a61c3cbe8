/// <reference types="chrome" />
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { FAMILIES, readerCases, pageCases, readPage, type PageCase } from '../fixtures/pages/cases';
import { SITE_MATCHES } from '@/lib/extract/sites';
import {
  atTop,
  clickToolbarIcon,
  detectedNames,
  openPanel,
  openTab,
  seriousViolations,
  setSettings,
} from './sidepanel.helpers';

/*
 * Detection end to end: the fixture pages are served under their real addresses, so the content script the
 * manifest declares for those sites injects as it would there, and the side panel shows who it found.
 */

const fullName = (p: PageCase['expected'][number]) => `${p.primeiro_nome} ${p.ultimo_nome}`.trim();
const declared = (url: string) =>
  SITE_MATCHES.some((m) => new RegExp(`^${m.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}`).test(url));
const caseOf = (file: string, url?: string) =>
  pageCases.find((c) => c.file === file && (!url || c.url === url))!;

test.beforeEach(async ({ serviceWorker }) => {
  await setSettings(serviceWorker, { language: 'pt' });
});

/** The toolbar icon opens the side panel (no popup): its click reaches action.onClicked. */
async function iconOpensPanel(serviceWorker: Worker) {
  await setSettings(serviceWorker, { language: 'pt', actionOpens: 'sidepanel' });
  await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getPopup({}))).toBe('');
}

/** Every permission request the panel makes from now on, answered "yes" (Chrome's prompt cannot be answered). */
async function recordRequests(panel: Page) {
  await panel.evaluate(() => {
    const w = window as unknown as { asked: unknown[] };
    w.asked = [];
    chrome.permissions.request = ((p: chrome.permissions.Permissions) => {
      w.asked.push({ ...p, activation: navigator.userActivation.isActive });
      return Promise.resolve(true);
    }) as typeof chrome.permissions.request;
  });
  return () => panel.evaluate(() => (window as unknown as { asked: unknown[] }).asked);
}

const grantedOrigins = (serviceWorker: Worker) =>
  serviceWorker.evaluate(async () => (await chrome.permissions.getAll()).origins ?? []);

/** A sample of the corpus on sites with their own script: the first page of each such family, and every hostile one. */
const staticCases = readerCases.filter(
  (c) =>
    declared(c.url) &&
    c.expected.length > 0 &&
    (c.family === 'hostile' ||
      readerCases.find((x) => x.family === c.family && declared(x.url) && x.expected.length) === c),
);
const sampledFamilies = new Set(staticCases.map((c) => c.family));
// the corpus families read by the generic script, reached through the toolbar click
const gestureCases = FAMILIES.filter((f) => !sampledFamilies.has(f))
  .map((f) => readerCases.filter((c) => c.family === f && !declared(c.url)).at(-1))
  .filter((c): c is PageCase => !!c);

for (const c of staticCases) {
  test(`${c.extractor}: ${c.file} at ${new URL(c.url).host} shows ${c.expected.map(fullName).join(', ')}`, async ({
    context,
    serviceWorker,
    openPage,
    shot,
  }) => {
    const { tabId } = await openTab(context, serviceWorker, c.url, readPage(c.file));
    const panel = await openPanel(openPage, tabId);
    await expect(detectedNames(panel)).toHaveText(c.expected.map(fullName));
    // the viewer, commenters, "people also viewed": never on the list
    const listed = (await detectedNames(panel).allTextContents()).join('|');
    for (const n of c.noise) expect(listed).not.toContain(n);
    if (c.expected.length === 1) {
      // One person: the form is filled with exactly what will be sent.
      const [p] = c.expected;
      await expect(panel.getByLabel('Primeiro nome *')).toHaveValue(p!.primeiro_nome);
      await expect(panel.getByLabel('Sobrenome')).toHaveValue(p!.ultimo_nome);
      await expect(panel.getByLabel('Empresa *')).toHaveValue(p!.empresa);
    }
    await shot(await atTop(panel), `detect-${c.file.replace(/\.html$/, '')}`);
  });
}

test('LinkedIn in-app navigation: the panel moves to the new profile and never shows the previous one again', async ({
  context,
  serviceWorker,
  openPage,
  shot,
}) => {
  const first = caseOf('linkedin-profile.html', 'https://www.linkedin.com/in/ana-souza-4b2a91/');
  const after = caseOf('linkedin-after-navigation.html');
  const { page, tabId } = await openTab(context, serviceWorker, first.url, readPage(first.file));
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel)).toHaveText(['Ana Souza']);
  await expect(panel.getByLabel('Primeiro nome *')).toHaveValue('Ana');

  // Every change of what the panel shows, from now on.
  await panel.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    const record = () => {
      const names = [...document.querySelectorAll('[data-testid=candidate-name]')].map((e) => e.textContent);
      const form = document.querySelector<HTMLInputElement>('input[name=primeiro_nome]')?.value ?? '';
      seen.push(`${names.join('|')}/${form}`);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });

  // As LinkedIn does: the address changes first, the page re-renders a moment later.
  await page.evaluate((url) => history.pushState({}, '', url), new URL(after.url).pathname);
  await page.waitForTimeout(1_800);
  await page.evaluate((html) => {
    const next = new DOMParser().parseFromString(html, 'text/html');
    document.title = next.title;
    document.body.replaceWith(document.adoptNode(next.body));
  }, readPage(after.file));

  await expect(detectedNames(panel)).toHaveText(['Bruno Lima']);
  await expect(panel.getByLabel('Empresa *')).toHaveValue('Stone Pagamentos S.A.');
  const seen = await panel.evaluate(() => (window as unknown as { seen: string[] }).seen);
  const firstChange = seen.findIndex((s) => !s.includes('Ana'));
  expect(firstChange).toBeGreaterThanOrEqual(0);
  expect(seen.slice(firstChange).filter((s) => s.includes('Ana'))).toEqual([]);
  await shot(await atTop(panel), 'detect-linkedin-after-navigation');
});

test('LinkedIn profile: the top card answers first, and the fuller reading that follows fills the form by itself', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  // linkedin-profile.html with the company left out of its top card (headline, current-company button) and no
  // experience card: the card gives the name alone; the page's embedded JSON and og:title still name the company
  const url = 'https://www.linkedin.com/in/ana-souza-4b2a91/';
  const html = readPage('linkedin-profile.html')
    .replace('>Head de Vendas na Nubank | Palestrante<', '>Head de Vendas | Palestrante<')
    .replace('aria-label="Empresa atual: Nubank.', 'aria-label="Formação.')
    .replace('id="experience"', 'id="sobre"');
  const { tabId } = await openTab(context, serviceWorker, url, html);
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel)).toHaveText(['Ana Souza']);
  await expect(panel.getByLabel('Empresa *')).toHaveValue('Nubank');
  await expect(panel.getByLabel('Primeiro nome *')).toHaveValue('Ana');
});

test('a team page lists everyone on it', async ({ context, serviceWorker, openPage, shot }) => {
  const team = caseOf('team-page.html');
  // The manifest grants localhost, so the content script is injected there on demand, as after a grant.
  const { tabId } = await openTab(
    context,
    serviceWorker,
    'http://localhost:8765/equipe/',
    readPage(team.file),
  );
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel)).toHaveText(team.expected.map(fullName));
  await expect(
    panel.getByText(
      `${team.expected.length} pessoas detectadas. Escolha quem analisar, ou analise todas em lote.`,
    ),
  ).toBeVisible();
  // Nobody is picked for the user; choosing one fills the form.
  await expect(panel.getByTestId('lookup-form')).toHaveCount(0);
  await panel.getByRole('button', { name: /Larissa de Souza Lima/ }).click();
  await expect(panel.getByRole('button', { name: /Larissa de Souza Lima/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(panel.getByLabel('Primeiro nome *')).toHaveValue('Larissa');
  await expect(panel.getByLabel('Sobrenome')).toHaveValue('de Souza Lima');
  await expect(panel.getByLabel('Empresa *')).toHaveValue('Pipoca Tecnologia Ltda.');
  expect(await seriousViolations(panel)).toEqual([]);
  await shot(await atTop(panel), 'detect-team-page');
});

test('a site without its own reader: no prompt for every site, the toolbar click reads it, a lasting grant names that site alone', async ({
  context,
  serviceWorker,
  extensionId,
  openPage,
  shot,
}) => {
  await iconOpensPanel(serviceWorker);
  const team = caseOf('team-page.html');
  const { page, tabId } = await openTab(context, serviceWorker, team.url, readPage(team.file));
  const panel = await openPanel(openPage, tabId);
  await expect(panel.getByTestId('people')).toHaveAttribute('data-status', 'not_granted');
  // Chrome hides the address: the panel asks for nothing, it points at the icon
  await expect(panel.getByTestId('use-gesture')).toBeVisible();
  await expect(panel.getByTestId('allow-site')).toHaveCount(0);
  await expect(panel.getByLabel('Primeiro nome *')).toHaveValue('');
  const asked = await recordRequests(panel);
  expect(await seriousViolations(panel)).toEqual([]);
  await shot(await atTop(panel), 'detect-not-granted');

  // A real side panel sits beside the page, which stays the active tab; here the panel is a tab of its own, so
  // the page is brought back to the front before the click (the toolbar acts on the active tab).
  await page.bringToFront();
  await clickToolbarIcon(context, extensionId, page);
  // the open panel looks again and reads the page: no prompt, no grant kept
  await expect(detectedNames(panel)).toHaveText(team.expected.map(fullName));
  expect(await asked()).toEqual([]);
  const origins = await grantedOrigins(serviceWorker);
  expect(origins).not.toContain('https://*/*');
  expect(origins).not.toContain('https://pipoca.com.br/*');

  // Keeping the site asks for its origin alone, inside the click.
  await panel.getByTestId('keep-site').click();
  expect(await asked()).toEqual([{ origins: ['https://pipoca.com.br/*'], activation: true }]);
  await expect(panel.getByTestId('keep-site')).toHaveCount(0);
});

for (const c of gestureCases)
  test(`${c.family}: ${c.file} at ${new URL(c.url).host}, read after the toolbar click`, async ({
    context,
    serviceWorker,
    extensionId,
    openPage,
  }) => {
    await iconOpensPanel(serviceWorker);
    const { page, tabId } = await openTab(context, serviceWorker, c.url, readPage(c.file));
    await clickToolbarIcon(context, extensionId, page);
    const panel = await openPanel(openPage, tabId);
    if (c.expected.length) await expect(detectedNames(panel)).toHaveText(c.expected.map(fullName));
    else await expect(panel.getByTestId('nobody')).toBeVisible();
    const listed = (await detectedNames(panel).allTextContents()).join('|');
    for (const n of c.noise) expect(listed).not.toContain(n);
  });

test('a page with nobody on it says so and offers the manual form', async ({
  context,
  serviceWorker,
  openPage,
  shot,
}) => {
  const { tabId } = await openTab(
    context,
    serviceWorker,
    'https://github.com/features/actions',
    '<!doctype html><html lang="en"><head><title>GitHub Actions</title></head><body><main><h1>Automate your workflow</h1></main></body></html>',
  );
  const panel = await openPanel(openPage, tabId);
  await expect(panel.getByTestId('nobody')).toHaveText(
    'Ninguém foi detectado nesta página. Preencha abaixo quem você quer analisar.',
  );
  for (const label of ['Primeiro nome *', 'Sobrenome', 'Empresa *', 'Contexto adicional'])
    await expect(panel.getByLabel(label)).toHaveValue('');
  expect(await seriousViolations(panel)).toEqual([]);
  await shot(await atTop(panel), 'sidepanel-empty');
});
