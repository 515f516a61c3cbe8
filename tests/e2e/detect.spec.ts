/// <reference types="chrome" />
import { test, expect } from './fixtures';
import { pageCases, readPage, type PageCase } from '../fixtures/pages/cases';
import { SITE_MATCHES } from '@/lib/extract/registry';
import {
  atTop,
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

const staticCases = pageCases.filter((c) => declared(c.url) && c.expected.length > 0);

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

test('a site not granted yet offers the permission, asked inside the click, then detects again', async ({
  context,
  serviceWorker,
  openPage,
  shot,
}) => {
  const team = caseOf('team-page.html');
  const { tabId } = await openTab(context, serviceWorker, team.url, readPage(team.file));
  const panel = await openPanel(openPage, tabId);
  const allow = panel.getByTestId('allow-site');
  await expect(allow).toBeVisible();
  await expect(panel.getByTestId('people')).toHaveAttribute('data-status', 'not_granted');
  // The manual form is offered meanwhile.
  await expect(panel.getByLabel('Primeiro nome *')).toHaveValue('');
  expect(await seriousViolations(panel)).toEqual([]);
  await shot(await atTop(panel), 'detect-not-granted');

  // Chrome's permission prompt cannot be answered from a test: record the request, answer "yes", and count
  // the detections the panel asks for afterwards.
  await panel.evaluate(() => {
    const w = window as unknown as { asked: unknown[]; detections: number };
    w.asked = [];
    w.detections = 0;
    chrome.permissions.request = ((p: chrome.permissions.Permissions) => {
      w.asked.push({ ...p, activation: navigator.userActivation.isActive });
      return Promise.resolve(true);
    }) as typeof chrome.permissions.request;
    const send = chrome.runtime.sendMessage.bind(chrome.runtime) as (m: unknown) => Promise<unknown>;
    chrome.runtime.sendMessage = ((m: { type?: string }) => {
      if (m?.type === 'detect') w.detections++;
      return send(m);
    }) as typeof chrome.runtime.sendMessage;
  });
  await allow.click();
  expect(await panel.evaluate(() => (window as unknown as { asked: unknown[] }).asked)).toEqual([
    { origins: ['https://*/*'], activation: true },
  ]);
  await expect
    .poll(() => panel.evaluate(() => (window as unknown as { detections: number }).detections))
    .toBeGreaterThan(0);
  // Without the real grant the page stays unreadable.
  await expect(panel.getByTestId('people')).toHaveAttribute('data-status', 'not_granted');
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
