import type { BrowserContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { pageCases, readPage, type PageCase } from '../fixtures/pages/cases';
import { detectedNames, openPanel, openTab, setSettings } from './sidepanel.helpers';

/*
 * Detection beyond the modelled pages, through the built extension: a LinkedIn list of people (every person, and
 * the batch offered as for a team page, the roles going as context), a CRM record with no reader of its own and
 * leadership pages of figure cards, the English one's each in a column of its own with the role after a line break
 * (read on a site the user granted: the manifest grants localhost, so the generic script is injected there as after
 * a grant), a company registry's partners (at the company the page describes, not at the lookup site), an Outlook
 * reading pane (its site's script, the generic readers beside it), web-app views (a call's participants, a service
 * request's requester, an e-signature document's signers, a webinar's registrants and speakers).
 */

const caseOf = (file: string) => pageCases.find((c) => c.file === file)!;
const fullName = (p: PageCase['expected'][number]) => `${p.primeiro_nome} ${p.ultimo_nome}`.trim();

/** "Analisar em lote" from the panel: the batch page it opens, loaded. */
async function openBatch(context: BrowserContext, panel: Page) {
  const opened = context.waitForEvent('page');
  await panel.getByTestId('batch-link').click();
  const batch = await opened;
  await batch.waitForLoadState();
  return batch;
}

test.beforeEach(async ({ serviceWorker }) => {
  await setSettings(serviceWorker, { language: 'pt' });
});

// in Portuguese; in English, its list headed "People you may know", the company from the headline or the page
for (const file of ['li-company-people.html', 'li-company-people-en.html'])
  test(`${file}: a LinkedIn company people tab lists everyone with their company, and offers them all as a batch, roles as context`, async ({
    context,
    serviceWorker,
    openPage,
    admin,
    useKey,
  }) => {
    await useKey(await admin.account({ tier: 'complete', credits: 200 }));
    const c = caseOf(file);
    const { tabId } = await openTab(context, serviceWorker, c.url, readPage(c.file));
    const panel = await openPanel(openPage, tabId);
    await expect(detectedNames(panel)).toHaveText(c.expected.map(fullName));
    const listed = (await detectedNames(panel).allTextContents()).join('|');
    for (const n of c.noise) expect(listed).not.toContain(n);
    await expect(
      panel.getByText(
        `${c.expected.length} pessoas detectadas. Escolha quem analisar, ou analise todas em lote.`,
      ),
    ).toBeVisible();
    const batch = await openBatch(context, panel);
    await expect(batch.getByLabel(`Selecionar todas (${c.expected.length})`)).toBeChecked();
    for (const p of c.expected) await expect(batch.getByLabel(`${fullName(p)} — ${p.empresa}`)).toBeChecked();
    const [first] = c.expected;
    await batch.getByRole('button', { name: `Adicionar ${c.expected.length} selecionadas` }).click();
    await expect(batch.getByLabel(`Contexto de ${fullName(first!)}`)).toHaveValue(first!.cargo!);
  });

test("LinkedIn's My Network suggestions grid shows nobody, though its cards look like a company's people", async ({
  context,
  serviceWorker,
  openPage,
}) => {
  const c = caseOf('li-mynetwork-pymk.html');
  const { tabId } = await openTab(context, serviceWorker, c.url, readPage(c.file));
  const panel = await openPanel(openPage, tabId);
  await expect(panel.getByTestId('nobody')).toBeVisible();
  await expect(detectedNames(panel)).toHaveCount(0);
});

test("a company registry's page lists its partners at the company it describes, never at the site's own brand", async ({
  context,
  serviceWorker,
  openPage,
  admin,
  useKey,
}) => {
  await useKey(await admin.account({ tier: 'complete', credits: 200 }));
  const c = caseOf('cnpja-office.html');
  const { tabId } = await openTab(
    context,
    serviceWorker,
    'http://localhost:8765/office/07512345000188',
    readPage(c.file),
  );
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel)).toHaveText(c.expected.map(fullName));
  const batch = await openBatch(context, panel);
  for (const p of c.expected) await expect(batch.getByLabel(`${fullName(p)} — ${p.empresa}`)).toBeChecked();
  await expect(batch.getByText('CNPJá', { exact: false })).toHaveCount(0);
});

test('a leadership page of figure cards, one per column, the role after a line break: its three people at the company only og:site_name and the © line name', async ({
  context,
  serviceWorker,
  openPage,
  admin,
  useKey,
}) => {
  await useKey(await admin.account({ tier: 'complete', credits: 200 }));
  const c = caseOf('leadership-figure-en.html');
  const { tabId } = await openTab(
    context,
    serviceWorker,
    'http://localhost:8765/company/leadership/',
    readPage(c.file),
  );
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel)).toHaveText(['Eleanor Vasquez', 'Kwame Mensah', 'Lucas Ferreira Neto']);
  const batch = await openBatch(context, panel);
  for (const name of ['Eleanor Vasquez', 'Kwame Mensah', 'Lucas Ferreira Neto'])
    await expect(batch.getByLabel(`${name} — Northbeam Robotics`)).toBeChecked();
  await expect(batch.getByText('Jamie Lindgren', { exact: false })).toHaveCount(0);
});

for (const [file, path] of [
  ['ploomes-contact.html', '/crm/contato/'],
  ['leadership-figure.html', '/lideranca/'],
  // the prose reader: a press release's spokesperson, not the agency's contact nor anyone quoted after
  ['press-release-pt.html', '/imprensa/nova-fabrica/'],
  // web-app views: a call's participants without the viewer's own row ("(você)"); a request's requester in a box
  ['jitsi-participants.html', '/ReuniaoFornecedores'],
  ['jsm-request-agent.html', '/servicedesk/SUP-1377'],
  // e-signature apps: the customer's signers listed by their written address, never the sender who signs too
  ['documenso-documento-ptbr.html', '/t/vetta/documents/9127'],
  ['opensign-completed.html', '/recipientSignPdf/Vb3NwK8sQe'],
  // a webinar's registrants in the host's portal (a table of people), never the host in the app's bar nor the
  // panelists at the host's domain
  ['zoom-webinar-registrants-pt.html', '/webinar/88155234091'],
] as const)
  test(`${file}: a page without a reader of its own, on a granted site, shows its people`, async ({
    context,
    serviceWorker,
    openPage,
  }) => {
    const c = caseOf(file);
    const { tabId } = await openTab(context, serviceWorker, `http://localhost:8765${path}`, readPage(c.file));
    const panel = await openPanel(openPage, tabId);
    await expect(detectedNames(panel)).toHaveText(c.expected.map(fullName));
    const listed = (await detectedNames(panel).allTextContents()).join('|');
    for (const n of c.noise) expect(listed).not.toContain(n);
  });

test('Outlook on the web: the external sender of the reading pane, with the company of the signature, never a city', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  const c = caseOf('outlook-signature-city.html');
  const { tabId } = await openTab(context, serviceWorker, c.url, readPage(c.file));
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel).first()).toHaveText(fullName(c.expected[0]!));
  await panel.getByRole('button', { name: new RegExp(fullName(c.expected[0]!)) }).click();
  await expect(panel.getByLabel('Empresa *')).toHaveValue(c.expected[0]!.empresa);
  const listed = (await detectedNames(panel).allTextContents()).join('|');
  for (const n of c.noise) expect(listed).not.toContain(n);
});

test('Gmail: the external contact of the thread with the company her signature writes, never the mailbox owner', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  // the signature says "Atacadão Porto Real"; the address's domain only "atacadaoportoreal"
  const c = caseOf('gmail-signature-oneline.html');
  expect(new URL(c.url).hostname).toBe('mail.google.com');
  const { tabId } = await openTab(context, serviceWorker, c.url, readPage(c.file));
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel)).toHaveText([fullName(c.expected[0]!)]);
  await panel.getByRole('button', { name: new RegExp(fullName(c.expected[0]!)) }).click();
  await expect(panel.getByLabel('Empresa *')).toHaveValue('Atacadão Porto Real');
  const listed = (await detectedNames(panel).allTextContents()).join('|');
  for (const n of c.noise) expect(listed).not.toContain(n);
});

test('a webmail without a reader of its own, on a granted site: the sender, not the owner the title names', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  // read by the mail reader alone: the site's own reader only knows Outlook's addresses
  const c = caseOf('outlook-persona-legacy.html');
  const { tabId } = await openTab(context, serviceWorker, 'http://localhost:8765/webmail/', readPage(c.file));
  const panel = await openPanel(openPage, tabId);
  await expect(detectedNames(panel)).toHaveText([fullName(c.expected[0]!)]);
  await panel.getByRole('button', { name: new RegExp(fullName(c.expected[0]!)) }).click();
  await expect(panel.getByLabel('Empresa *')).toHaveValue(c.expected[0]!.empresa);
});

test('a webinar registration: the speakers first, at the companies of their title lines, never the registrant', async ({
  context,
  serviceWorker,
  openPage,
}) => {
  const c = caseOf('zoom-webinar-registered-en.html');
  const { tabId } = await openTab(
    context,
    serviceWorker,
    'http://localhost:8765/webinar/register/WN_q8Jd3sQ2Tz6pLx0aVb1cEw',
    readPage(c.file),
  );
  const panel = await openPanel(openPage, tabId);
  const names = c.expected.map(fullName);
  await expect(detectedNames(panel)).toHaveText(names);
  await panel.getByRole('button', { name: new RegExp(names[0]!) }).click();
  await expect(panel.getByLabel('Empresa *')).toHaveValue(c.expected[0]!.empresa);
  const listed = (await detectedNames(panel).allTextContents()).join('|');
  for (const n of c.noise) expect(listed).not.toContain(n);
});

for (const [file, path] of [
  // the company in a relation section under its heading and edit button; the mail domain only "arcadialogistics"
  ['twenty-person.html', '/object/person/f3a1c9e2-5b7d-4e08-9c1a-2d4f6b8e0a13'],
  // the company cut short in its cell ("Usina Santa Terezinh..."), whole in its tooltip and the organization box
  ['krayin-person-pt.html', '/admin/contacts/persons/view/1207'],
] as const)
  test(`${file}: a CRM record without a reader of its own, on a granted site: the person at the labelled company`, async ({
    context,
    serviceWorker,
    openPage,
  }) => {
    const c = caseOf(file);
    const [person] = c.expected;
    const { tabId } = await openTab(context, serviceWorker, `http://localhost:8765${path}`, readPage(c.file));
    const panel = await openPanel(openPage, tabId);
    await expect(detectedNames(panel).first()).toHaveText(fullName(person!));
    await panel.getByRole('button', { name: new RegExp(fullName(person!)) }).click();
    await expect(panel.getByLabel('Empresa *')).toHaveValue(person!.empresa);
    const listed = (await detectedNames(panel).allTextContents()).join('|');
    for (const n of c.noise) expect(listed).not.toContain(n);
  });
