/// <reference types="chrome" />
import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page, Worker } from '@playwright/test';
import { DEMO_KEYS } from '../sandbox/accounts';
import { test, expect, servePage } from './fixtures';

async function setSettings(serviceWorker: Worker, patch: Record<string, unknown>) {
  await serviceWorker.evaluate(async (p) => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...settings, ...p } });
  }, patch);
}

const stored = (serviceWorker: Worker, key: string) =>
  serviceWorker.evaluate(async (k) => (await chrome.storage.local.get(k))[k], key);

/** Points the extension at the sandbox without saving a key. */
async function useSandbox(serviceWorker: Worker, url: string) {
  await setSettings(serviceWorker, {
    language: 'pt',
    environment: 'sandbox',
    baseUrls: { production: '', development: '', custom: '', sandbox: url },
    llmBaseUrl: url,
  });
}

/** axe-core's own Playwright types come from another playwright-core copy; the page is the same object. */
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0]).analyze())
    .violations;

const noAxeViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

test.describe('options: API key', () => {
  test('a key in the wrong format is refused before anything is sent', async ({
    sandbox,
    serviceWorker,
    openPage,
  }) => {
    await useSandbox(serviceWorker, sandbox.url);
    const page = await openPage('options.html');
    await page.getByRole('textbox', { name: 'Chave de API', exact: true }).fill('sk-1234567890');
    await page.getByRole('button', { name: 'Salvar chave' }).click();
    await expect(page.getByText(/Formato de chave inválido/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Chave de API', exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(await stored(serviceWorker, 'apiKey')).toBeUndefined();
  });

  test('an unknown key in a valid format: the test shows the 401 error', async ({
    sandbox,
    serviceWorker,
    openPage,
    shot,
  }) => {
    await useSandbox(serviceWorker, sandbox.url);
    const page = await openPage('options.html');
    await page
      .getByRole('textbox', { name: 'Chave de API', exact: true })
      .fill('complete_api_doesnotexist999');
    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByTestId('key-test-error')).toHaveText(
      'Chave de API inválida ou ausente. Confira a chave nas opções.',
    );
    await expect(page.getByText('HTTP 401 · INVALID_API_KEY')).toBeVisible();
    await shot(page, 'options-key-401');
  });

  test('a valid key is saved masked, tested (tier and balance) and removed', async ({
    admin,
    sandbox,
    serviceWorker,
    openPage,
    shot,
  }) => {
    const key = await admin.account({ tier: 'complete', plan: 'crm_business', credits: 42 });
    await useSandbox(serviceWorker, sandbox.url);
    const page = await openPage('options.html');
    await page.getByRole('textbox', { name: 'Chave de API', exact: true }).fill(key);
    await page.getByRole('button', { name: 'Salvar chave' }).click();
    await expect(page.getByText('Chave salva.')).toBeVisible();
    await expect(page.getByTestId('key-test-ok')).toContainText('Nível: Complete');
    await expect(page.getByTestId('key-test-ok')).toContainText('Saldo: 42 créditos');
    const masked = page.getByTestId('masked-key');
    await expect(masked).toBeVisible();
    expect(await masked.textContent()).not.toContain(key);
    // The field is emptied: the saved key is never put back on the page.
    await expect(page.getByLabel('Substituir pela chave')).toHaveValue('');
    expect(await page.content()).not.toContain(key);
    await noAxeViolations(page);
    await shot(page, 'options-key-valid');

    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByTestId('key-test-ok')).toContainText('Saldo: 42 créditos');

    await page.getByRole('button', { name: 'Remover chave' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remover a chave de API?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Remover' }).click();
    await expect(page.getByText('Chave removida deste navegador.')).toBeVisible();
    await expect(masked).toHaveCount(0);
    expect(await stored(serviceWorker, 'keyStatus')).toMatchObject({ present: false });
  });

  test('a suspended plan: the test shows its state', async ({ sandbox, serviceWorker, openPage, shot }) => {
    await useSandbox(serviceWorker, sandbox.url);
    const page = await openPage('options.html');
    await page.getByRole('textbox', { name: 'Chave de API', exact: true }).fill(DEMO_KEYS.suspended);
    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByText(/plano está suspenso/i).first()).toBeVisible();
    await shot(page, 'options-key-suspended');
  });
});

test.describe('options: environment and model API', () => {
  test('a custom domain over http is refused', async ({ sandbox, serviceWorker, openPage, shot }) => {
    await useSandbox(serviceWorker, sandbox.url);
    const page = await openPage('options.html#ambiente');
    await page.getByRole('radio', { name: 'Domínio personalizado' }).check();
    await page.getByLabel('Endereço da API (Domínio personalizado)').fill('http://api.minhaempresa.com.br');
    await page.getByRole('button', { name: 'Salvar ambiente' }).click();
    await expect(page.getByText(/Endereço recusado: a chave só viaja por https:\/\//)).toBeVisible();
    expect(await stored(serviceWorker, 'settings')).toMatchObject({
      environment: 'sandbox',
      baseUrls: { custom: '' },
    });
    await shot(page, 'options-custom-http-refused');
  });

  test('switching environment changes the address in use', async ({
    admin,
    sandbox,
    useKey,
    serviceWorker,
    openPage,
  }) => {
    const key = await admin.account({ tier: 'basic', credits: 9 });
    await useKey(key);
    await setSettings(serviceWorker, { language: 'pt' });
    const page = await openPage('options.html#ambiente');
    await expect(page.getByTestId('api-in-use')).toContainText(`Sandbox local — ${sandbox.url}`);

    // Production and development show their build-time addresses as the default.
    await page.getByRole('radio', { name: 'Desenvolvimento' }).check();
    await expect(page.getByText('Vazio = endereço padrão: https://')).toBeVisible();

    // A custom domain on this machine needs no permission prompt: the sandbox under another name.
    const custom = sandbox.url.replace('127.0.0.1', 'localhost');
    await page.getByRole('radio', { name: 'Domínio personalizado' }).check();
    await page.getByLabel('Endereço da API (Domínio personalizado)').fill(custom);
    await page.getByRole('button', { name: 'Salvar ambiente' }).click();
    await expect(page.getByText('Ambiente salvo.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('api-in-use')).toContainText(`Domínio personalizado — ${custom}`);
    expect(await stored(serviceWorker, 'settings')).toMatchObject({
      environment: 'custom',
      baseUrls: { custom },
    });

    await page.getByRole('button', { name: 'Testar chave' }).click();
    await expect(page.getByTestId('key-test-ok')).toContainText('Nível: Basic');
  });

  test('the model picker lists only the chat models of /v1/models and saves the choice', async ({
    admin,
    useKey,
    serviceWorker,
    openPage,
  }) => {
    await useKey(await admin.account({ tier: 'complete' }));
    await setSettings(serviceWorker, { language: 'pt' });
    const page = await openPage('options.html#modelos');
    const picker = page.getByLabel('Modelo para escrever abordagens');
    await expect(page.getByText('1 modelo de conversa disponível.')).toBeVisible();
    // Completion-only and embedding models cannot write a draft: they are not offered.
    expect(
      await picker.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value)),
    ).toEqual(['', 'service-chat']);
    await picker.selectOption('service-chat');
    await expect(page.getByText('Modelo salvo.')).toBeVisible();
    expect(await stored(serviceWorker, 'settings')).toMatchObject({ llmModel: 'service-chat' });
  });
});

test.describe('options: preferences, plans, data', () => {
  test('preferences persist', async ({ serviceWorker, openPage, shot }) => {
    await setSettings(serviceWorker, { language: 'pt' });
    const page = await openPage('options.html#preferencias');
    await page.getByLabel('Profundidade padrão').selectOption('plus');
    await page.getByLabel('Alerta de saldo baixo (créditos)').fill('25');
    await page.getByLabel('Reaproveitar do histórico por (dias)').fill('7');
    await page.getByLabel('Guardar o histórico por (dias)').fill('90');
    await page.getByLabel('Confirmar a partir de (créditos)').fill('2');
    await page.getByRole('switch', { name: 'Detectar automaticamente nos sites suportados' }).uncheck();

    // An out-of-range number is refused with its range.
    await page.getByLabel('Reaproveitar do histórico por (dias)').fill('999');
    await page.getByRole('button', { name: 'Salvar preferências' }).click();
    await expect(page.getByText('Use um número inteiro de 0 a 365.')).toBeVisible();
    await page.getByLabel('Reaproveitar do histórico por (dias)').fill('7');
    await page.getByRole('button', { name: 'Salvar preferências' }).click();
    await expect(page.getByText('Preferências salvas.')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Profundidade padrão')).toHaveValue('plus');
    await expect(page.getByLabel('Alerta de saldo baixo (créditos)')).toHaveValue('25');
    await expect(
      page.getByRole('switch', { name: 'Detectar automaticamente nos sites suportados' }),
    ).not.toBeChecked();
    expect(await stored(serviceWorker, 'settings')).toMatchObject({
      defaultDepth: 'plus',
      lowBalanceThreshold: 25,
      reuseDays: 7,
      historyRetentionDays: 90,
      confirmAboveCredits: 2,
      autoDetect: false,
    });

    // The interface language follows the setting at once.
    await page.getByLabel('Idioma da interface').selectOption('en');
    await page.getByRole('button', { name: 'Salvar preferências' }).click();
    await expect(page.getByRole('heading', { name: 'Perfil Intel options' })).toBeVisible();
    await noAxeViolations(page);
    await shot(page, 'options-english');
  });

  test('the toolbar icon opens the popup, or the side panel when chosen', async ({
    serviceWorker,
    openPage,
  }) => {
    await setSettings(serviceWorker, { language: 'pt' });
    const popup = () => serviceWorker.evaluate(() => chrome.action.getPopup({}));
    await expect.poll(popup).toMatch(/\/popup\.html$/);
    // the click without a popup reaches action.onClicked, which opens the panel and grants activeTab
    expect(await serviceWorker.evaluate(() => chrome.sidePanel.getPanelBehavior())).toMatchObject({
      openPanelOnActionClick: false,
    });

    const page = await openPage('options.html#preferencias');
    const choice = page.getByLabel('Ao clicar no ícone da extensão');
    await choice.selectOption('sidepanel');
    await page.getByRole('button', { name: 'Salvar preferências' }).click();
    // Without a popup, Chrome opens the side panel on the click.
    await expect.poll(popup).toBe('');
    await page.reload();
    await expect(choice).toHaveValue('sidepanel');
    await choice.selectOption('popup');
    await page.getByRole('button', { name: 'Salvar preferências' }).click();
    await expect.poll(popup).toMatch(/\/popup\.html$/);
  });

  test('plan comparison highlights the current plan', async ({
    admin,
    useKey,
    serviceWorker,
    openPage,
    shot,
  }) => {
    await useKey(await admin.account({ tier: 'basic' }));
    await setSettings(serviceWorker, { language: 'pt' });
    const popup = await openPage('popup.html');
    await expect(popup.getByTestId('tier')).toHaveText('Basic');
    const page = await openPage('options.html#planos');
    const cards = page.getByTestId('plan-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    const current = page.locator('[data-testid="plan-card"][aria-current="true"]');
    await expect(current).toHaveCount(1);
    await expect(current).toContainText('Seu plano');
    await expect(current).toContainText(/Basic/i);
    await expect(cards.filter({ hasText: /R\$/ }).first()).toBeVisible();
    await shot(page, 'options-plans');
  });

  test('exports the history as JSON and CSV, then deletes it all', async ({
    admin,
    useKey,
    serviceWorker,
    openPage,
    shot,
  }) => {
    await useKey(await admin.account({ tier: 'complete', credits: 50 }));
    await setSettings(serviceWorker, { language: 'pt' });
    const page = await openPage('options.html#dados');
    for (const [primeiro_nome, empresa] of [
      ['Ana', 'Nubank'],
      ['João', 'Ação S.A.'],
    ]) {
      const { value } = await page.evaluate(
        (input) =>
          chrome.runtime.sendMessage({ type: 'lookup', data: { input, depth: 'quick', lang: 'pt' } }),
        { primeiro_nome, ultimo_nome: 'Souza', empresa },
      );
      await expect
        .poll(
          async () =>
            (
              await page.evaluate(
                (id) => chrome.runtime.sendMessage({ type: 'job.get', data: { id } }),
                value.jobId,
              )
            ).value?.status,
        )
        .toBe('done');
    }

    const [json] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar histórico (JSON)' }).click(),
    ]);
    expect(json.suggestedFilename()).toMatch(/^perfil-intel-historico-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync(await json.path(), 'utf8'));
    expect(exported.count).toBe(2);
    expect(exported.entries.map((e: { input: { empresa: string } }) => e.input.empresa).sort()).toEqual([
      'Ação S.A.',
      'Nubank',
    ]);
    await expect(page.getByText('2 consultas exportadas: o histórico inteiro.')).toBeVisible();

    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportar histórico (CSV)' }).click(),
    ]);
    const text = readFileSync(await csv.path(), 'utf8');
    expect(text.split('\r\n')[0]).toContain('primeiro_nome,ultimo_nome,empresa');
    expect(text).toContain('João,Souza,Ação S.A.');

    await page.getByRole('button', { name: 'Apagar todo o histórico' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apagar todo o histórico?' });
    await noAxeViolations(page);
    await shot(page, 'options-delete-history-dialog');
    await dialog.getByRole('button', { name: 'Apagar tudo' }).click();
    await expect(page.getByText('Histórico apagado.')).toBeVisible();
    const list = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'history.list', data: {} }));
    expect(list.value).toEqual([]);
    await page.getByRole('button', { name: 'Exportar histórico (JSON)' }).click();
    await expect(page.getByText('O histórico está vazio.')).toBeVisible();
  });

  test('the privacy section says what is stored, what is sent, and the LGPD rights', async ({
    serviceWorker,
    openPage,
    shot,
  }) => {
    await setSettings(serviceWorker, { language: 'pt' });
    const page = await openPage('options.html#privacidade');
    const privacy = page.getByRole('region', { name: 'Privacidade' });
    await expect(privacy).toContainText('IndexedDB');
    await expect(privacy).toContainText(
      'só vão para a API o nome, o sobrenome, a empresa e o contexto opcional',
    );
    await expect(privacy).toContainText('LGPD');
    await noAxeViolations(page);
    await shot(page, 'options-page');
  });
});

test.describe('onboarding', () => {
  test('first run: try the sandbox', async ({ sandbox, serviceWorker, openPage, shot }) => {
    await setSettings(serviceWorker, { language: 'pt' });
    const page = await openPage('options.html#onboarding');
    await expect(page.getByRole('heading', { name: 'Bem-vindo ao Perfil Intel' })).toBeVisible();
    await noAxeViolations(page);
    await shot(page, 'onboarding');
    await page.getByLabel('Endereço do sandbox').fill(sandbox.url);
    await page.getByRole('button', { name: 'Experimentar com o sandbox' }).click();
    await expect(page.getByText('Tudo pronto!')).toBeVisible();
    await expect(page.getByTestId('masked-key')).toContainText('complete_api_');
    expect(await stored(serviceWorker, 'onboardingDone')).toBe(true);
    expect(await stored(serviceWorker, 'settings')).toMatchObject({
      environment: 'sandbox',
      baseUrls: { sandbox: sandbox.url },
    });
    expect(await stored(serviceWorker, 'keyStatus')).toMatchObject({ present: true, tier: 'complete' });
    await shot(page, 'onboarding-done');
    await page.getByRole('button', { name: 'Ir para as opções' }).click();
    await expect(page.getByRole('heading', { name: 'Opções do Perfil Intel' })).toBeVisible();
  });

  test('first run: a sandbox that does not answer is explained', async ({ serviceWorker, openPage }) => {
    await setSettings(serviceWorker, { language: 'pt' });
    const page = await openPage('options.html#onboarding');
    await page.getByLabel('Endereço do sandbox').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Experimentar com o sandbox' }).click();
    await expect(page.getByText(/O sandbox não respondeu em http:\/\/127.0.0.1:9/)).toBeVisible();
    expect(await stored(serviceWorker, 'onboardingDone')).not.toBe(true);
  });
});

test('the saved key can never be read from a content script', async ({
  context,
  admin,
  useKey,
  serviceWorker,
}) => {
  const key = await admin.account({ tier: 'complete' });
  await useKey(key);
  const url = 'https://www.linkedin.com/in/ana-souza';
  const page = await servePage(
    context,
    url,
    '<html><head><title>Ana Souza | LinkedIn</title></head><body><h1>Ana Souza</h1></body></html>',
  );
  // The content script's own isolated world, which Chrome created when it injected it (found, not made, over
  // CDP: the extension has no host permission here, so chrome.scripting cannot reach the page).
  const cdp = await context.newCDPSession(page);
  const worlds: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }) => worlds.push(c));
  await cdp.send('Runtime.enable');
  await expect.poll(() => worlds.some((w) => w.origin.startsWith('chrome-extension://'))).toBe(true);
  const world = worlds.find(
    (w) => w.auxData?.type === 'isolated' && w.origin.startsWith('chrome-extension://'),
  )!;
  const probe = async () => {
    const attempt = async (f: () => Promise<unknown>) => {
      try {
        return { value: await f() };
      } catch (e) {
        return { error: String(e) };
      }
    };
    const message = (type: string, data: unknown) =>
      attempt(() => chrome.runtime.sendMessage({ type, data }));
    return {
      local: await attempt(() => chrome.storage.local.get(null)),
      apiKeyItem: await attempt(() => chrome.storage.local.get('apiKey')),
      session: await attempt(() => chrome.storage.session.get(null)),
      sync: await attempt(() => chrome.storage.sync.get(null)),
      messages: {
        keyTest: await message('key.test', {}),
        keySet: await message('key.set', { key: 'basic_api_stolen0000' }),
        keyRemove: await message('key.remove', {}),
        credits: await message('credits.get', {}),
        history: await message('history.list', {}),
        lookup: await message('lookup', {
          input: { primeiro_nome: 'Ana', empresa: 'Nubank' },
          depth: 'quick',
          lang: 'pt',
        }),
      },
    };
  };
  const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
    contextId: world.id,
    expression: `(${probe.toString()})()`,
    awaitPromise: true,
    returnByValue: true,
  });
  expect(exceptionDetails).toBeUndefined();
  const got = result.value as Awaited<ReturnType<typeof probe>>;
  // Storage is closed to content scripts, and no reply carries any trace of the key.
  expect(got.local).toEqual({ error: expect.stringContaining('not allowed') });
  expect(got.apiKeyItem).toEqual({ error: expect.stringContaining('not allowed') });
  expect(got.session).toEqual({ error: expect.stringContaining('not allowed') });
  expect(JSON.stringify(got)).not.toContain(key);
  expect(JSON.stringify(got)).not.toContain(key.slice(-8));
  for (const [type, reply] of Object.entries(got.messages)) {
    expect((reply.value as { ok?: boolean } | undefined)?.ok, type).toBe(false);
  }
  // And nothing it asked for took effect.
  expect(await stored(serviceWorker, 'apiKey')).toBe(key);
  expect((await admin.ledger(key)).total_credits).toBe(0);
});
