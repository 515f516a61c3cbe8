import { readFileSync } from 'node:fs';
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { detectedNames, openPanel, openTab, setSettings } from './sidepanel.helpers';

/*
 * The seller's correction teaches the site, through the built extension: a CRM record on a site the extension reads
 * (the manifest grants localhost, as a granted site) whose company detection gets wrong; the seller corrects it in the
 * panel's form, and the next record of the same site shows the right person at the right company. The options list
 * the recipe and delete it; a page of the site after a redesign says the recipe no longer finds what it was taught.
 */

const fixture = (file: string) =>
  readFileSync(new URL(`../fixtures/recipe/${file}`, import.meta.url), 'utf8');
const SITE = 'http://localhost:8765/crm/org771204/tab/Contacts';
const storedRecipes = (serviceWorker: Worker) =>
  serviceWorker.evaluate(async () => (await chrome.storage.local.get('recipes')).recipes ?? {});

/** The panel's first detected person's company line. */
const firstCompany = (panel: Page) => panel.getByTestId('candidate').first();

/** Page A's company corrected in the panel's form; resolves once the panel says what it learnt. */
async function teach(panel: Page) {
  await expect(detectedNames(panel)).toHaveText(['Felipe Andrade Souto']);
  const company = panel.locator('input[name="empresa"]');
  await expect(company).toHaveValue('Mrfoods');
  await company.fill('Maple Ridge Foods Inc.');
  await expect(panel.getByTestId('recipe-learnt')).toHaveText(
    'Aprendido para localhost:8765: o nome e a empresa. Nas próximas páginas deste site, a extensão procura nesses lugares.',
  );
}

// three pages and the options, each loaded in its own tab
test.slow();

test.beforeEach(async ({ serviceWorker }) => {
  await setSettings(serviceWorker, { language: 'pt' });
});

test('a company corrected on one record is read on the next record of the same site; deleted in the options, it is gone', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  const a = await openTab(context, serviceWorker, `${SITE}/5129000000412001`, fixture('crm-contact-a.html'));
  const panelA = await openPanel(openPage, a.tabId);
  await teach(panelA);
  // what is kept: where the values are, never the values
  const kept = JSON.stringify(await storedRecipes(serviceWorker));
  expect(kept).toContain('localhost:8765');
  for (const value of ['Felipe', 'Souto', 'Maple', 'Ridge']) expect(kept).not.toContain(value);

  // the next record: detection alone finds nobody there (a free-mail address, a field it does not know)
  const b = await openTab(context, serviceWorker, `${SITE}/5129000000533017`, fixture('crm-contact-b.html'));
  const panelB = await openPanel(openPage, b.tabId);
  await expect(detectedNames(panelB)).toHaveText(['Renata Vasconcelos']);
  await expect(firstCompany(panelB)).toContainText('Cooperativa Vale Verde');
  await expect(panelB.locator('input[name="empresa"]')).toHaveValue('Cooperativa Vale Verde');

  // the options list it; deleted, it is gone
  const options = await openPage('options.html');
  const recipe = options.getByTestId('recipe');
  await expect(recipe).toHaveCount(1);
  await expect(recipe.getByTestId('recipe-site')).toHaveText('localhost:8765/crm/*/tab/*/*');
  await expect(recipe).toContainText('nome, empresa');
  await options.getByRole('button', { name: 'Apagar a receita de localhost:8765/crm/*/tab/*/*' }).click();
  await expect(options.getByTestId('recipes-empty')).toBeVisible();
  expect(await storedRecipes(serviceWorker)).toEqual({});

  // and the record reads as detection alone reads it
  const again = await openTab(
    context,
    serviceWorker,
    `${SITE}/5129000000533018`,
    fixture('crm-contact-b.html'),
  );
  const panelAgain = await openPanel(openPage, again.tabId);
  await expect(panelAgain.getByTestId('nobody')).toBeVisible();
});

test('a recipe that no longer finds its fields after the site changed says so, and detection answers', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  const a = await openTab(context, serviceWorker, `${SITE}/5129000000412001`, fixture('crm-contact-a.html'));
  await teach(await openPanel(openPage, a.tabId));

  const c = await openTab(
    context,
    serviceWorker,
    `${SITE}/5129000000611042`,
    fixture('crm-contact-redesigned.html'),
  );
  const panel = await openPanel(openPage, c.tabId);
  await expect(panel.getByTestId('recipe-missing')).toHaveText(
    'A receita deste site não encontrou o nome e a empresa; usando a detecção automática.',
  );
  await expect(detectedNames(panel)).toHaveText(['Tiago Moreira Lins']);
});

test('"Mostrar na página": the seller points at the name and then the company, with the keyboard too; Esc cancels', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  const a = await openTab(context, serviceWorker, `${SITE}/5129000000412001`, fixture('crm-contact-a.html'));
  const panel = await openPanel(openPage, a.tabId);
  await expect(detectedNames(panel)).toHaveText(['Felipe Andrade Souto']);

  // Esc cancels: nothing kept, the form as it was
  await panel.getByTestId('show-on-page').click();
  await expect(panel.getByTestId('picking')).toBeVisible();
  await expect(a.page.getByText('Clique no nome da pessoa')).toBeVisible();
  await a.page.keyboard.press('Escape');
  await expect(panel.getByTestId('show-on-page')).toBeVisible();
  await expect(a.page.getByText('Clique no nome da pessoa')).toHaveCount(0);
  expect(await storedRecipes(serviceWorker)).toEqual({});

  // the name by a click, the company by the keyboard (Tab moves the highlight, Enter takes it)
  await panel.getByTestId('show-on-page').click();
  await expect(a.page.getByText('Clique no nome da pessoa')).toBeVisible();
  await a.page.locator('#headervalue_Full_Name').click();
  await expect(a.page.getByText('Agora clique na empresa')).toBeVisible();
  await a.page.getByText('Cliente final').hover();
  await a.page.keyboard.press('Tab');
  await a.page.keyboard.press('Enter');
  await expect(panel.getByTestId('recipe-learnt')).toContainText('o nome e a empresa');
  await expect(panel.locator('input[name="empresa"]')).toHaveValue('Maple Ridge Foods Inc.');

  const b = await openTab(context, serviceWorker, `${SITE}/5129000000533017`, fixture('crm-contact-b.html'));
  const panelB = await openPanel(openPage, b.tabId);
  await expect(detectedNames(panelB)).toHaveText(['Renata Vasconcelos']);
  await expect(panelB.locator('input[name="empresa"]')).toHaveValue('Cooperativa Vale Verde');
});
