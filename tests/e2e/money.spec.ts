/// <reference types="chrome" />
import type { Worker } from '@playwright/test';
import { expect } from './fixtures';
import { test as panelTest } from './on-ana';
import { priced, setSettings, workerReady } from './sidepanel.helpers';
import { startRecorder, type RunningRecorder } from '../sandbox/recorder';

/*
 * Money and key safety against a misbehaving network (issue 14), through the built extension and the sandbox's
 * faults over real HTTP. Each test reads the sandbox's ledger: what the service charged is the truth.
 */

const test = panelTest.extend<{
  /** "Another origin": records everything it receives. */
  recorder: RunningRecorder;
}>({
  // eslint-disable-next-line no-empty-pattern
  recorder: async ({}, use) => {
    const recorder = await startRecorder();
    await use(recorder);
    await recorder.close();
  },
});

// The sandbox lives as long as the test worker: the faults armed here must not reach the next spec's tests.
test.afterEach(async ({ admin }) => {
  await admin.faults({
    absurd_billing: null,
    redirect_next: null,
    creditos_max_age: 30,
    reprocess_dropped_next: false,
  });
});

test.describe.configure({ timeout: 120_000 });

/** Points the extension at the sandbox without saving a key (the options page saves it). */
async function useSandbox(serviceWorker: Worker, url: string) {
  await workerReady(serviceWorker);
  await serviceWorker.evaluate(async (u) => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({
      settings: {
        ...settings,
        language: 'pt',
        environment: 'sandbox',
        baseUrls: { production: '', development: '', custom: '', sandbox: u },
        llmBaseUrl: u,
      },
    });
  }, url);
}

/** Every history entry, as stored by the worker. */
const historyEntries = (serviceWorker: Worker) =>
  serviceWorker.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const open = indexedDB.open('perfil-intel-history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('entries').objectStore('entries').getAll();
          all.onsuccess = () => resolve(all.result as Record<string, unknown>[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );

test.describe('redirects: nothing goes to, or is taken from, another origin', () => {
  test('a 307 on a charging POST is refused: the other origin receives nothing, nothing is charged or stored', async ({
    onAna,
    admin,
    recorder,
    serviceWorker,
    shot,
  }) => {
    const { key, panel } = await onAna();
    await priced(panel, 'quick', 'Analisar — 1 crédito');
    // Quick with a Complete key is /analisar-extensao-chrome.
    await admin.faults({
      redirect_next: { status: 307, to: recorder.url, path: '/analisar-extensao-chrome' },
    });
    await panel.getByTestId('run').click();
    const error = panel.getByTestId('error');
    await expect(error).toHaveAttribute('data-code', 'REDIRECTED');
    await expect(error).toContainText('O serviço tentou redirecionar o pedido para outro endereço');
    await expect(error).toContainText('não enviou sua chave nem os dados da pessoa');
    await shot(panel, 'money-redirect-post');
    expect(recorder.requests).toEqual([]);
    expect((await admin.ledger(key)).entries).toEqual([]);
    expect(await historyEntries(serviceWorker)).toEqual([]);
    await expect(panel.getByText('Análise vinda de outra origem')).toHaveCount(0);
  });

  test('a 302 on GET /creditos is refused: "Testar chave" says so and shows no other account', async ({
    admin,
    sandbox,
    recorder,
    serviceWorker,
    openPage,
    shot,
  }) => {
    const key = await admin.account({ tier: 'complete', credits: 42 });
    await useSandbox(serviceWorker, sandbox.url);
    const page = await openPage('options.html');
    await page.getByRole('textbox', { name: 'Chave de API', exact: true }).fill(key);
    await page.getByRole('button', { name: 'Salvar chave' }).click();
    await expect(page.getByTestId('key-test-ok')).toContainText('Saldo: 42 créditos');

    await admin.faults({ redirect_next: { status: 302, to: recorder.url, path: '/creditos' } });
    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByTestId('key-test-error')).toContainText(
      'O serviço tentou redirecionar o pedido para outro endereço',
    );
    await expect(page.getByText('424242')).toHaveCount(0);
    await shot(page, 'money-redirect-get');
    expect(recorder.requests).toEqual([]);
  });
});

test.describe('the right account is always shown', () => {
  test('"Testar chave" with a wrong key right after a good one shows the 401, not the cached account', async ({
    admin,
    sandbox,
    serviceWorker,
    openPage,
  }) => {
    const good = await admin.account({ tier: 'complete', plan: 'crm_business', credits: 42 });
    await useSandbox(serviceWorker, sandbox.url);
    await admin.faults({ creditos_max_age: 300 });
    const page = await openPage('options.html');
    const field = page.getByRole('textbox', { name: 'Chave de API', exact: true });
    await field.fill(good);
    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByTestId('key-test-ok')).toContainText('Saldo: 42 créditos');

    await field.fill('complete_api_doesnotexist999');
    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByTestId('key-test-error')).toHaveText(
      'Chave de API inválida ou ausente. Confira a chave nas opções.',
    );
    await expect(page.getByTestId('key-test-ok')).toHaveCount(0);

    const other = await admin.account({ tier: 'basic', plan: 'platform_professional', credits: 9 });
    await field.fill(other);
    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByTestId('key-test-ok')).toContainText('Nível: Basic');
    await expect(page.getByTestId('key-test-ok')).toContainText('Saldo: 9 créditos');
  });

  test('the popup shows the new account at once after the key is replaced', async ({
    admin,
    useKey,
    serviceWorker,
    openPage,
  }) => {
    await admin.faults({ creditos_max_age: 300 });
    const first = await admin.account({ tier: 'complete', plan: 'crm_business', credits: 7 });
    await useKey(first);
    await setSettings(serviceWorker, { language: 'pt' });
    const popup = await openPage('popup.html');
    await expect(popup.getByTestId('balance')).toHaveText('7 créditos');
    await expect(popup.getByTestId('tier')).toHaveText('Complete');
    await popup.close();

    const second = await admin.account({ tier: 'basic', plan: 'platform_professional', credits: 55 });
    await useKey(second);
    const again = await openPage('popup.html');
    await expect(again.getByTestId('balance')).toHaveText('55 créditos');
    await expect(again.getByTestId('tier')).toHaveText('Basic');
    await expect(again.getByTestId('plan')).toHaveText(/Professional/);
  });

  test('removing the key clears "Chave salva", the key test and the model list, in every open options page', async ({
    admin,
    sandbox,
    serviceWorker,
    openPage,
    shot,
  }) => {
    const key = await admin.account({ tier: 'complete', credits: 5 });
    await useSandbox(serviceWorker, sandbox.url);
    const page = await openPage('options.html');
    const other = await openPage('options.html');
    await page.getByRole('textbox', { name: 'Chave de API', exact: true }).fill(key);
    await page.getByRole('button', { name: 'Salvar chave' }).click();
    await expect(page.getByText('Chave salva.')).toBeVisible();
    await expect(page.getByTestId('key-test-ok')).toContainText('Saldo: 5 créditos');
    await expect(page.getByText(/\d+ modelos? de conversa disponíve(l|is)\./)).toBeVisible();
    await expect(other.getByText(/\d+ modelos? de conversa disponíve(l|is)\./)).toBeVisible();

    await page.getByRole('button', { name: 'Remover chave' }).click();
    await page
      .getByRole('dialog', { name: 'Remover a chave de API?' })
      .getByRole('button', { name: 'Remover' })
      .click();
    await expect(page.getByText('Chave removida deste navegador.')).toBeVisible();
    for (const p of [page, other]) {
      await expect(p.getByText('Chave salva.')).toHaveCount(0);
      await expect(p.getByTestId('key-test-ok')).toHaveCount(0);
      await expect(p.getByText(/modelos? de conversa disponíve/)).toHaveCount(0);
      await expect(p.getByTestId('masked-key')).toHaveCount(0);
    }
    await shot(page, 'money-key-removed');
  });
});

test('a request re-sent by the browser after a dropped keep-alive connection: the double charge is explained', async ({
  onAna,
  admin,
  serviceWorker,
  openPage,
  shot,
}) => {
  const { key, panel } = await onAna();
  await priced(panel, 'quick', 'Analisar — 1 crédito');
  await admin.faults({ reprocess_dropped_next: true });
  await panel.getByTestId('run').click();
  await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
  const ledger = await admin.ledger(key);
  // The service processed the request twice: the browser re-sent it on a new connection.
  expect(ledger.entries).toMatchObject([
    { endpoint: '/analisar-extensao-chrome', credits: 1 },
    { endpoint: '/analisar-extensao-chrome', credits: 1 },
  ]);
  await expect(panel.getByTestId('entry-notice')).toContainText(
    'O serviço registrou 2 cobranças para esta consulta (2 créditos), e não 1 (1 crédito).',
  );
  await expect(panel.getByTestId('freshness')).toContainText('2 créditos cobrados');
  await shot(panel, 'money-double-charge');

  const [entry] = await historyEntries(serviceWorker);
  expect(entry).toMatchObject({
    creditsCharged: 2,
    billingCheck: { expected: 1, observed: 2, before: 100, after: 98 },
  });
  expect((entry!.notice as { pt: string }).pt).toContain('2 cobranças para esta consulta (2 créditos)');

  const popup = await openPage('popup.html');
  await expect(popup.getByTestId('balance')).toHaveText(`${ledger.balance} créditos`);
  await popup.getByText('Detalhes do plano e do uso').click();
  await expect(popup.getByText('Usados no período')).toBeVisible();
  await expect(popup.locator('dd', { hasText: new RegExp(`^${ledger.total_credits}$`) })).toBeVisible();
});

test.describe('numbers from the service', () => {
  for (const [label, absurd] of [
    ['negative and astronomical', { creditos_restantes: -50, creditos_utilizados: 1e20 }],
    ['fractional', { creditos_restantes: 97.5, creditos_utilizados: 2.5 }],
  ] as const) {
    test(`${label} credit figures never reach the screen nor the history`, async ({
      onAna,
      admin,
      serviceWorker,
      openPage,
    }) => {
      const { panel } = await onAna();
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      await admin.faults({ absurd_billing: absurd });
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
      // The contract's price is recorded, never the absurd figure.
      await expect(panel.getByTestId('freshness')).toHaveText(/· 1 crédito cobrado$/);
      const [entry] = await historyEntries(serviceWorker);
      expect(entry).toMatchObject({ creditsCharged: 1 });
      const popup = await openPage('popup.html');
      await expect(popup.getByTestId('balance')).toBeVisible();
      // The folded details (usage of the period) are read too.
      await popup.getByText('Detalhes do plano e do uso').click();
      for (const page of [panel, popup]) {
        const text = await page.locator('body').innerText();
        for (const bad of ['-50', '1e+20', '100000000000000000000', '97,5', '97.5', '2,5', '2.5'])
          expect(text).not.toContain(bad);
      }
      const stored = await serviceWorker.evaluate(
        async () => (await chrome.storage.local.get('credits')).credits,
      );
      expect([null, 99, 100]).toContain((stored as { balance: number | null }).balance);
    });
  }

  test('a valid but implausible charge (1,000,000,000 credits for a 1-credit lookup) is shown as the service’s claim, never counted', async ({
    onAna,
    admin,
    serviceWorker,
    openPage,
    shot,
  }) => {
    const { key, panel } = await onAna();
    await priced(panel, 'quick', 'Analisar — 1 crédito');
    await admin.faults({ absurd_billing: { creditos_utilizados: 1_000_000_000 } });
    await panel.getByTestId('run').click();
    await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByTestId('freshness')).toHaveText(/· 1 crédito cobrado$/);
    await expect(panel.getByTestId('implausible-charge')).toContainText(
      'O serviço informou uma cobrança de 1.000.000.000 créditos por esta consulta, muito além do que ela pode custar.',
    );
    await expect(panel.getByTestId('implausible-charge')).toContainText('O custo contado é 1 crédito');
    await shot(panel, 'money-implausible-charge');
    expect((await admin.ledger(key)).entries).toMatchObject([{ credits: 1 }]);
    const [entry] = await historyEntries(serviceWorker);
    expect(entry).toMatchObject({ creditsCharged: 1, implausibleCharge: 1_000_000_000 });
    // The history list counts what was counted.
    await panel.getByTestId('nav-history').click();
    await expect(panel.getByTestId('history-item').first()).toContainText('1 crédito');
    expect(await panel.locator('body').innerText()).not.toContain('1.000.000.000');
    const popup = await openPage('popup.html');
    await expect(popup.getByTestId('balance')).toHaveText('99 créditos');
  });

  for (const retryAfter of ['3000000', 'Fri, 31 Dec 9999 23:59:59 GMT']) {
    test(`Retry-After "${retryAfter}": no automatic retry, the time to come back is given`, async ({
      onAna,
      admin,
      shot,
    }) => {
      const { key, panel } = await onAna();
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      await admin.faults({ fail_next: { status: 429, count: 1, retry_after: retryAfter } });
      await panel.getByTestId('run').click();
      const error = panel.getByTestId('error');
      await expect(error).toHaveAttribute('data-code', 'RATE_LIMITED');
      await expect(error).toContainText(/Tente novamente às \d{2}:\d{2}/);
      await expect(panel.getByTestId('countdown')).toHaveCount(0);
      await shot(panel, `money-retry-after-${retryAfter.length}`);
      // Had a timer overflowed, the lookup would have been re-sent (and charged) at once.
      await panel.waitForTimeout(1500);
      expect((await admin.ledger(key)).entries).toEqual([]);
      await expect(panel.getByTestId('running')).toHaveCount(0);
    });
  }
});

test('a worker stopped during a Plus lookup: "interrompida", never re-sent, and the panel says what it cost, measured from the balance', async ({
  onAna,
  admin,
  context,
}) => {
  test.setTimeout(180_000);
  const { key, panel } = await onAna({ tier: 'complete', credits: 50 });
  // Plus takes 15–35 s in the contract; at this scale 4.5–10.5 s, long enough to stop the worker mid-call.
  await admin.faults({ latency_scale: 0.3 });
  await priced(panel, 'plus', 'Analisar — 3 créditos');
  await panel.getByTestId('run').click();
  await panel
    .getByRole('dialog', { name: 'Confirmar análise Plus' })
    .getByRole('button', { name: 'Analisar por 3 créditos' })
    .click();
  await expect
    .poll(async () => (await admin.requests(key)).filter((r) => r.path === '/crm_plus').length)
    .toBe(1);
  const cdp = await context.newCDPSession(panel);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');

  // The panel wakes a new worker, which settles the call the old one left: interrupted, its cost still measuring.
  const notice = panel.getByTestId('interrupted');
  await expect(notice).toBeVisible({ timeout: 30_000 });
  // Measured once the service's 30 s cache of /creditos can tell: the one Plus charge the ledger took.
  await expect(notice).toHaveAttribute('data-state', 'charged', { timeout: 90_000 });
  const ledger = await admin.ledger(key);
  expect(ledger.entries.map((e) => e.endpoint)).toEqual(['/crm_plus']);
  await expect(notice).toContainText(`As requisições perdidas custaram ${ledger.total_credits} créditos`);
  await expect(panel.getByTestId('retry')).toHaveText('Tentar de novo (pode cobrar)');
  // Never re-sent by itself.
  expect((await admin.requests(key)).filter((r) => r.path === '/crm_plus')).toHaveLength(1);
});
