import type { BrowserContext, Page, Worker } from '@playwright/test';
import { test, expect, type Admin } from './fixtures';
import { openPanel, openTab, seriousViolations, setSettings, workerReady } from './sidepanel.helpers';
import { meetingCases, readMeetingPage, type MeetingCase } from '../fixtures/meetings/cases';
import { dripProxy, pointModelApiAt } from './model-proxy';

/*
 * Meeting prep through the built extension against the sandbox: each calendar view and invitation lists its external
 * people; one click plans and runs them as a batch (each person charged once, history reused) and ends in a brief
 * that is copied and reopened from History at no cost.
 */

test.beforeEach(async ({ serviceWorker }) => {
  await setSettings(serviceWorker, { language: 'pt', actionOpens: 'sidepanel' });
  await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getPopup({}))).toBe('');
});

/** The toolbar click on `page`'s tab (Chrome's own action path, with its activeTab grant), through CDP. */
async function clickToolbarIcon(context: BrowserContext, extensionId: string, page: Page) {
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

/** The panel on a meeting page: Gmail and Outlook have their script; Google Calendar is read after the toolbar click. */
async function onMeeting(
  c: MeetingCase,
  {
    context,
    serviceWorker,
    extensionId,
    openPage,
  }: {
    context: BrowserContext;
    serviceWorker: Worker;
    extensionId: string;
    openPage: (p: string) => Promise<Page>;
  },
) {
  const { page, tabId } = await openTab(context, serviceWorker, c.url, readMeetingPage(c.file));
  if (new URL(c.url).hostname === 'calendar.google.com') await clickToolbarIcon(context, extensionId, page);
  const panel = await openPanel(openPage, tabId);
  await expect(panel.getByTestId('meeting-title')).toHaveText(c.title);
  return { page, panel, tabId };
}

/** A key with `credits` on a complete plan, and the panel on the meeting page `file`. */
async function keyedOnMeeting(
  file: string,
  credits: number,
  f: {
    context: BrowserContext;
    serviceWorker: Worker;
    extensionId: string;
    openPage: (p: string) => Promise<Page>;
    admin: Admin;
    useKey: (key: string) => Promise<void>;
  },
) {
  const key = await f.admin.account({ tier: 'complete', credits });
  await workerReady(f.serviceWorker);
  await f.useKey(key);
  const { panel } = await onMeeting(meetingCases.find((m) => m.file === file)!, f);
  return { key, panel };
}

/** "Nome | Sobrenome | Empresa" of each listed person, as the inputs hold them. */
async function listed(panel: Page, list: 'meeting-external' | 'meeting-declined') {
  const rows = panel.getByTestId(list).getByTestId('meeting-person');
  const out: string[] = [];
  for (const row of await rows.all()) {
    const values = await row
      .locator('input[type=text], input:not([type])')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    out.push(values.join(' | '));
  }
  return out;
}

for (const c of meetingCases)
  test(`${c.file}: the meeting's external people are listed right`, async ({
    context,
    serviceWorker,
    extensionId,
    openPage,
    shot,
  }) => {
    const { panel } = await onMeeting(c, { context, serviceWorker, extensionId, openPage });
    if (!c.external.length) {
      await expect(panel.getByText('Nenhum participante externo nesta reunião.')).toBeVisible();
      await expect(panel.getByTestId('meeting-prepare')).toHaveCount(0);
      await shot(panel, 'meeting-nobody');
      return;
    }
    await expect(panel.getByTestId('meeting-external').getByTestId('meeting-person')).toHaveCount(
      c.external.length,
    );
    expect(await listed(panel, 'meeting-external')).toEqual(c.external);
    if (c.declined.length) {
      expect(await listed(panel, 'meeting-declined')).toEqual(c.declined);
      for (const box of await panel.getByTestId('meeting-declined').getByRole('checkbox').all())
        await expect(box).not.toBeChecked();
    } else await expect(panel.getByTestId('meeting-declined')).toHaveCount(0);
    for (const box of await panel.getByTestId('meeting-external').getByRole('checkbox').all())
      await expect(box).toBeChecked();
    for (const n of c.noise) await expect(panel.getByTestId('meeting')).not.toContainText(n);
    // the hidden guests only as the page counts them
    if (c.unlisted)
      await expect(panel.getByTestId('meeting')).toContainText(
        `${c.unlisted} convidado(s) não aparecem na página`,
      );
    else await expect(panel.getByTestId('meeting')).not.toContainText('não aparecem na página');
    for (const email of c.optional ?? [])
      await expect(panel.locator(`[data-testid=meeting-person][data-email="${email}"]`)).toContainText(
        'opcional',
      );
  });

test('Preparar reunião: the cost first, each person charged once, the brief on screen, copied, and reopened from History at 0 credits', async ({
  context,
  serviceWorker,
  extensionId,
  openPage,
  admin,
  useKey,
  shot,
}) => {
  const { key, panel } = await keyedOnMeeting('gcal-bubble-pt.html', 10, {
    context,
    serviceWorker,
    extensionId,
    openPage,
    admin,
    useKey,
  });
  await panel.evaluate(() => {
    const w = window as unknown as { copied: string[] };
    w.copied = [];
    navigator.clipboard.writeText = async (t: string) => void w.copied.push(t);
    window.print = () => void w.copied.push('printed');
  });

  // Quick (1 credit a person): Ana Paula Ribeiro and Rafael Costa; Juliana declined and is left unselected
  await expect(panel.getByTestId('meeting-cost')).toHaveText('2 nova(s) análise(s): 2 créditos');
  await expect(panel.getByTestId('meeting-balance')).toHaveText('Saldo: 10 créditos → 8 créditos');
  // the seller adds Juliana after all: the cost follows
  await panel.getByTestId('meeting-declined').getByRole('checkbox').check();
  await expect(panel.getByTestId('meeting-cost')).toHaveText('3 nova(s) análise(s): 3 créditos');
  await panel.getByTestId('meeting-declined').getByRole('checkbox').uncheck();
  await expect(panel.getByTestId('meeting-prepare')).toHaveText('Preparar reunião (2 créditos)');
  expect((await admin.ledger(key)).entries).toEqual([]);
  expect(await seriousViolations(panel)).toEqual([]);
  await shot(panel, 'meeting-plan');

  await panel.getByTestId('meeting-prepare').click();
  await expect(panel.getByTestId('meeting-brief')).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByTestId('meeting-person-brief')).toHaveCount(2);
  await expect(panel.getByTestId('meeting-person-brief').first()).toContainText('Ana Paula Ribeiro — Nubank');
  await expect(panel.getByTestId('meeting-committee')).toContainText('Comitê de compra — Nubank');
  for (const label of ['Papel na compra', 'Como abrir', 'Pergunta para fazer'])
    await expect(panel.getByTestId('meeting-person-brief').first()).toContainText(label);
  const ledger = await admin.ledger(key);
  expect(ledger.total_credits).toBe(2);
  expect(ledger.balance).toBe(8);
  // only names and companies reached the service: no address, no description
  const sent = JSON.stringify(await admin.requests(key));
  expect(sent).toContain('Ribeiro');
  for (const secret of ['@nubank.com.br', 'Pauta', 'pedro.alves', 'Juliana'])
    expect(sent).not.toContain(secret);
  expect(await seriousViolations(panel)).toEqual([]);
  await shot(panel, 'meeting-brief');

  await panel.getByTestId('meeting-copy-text').click();
  await panel.getByTestId('meeting-copy-markdown').click();
  await panel.getByTestId('meeting-print').click();
  const copied = await panel.evaluate(() => (window as unknown as { copied: string[] }).copied);
  expect(copied[0]).toContain('APRESENTAÇÃO DA PROPOSTA — NUBANK');
  expect(copied[0]).toContain('- Pergunta para fazer:');
  expect(copied[1]).toContain('# Apresentação da proposta — Nubank');
  // the time on the line under the title, as the page wrote it: nothing escaped that Markdown does not read
  expect(copied[1]!.split('\n')[1]).toBe('quinta-feira, 27 de novembro ⋅ 10:00 – 11:00');
  expect(copied[1]).not.toMatch(/\\[-()]/);
  expect(copied[1]).not.toContain('**→**');
  expect(copied[1]).toContain('### Rafael Costa — Nubank');
  expect(copied[2]).toBe('printed');

  // The plan for the call: streamed from the model API, no profile credits, kept with the brief
  await panel.getByTestId('meeting-call-plan-write').click();
  await expect(panel.getByTestId('meeting-call-plan-text')).not.toBeEmpty();
  await expect(panel.getByTestId('meeting-call-plan-write')).toHaveText('Escrever de novo');
  const plan = await panel.getByTestId('meeting-call-plan-text').textContent();
  expect((await admin.ledger(key)).total_credits).toBe(2);

  // Preparing again reuses the history: nothing new to pay
  await panel.getByTestId('meeting-back').click();
  await expect(panel.getByTestId('meeting-cost')).toHaveText(
    '0 nova(s) análise(s): 0 créditos · 2 do histórico (0 créditos)',
  );
  await panel.getByTestId('meeting-prepare').click();
  await expect(panel.getByTestId('meeting-person-brief')).toHaveCount(2);
  expect((await admin.ledger(key)).total_credits).toBe(2);

  // History: the brief opens again, from the analyses kept, at no cost
  await panel.getByTestId('nav-history').click();
  await expect(panel.getByTestId('meeting-history-open')).toHaveCount(2);
  await panel.getByTestId('meeting-history-open').last().click();
  await expect(panel.getByTestId('meeting-brief')).toContainText('Apresentação da proposta — Nubank');
  await expect(panel.getByTestId('meeting-call-plan-text')).toHaveText(plan!);
  await expect(panel.getByTestId('meeting-person-brief')).toHaveCount(2);
  expect((await admin.ledger(key)).total_credits).toBe(2);
  expect((await admin.ledger(key)).entries).toHaveLength(1);

  // a kept brief is deleted from History
  await panel.getByTestId('meeting-back').click();
  await panel.getByTestId('meeting-history-delete').first().click();
  await expect(panel.getByTestId('meeting-history-open')).toHaveCount(1);
});

test('Parar ends the call plan: what arrived stays on screen, marked incomplete, and is not kept as the plan', async ({
  context,
  serviceWorker,
  extensionId,
  openPage,
  admin,
  useKey,
  sandbox,
}) => {
  const { key, panel } = await keyedOnMeeting('gcal-bubble-pt.html', 10, {
    context,
    serviceWorker,
    extensionId,
    openPage,
    admin,
    useKey,
  });
  await panel.getByTestId('meeting-prepare').click();
  await expect(panel.getByTestId('meeting-brief')).toBeVisible({ timeout: 30_000 });
  const proxy = await dripProxy(sandbox.url);
  try {
    await pointModelApiAt(serviceWorker, proxy.url);
    await panel.getByTestId('meeting-call-plan-write').click();
    await expect(panel.getByTestId('meeting-call-plan-text')).toContainText(/\S{3}/);
    await panel.getByTestId('meeting-call-plan-stop').click();
    await expect(panel.getByTestId('meeting-call-plan-stopped')).toHaveText(
      'Plano interrompido: o texto pode estar incompleto e não foi guardado.',
    );
    const kept = await panel.getByTestId('meeting-call-plan-text').textContent();
    await expect.poll(() => proxy.seen.closedEarly).toBe(1);
    expect(proxy.seen.bytesBeforeClose).toBeLessThan(proxy.seen.total);
    // nothing more arrives after the stop, and the button writes again
    await panel.waitForTimeout(500);
    await expect(panel.getByTestId('meeting-call-plan-text')).toHaveText(kept!);
    await expect(panel.getByTestId('meeting-call-plan-write')).toHaveText('Escrever de novo');
  } finally {
    await proxy.close();
  }
  // reopened from History: the interrupted text was not kept as the brief's plan; no profile credit was spent on it
  await panel.getByTestId('nav-history').click();
  await panel.getByTestId('meeting-history-open').first().click();
  await expect(panel.getByTestId('meeting-brief')).toBeVisible();
  await expect(panel.getByTestId('meeting-call-plan-text')).toHaveCount(0);
  expect((await admin.ledger(key)).total_credits).toBe(2);
});

test('a balance short of the meeting is said before anything is spent', async ({
  context,
  serviceWorker,
  extensionId,
  openPage,
  admin,
  useKey,
}) => {
  const { key, panel } = await keyedOnMeeting('outlook-invite.html', 3, {
    context,
    serviceWorker,
    extensionId,
    openPage,
    admin,
    useKey,
  });
  await expect(panel.getByTestId('meeting-cost')).toHaveText('4 nova(s) análise(s): 4 créditos');
  await expect(panel.getByTestId('meeting-plan')).toContainText('não cobre 4 créditos');
  await expect(panel.getByTestId('meeting-prepare')).toBeDisabled();
  // one fewer fits
  await panel.getByRole('checkbox', { name: /Incluir \(diego\.araujo@ambev\.com\.br\)/ }).uncheck();
  await expect(panel.getByTestId('meeting-prepare')).toHaveText('Preparar reunião (3 créditos)');
  // 3 credits reach the default threshold: the seller is asked first, and Cancel spends nothing
  await panel.getByTestId('meeting-prepare').click();
  await expect(panel.getByTestId('confirm-spend')).toHaveText('Analisar por 3 créditos');
  await panel.getByRole('button', { name: 'Cancelar' }).click();
  await expect(panel.getByTestId('meeting-brief')).toHaveCount(0);
  expect((await admin.ledger(key)).entries).toEqual([]);
});

test('"Domínios da minha empresa": a domain saved in the options makes its people colleagues', async ({
  context,
  serviceWorker,
  extensionId,
  openPage,
}) => {
  const options = await openPage('options.html#dominios');
  const section = options.getByRole('region', { name: 'Domínios da minha empresa' });
  await options.getByTestId('own-domains').fill('nubank.com.br\nnão é domínio');
  await options.getByTestId('own-domains-save').click();
  await expect(section.getByRole('alert')).toContainText('não, é, domínio');
  await options.getByTestId('own-domains').fill('Nubank.com.br');
  await options.getByTestId('own-domains-save').click();
  await expect(section.getByText('Salvo.')).toBeVisible();
  const c = meetingCases.find((m) => m.file === 'gcal-bubble-pt.html')!;
  const { panel } = await onMeeting(c, { context, serviceWorker, extensionId, openPage });
  await expect(panel.getByText('Nenhum participante externo nesta reunião.')).toBeVisible();
  await expect(panel.getByTestId('meeting-left')).toContainText('4 colega(s)');
  // the account's own domain was learned from the page, beside the one typed
  await options.reload();
  await expect(options.getByTestId('own-domains')).toHaveValue('nubank.com.br\nacme.com.br');
});
