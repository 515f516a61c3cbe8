/// <reference types="chrome" />
import AxeBuilder from '@axe-core/playwright';
import type { Page, Worker } from '@playwright/test';
import { test, expect } from './fixtures';
import { messenger } from './messages';

/** axe-core's own Playwright types come from another playwright-core copy; the page is the same object. */
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page } as unknown as ConstructorParameters<typeof AxeBuilder>[0]).analyze())
    .violations;

/** Merges into the stored settings, as the options page would. */
async function setSettings(serviceWorker: Worker, patch: Record<string, unknown>) {
  await serviceWorker.evaluate(async (p) => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...settings, ...p } });
  }, patch);
}

test.describe('popup', () => {
  test('shows balance, plan, tier, usage and service status from the sandbox, and the low-balance warning', async ({
    admin,
    useKey,
    serviceWorker,
    openPage,
    shot,
  }) => {
    const key = await admin.account({ tier: 'complete', plan: 'crm_business', credits: 7 });
    await useKey(key);
    await setSettings(serviceWorker, { language: 'pt', lowBalanceThreshold: 10 });
    const popup = await openPage('popup.html');

    await expect(popup.getByTestId('balance')).toHaveText('7 créditos');
    await expect(popup.getByTestId('plan')).toHaveText('CRM Business');
    await expect(popup.getByTestId('tier')).toHaveText('Complete');
    await expect(popup.getByTestId('service-status')).toHaveAttribute('data-level', 'ok');
    await expect(popup.getByText('Saldo baixo')).toBeVisible();
    await expect(popup.getByText('Restam 7 créditos (seu alerta: 10 ou menos).')).toBeVisible();
    // What the plan allows in words, never the service's endpoint paths (in the folded details).
    await popup.getByText('Detalhes do plano e do uso').click();
    const allows = popup.getByRole('list', { name: 'O que o plano permite' });
    await expect(allows).toContainText(
      'Análise de uma pessoa: Rápida (1 crédito), Completa (2 créditos) e Plus (3 créditos)',
    );
    await expect(allows).toContainText('Análise em lote: Rápida (1 crédito) e Completa (2 créditos)');
    await expect(popup.locator('main')).not.toContainText('/crm');
    await expect(popup.getByText('Saldo atualizado.')).toBeVisible();

    expect(await axeViolations(popup)).toEqual([]);
    await shot(popup, 'popup-low-balance');
    await popup.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    expect(await axeViolations(popup)).toEqual([]);
    await shot(popup, 'popup-low-balance-dark');
  });

  test("the toolbar icon's popup carries the last known balance and paints it without a storage read", async ({
    admin,
    useKey,
    serviceWorker,
    context,
    extensionId,
    openPage,
  }) => {
    await useKey(await admin.account({ tier: 'complete', credits: 120 }));
    await setSettings(serviceWorker, { language: 'pt' });
    const send = messenger(await openPage('options.html'));
    await send('credits.get', {});
    const address = () => serviceWorker.evaluate(() => chrome.action.getPopup({}));
    await expect.poll(address).toBe(`chrome-extension://${extensionId}/popup.html?saldo=120`);

    // Opened at the icon's address, the popup shows the balance before it reads storage even once.
    const popup = await context.newPage();
    await popup.addInitScript(() => {
      const local = chrome.storage.local;
      const get = local.get.bind(local) as (...a: unknown[]) => Promise<unknown>;
      const w = window as unknown as { readsBeforeBalance: number };
      w.readsBeforeBalance = 0;
      local.get = ((...a: unknown[]) => {
        if (performance.getEntriesByName('perfil:balance-shown').length === 0) w.readsBeforeBalance++;
        return get(...a);
      }) as typeof local.get;
    });
    await popup.goto(await address());
    await popup.waitForFunction(() => performance.getEntriesByName('perfil:balance-shown').length > 0);
    expect(
      await popup.evaluate(() => (window as unknown as { readsBeforeBalance: number }).readsBeforeBalance),
    ).toBe(0);
    await expect(popup.getByTestId('balance')).toHaveText('120 créditos');
    await popup.close();

    // The address follows the stored balance, and goes with the key.
    await serviceWorker.evaluate(async () => {
      const { credits } = await chrome.storage.local.get('credits');
      await chrome.storage.local.set({ credits: { ...credits, balance: 95 } });
    });
    await expect.poll(address).toBe(`chrome-extension://${extensionId}/popup.html?saldo=95`);
    // Opened without a balance in its address (as after a browser restart), the popup reads it from storage.
    const plain = await openPage('popup.html');
    await plain.waitForFunction(() => performance.getEntriesByName('perfil:balance-shown').length > 0);
    await expect(plain.getByTestId('balance')).toHaveText('95 créditos');
    await plain.close();
    await send('key.remove', {});
    await expect.poll(address).toBe(`chrome-extension://${extensionId}/popup.html`);
    // With no key, no balance at all.
    const bare = await openPage('popup.html');
    await expect(bare.getByRole('heading', { name: 'Perfil Intel' })).toBeVisible();
    await expect(bare.getByTestId('balance')).toBeHidden();
    expect(await bare.evaluate(() => performance.getEntriesByName('perfil:balance-shown').length)).toBe(0);
  });

  test('opens from the cached balance, with usage when the service gave it', async ({
    sandbox,
    admin,
    useKey,
    serviceWorker,
    openPage,
    shot,
  }) => {
    await useKey(await admin.account({ tier: 'complete' }));
    const shopUrl = `${sandbox.url}/loja?plano=crm_enterprise`;
    await serviceWorker.evaluate(async (shopUrl) => {
      const { settings = {} } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({
        // Nothing listens on port 9: whatever the refresh does, what shows is the cache.
        settings: {
          ...settings,
          language: 'pt',
          environment: 'custom',
          baseUrls: { ...settings.baseUrls, custom: 'http://127.0.0.1:9' },
        },
        credits: {
          balance: 777,
          plan: 'crm_enterprise',
          tier: 'complete',
          status: 'active',
          renewal: '2030-01-15T12:00:00Z',
          allowedEndpoints: ['crm', 'crm_basico'],
          usedThisPeriod: 23,
          totalCredits: 800,
          thisMonth: { crm: 15, total_requests: 15 },
          last30Days: { averagePerDay: 1.5, peakDayUsage: 6 },
          upgradeUrl: shopUrl,
          updatedAt: Date.now() - 60_000,
          source: 'creditos',
        },
      });
    }, shopUrl);
    const popup = await openPage('popup.html');
    await expect(popup.getByTestId('balance')).toHaveText('777 créditos');
    // Benchmark (printed, not asserted): the plain-DOM early paint, then the full React view.
    const [early, full] = await popup.evaluate(() =>
      ['perfil:balance-shown', 'perfil:popup-ready'].map(
        (m) => performance.getEntriesByName(m)[0]?.startTime,
      ),
    );
    console.log(
      `popup opening (ms from navigation start): cached balance on screen ${early?.toFixed(1)}, full view ${full?.toFixed(1)}`,
    );
    await expect(popup.getByTestId('plan')).toHaveText('CRM Enterprise');
    await expect(popup.getByText('de 800 no período')).toBeVisible();

    // Chrome cuts a popup at 600 px: at its 352 px width, with every figure of a full account, the whole view
    // fits, and what a user needs first is on screen without scrolling; the details are folded.
    await popup.setViewportSize({ width: 352, height: 600 });
    await expect(popup.getByTestId('service-status')).toBeVisible();
    const height = await popup.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThanOrEqual(600);
    for (const first of [
      popup.getByTestId('balance'),
      popup.getByTestId('plan'),
      popup.getByTestId('service-status'),
      popup.getByText('Ativo', { exact: true }),
      popup.getByRole('button', { name: 'Abrir painel lateral' }),
      popup.getByRole('button', { name: 'Opções' }),
    ])
      await expect(first).toBeInViewport({ ratio: 1 });
    await expect(popup.getByText('Uso neste mês')).toBeHidden();
    const details = popup.getByText('Detalhes do plano e do uso');
    await details.focus();
    await popup.keyboard.press('Enter');
    await expect(popup.getByText('Uso neste mês')).toBeVisible();
    await expect(popup.getByText('Total de requisições')).toBeVisible();
    await expect(popup.getByText('Últimos 30 dias')).toBeVisible();
    await expect(popup.getByText('Pico em um dia')).toBeVisible();
    await expect(popup.getByText('15 de jan. de 2030')).toBeVisible();
    await expect(popup.getByTestId('service-status')).toHaveAttribute('data-level', 'unknown');
    await shot(popup, 'popup-cached');

    // The service's purchase link opens in a new tab.
    await popup
      .context()
      .route('https://perfilintel.example/**', (route) =>
        route.fulfill({ contentType: 'text/html', body: '<title>Loja</title>' }),
      );
    const [shop] = await Promise.all([
      popup.context().waitForEvent('page'),
      popup.getByRole('button', { name: 'Comprar créditos / upgrade' }).click(),
    ]);
    await expect.poll(() => shop.url()).toBe(shopUrl);
  });

  test('a degraded service is shown as such', async ({ admin, useKey, serviceWorker, openPage, shot }) => {
    await useKey(await admin.account({ tier: 'complete' }));
    await setSettings(serviceWorker, { language: 'pt' });
    await admin.faults({ ai_provider_down: true });
    const popup = await openPage('popup.html');
    await expect(popup.getByTestId('service-status')).toHaveAttribute('data-level', 'degraded');
    await expect(popup.getByText('Serviço instável (degradado)')).toBeVisible();
    await expect(popup.getByText(/O serviço está instável/)).toBeVisible();
    await shot(popup, 'popup-service-degraded');
  });

  test('a suspended plan shows its state', async ({ admin, useKey, serviceWorker, openPage, shot }) => {
    const key = await admin.account({ tier: 'complete', status: 'suspended' });
    await useKey(key);
    await setSettings(serviceWorker, { language: 'pt' });
    const popup = await openPage('popup.html');
    await expect(popup.getByText(/plano está suspenso/).first()).toBeVisible();
    await shot(popup, 'popup-suspended');
  });

  test('without a key it leads to the onboarding; plans are reachable', async ({
    context,
    sandbox,
    serviceWorker,
    openPage,
    extensionId,
    shot,
  }) => {
    await setSettings(serviceWorker, {
      language: 'pt',
      environment: 'sandbox',
      baseUrls: { production: '', development: '', custom: '', sandbox: sandbox.url },
    });
    const popup = await openPage('popup.html');
    await expect(popup.getByText('Nenhuma chave de API configurada')).toBeVisible();
    expect(await axeViolations(popup)).toEqual([]);
    await shot(popup, 'popup-no-key');

    const [onboarding] = await Promise.all([
      context.waitForEvent('page'),
      popup.getByRole('button', { name: 'Configurar chave' }).click(),
    ]);
    await expect(onboarding).toHaveURL(`chrome-extension://${extensionId}/options.html#onboarding`);
    await expect(onboarding.getByRole('heading', { name: 'Bem-vindo ao Perfil Intel' })).toBeVisible();

    const [plans] = await Promise.all([
      context.waitForEvent('page'),
      popup.getByRole('button', { name: 'Comparar planos' }).click(),
    ]);
    await expect(plans).toHaveURL(`chrome-extension://${extensionId}/options.html#planos`);
    await expect(plans.getByTestId('plan-card').first()).toBeVisible();
  });
});
