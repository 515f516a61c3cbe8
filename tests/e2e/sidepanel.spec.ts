/// <reference types="chrome" />
import { readFileSync } from 'node:fs';
import { expect, type Admin } from './fixtures';
import { linkedin, test } from './on-ana';
import { pageCases, readPage } from '../fixtures/pages/cases';
import {
  atTop,
  openPanel,
  openTab,
  priced,
  seriousViolations,
  setSettings,
  workerReady,
} from './sidepanel.helpers';

/*
 * The side panel against the sandbox, flow by flow. Each test saves screenshots of the states it reaches
 * (tests/e2e/screenshots/sidepanel-*.png) for review.
 */

const github = pageCases.find((c) => c.file === 'github-profile.html')!;
const NOBODY =
  '<!doctype html><html lang="pt-BR"><head><title>Página</title></head><body><main><h1>Bem-vindo</h1></main></body></html>';

const ledgerOf = async (admin: Admin, key: string) => (await admin.ledger(key)).entries;

test.describe('side panel', () => {
  test('detected person: the fields to send, each depth’s cost and time, the balance after; then a Complete analysis', async ({
    onAna,
    admin,
    shot,
  }) => {
    const { key, panel } = await onAna();
    await expect(panel.getByTestId('depth-quick-cost')).toHaveText('1 crédito · normalmente 2–8 s');
    await expect(panel.getByTestId('depth-complete-cost')).toHaveText('2 créditos · normalmente 5–18 s');
    await expect(panel.getByTestId('depth-plus-cost')).toHaveText('3 créditos · normalmente 15–35 s');
    await priced(panel, 'complete', 'Analisar — 2 créditos');
    await expect(panel.getByTestId('balance-after')).toHaveText('98 créditos');
    await expect(panel.getByLabel('Primeiro nome *')).toHaveValue('Ana');
    await expect(panel.getByLabel('Empresa *')).toHaveValue('Nubank');
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-detected');

    // Slow enough to see it run.
    await admin.faults({ latency_scale: 0.4 });
    await panel.getByTestId('run').click();
    const running = panel.getByTestId('running');
    await expect(running).toBeVisible();
    await expect(running.getByRole('progressbar', { name: 'Progresso da análise' })).toHaveAttribute(
      'aria-valuetext',
      /de 5 a 18 s/,
    );
    await expect(running).toContainText('normalmente 5–18 s');
    await expect(panel.getByTestId('cancel')).toBeEnabled();
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-running');

    const result = panel.getByTestId('result');
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result).toHaveAttribute('data-depth', 'complete');
    await expect(panel.getByTestId('freshness')).toHaveText('Análise Completa · 2 créditos cobrados');
    const card = panel.getByTestId('summary-card');
    await expect(card.getByRole('heading', { name: 'Ana Souza' })).toBeFocused();
    await expect(card).toContainText('Cargo');
    await expect(card).toContainText('MBTI');
    await expect(panel.getByTestId('top-traits')).toHaveText(/^\S.+ \d+ · .+ \d+ · .+ \d+$/);
    for (const title of [
      'Manual do comprador',
      'Personalidade',
      'Contexto de negócios',
      'Insights regionais (Brasil)',
      'Dores dinâmicas',
    ])
      await expect(panel.locator('summary', { hasText: title })).toBeVisible();
    await expect(panel.locator('summary', { hasText: 'Inteligência de mercado (Plus)' })).toHaveCount(0);
    const chart = panel.getByTestId('ocean-chart');
    await expect(chart.getByRole('listitem')).toHaveCount(5);
    await expect(chart).toContainText('Estabilidade emocional');
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-complete');
    expect(await ledgerOf(admin, key)).toMatchObject([{ endpoint: '/crm', credits: 2 }]);

    // A collapsed section opens from the keyboard.
    const regional = panel.locator('summary', { hasText: 'Insights regionais (Brasil)' });
    await regional.focus();
    await panel.keyboard.press('Enter');
    await expect(panel.locator('details:has(> summary:has-text("Insights regionais"))')).toHaveAttribute(
      'open',
      '',
    );
  });

  test('copy as text and Markdown, export JSON, and a print view with every section open', async ({
    onAna,
    shot,
  }) => {
    const { panel } = await onAna();
    await priced(panel, 'complete', 'Analisar — 2 créditos');
    await panel.getByTestId('run').click();
    await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });

    await panel.evaluate(() => {
      const w = window as unknown as { copied: string[]; printed: number };
      w.copied = [];
      w.printed = 0;
      navigator.clipboard.writeText = async (t: string) => void w.copied.push(t);
      window.print = () => void w.printed++;
    });
    await panel.getByRole('button', { name: 'Copiar texto' }).click();
    await expect(panel.getByTestId('export-status')).toHaveText('Texto copiado.');
    await panel.getByRole('button', { name: 'Copiar Markdown' }).click();
    await expect(panel.getByTestId('export-status')).toHaveText('Markdown copiado.');
    const [text, markdown] = await panel.evaluate(() => (window as unknown as { copied: string[] }).copied);
    expect(text).toMatch(/^Ana Souza — Nubank\nAnálise Completa de .+\n- Cargo: /);
    expect(text).toContain('\nMANUAL DO COMPRADOR\n');
    expect(text).toContain('\nOCEAN:\n- Abertura: ');
    expect(markdown).toMatch(/^# Ana Souza — Nubank\n\nAnálise Completa de .+\n- \*\*Cargo\*\*: /);
    expect(markdown).toContain('\n## Personalidade\n');

    const [download] = await Promise.all([
      panel.waitForEvent('download'),
      panel.getByRole('button', { name: 'Exportar JSON' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^perfil-intel-ana-souza-nubank-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8'));
    expect(exported).toMatchObject({
      format: 'perfil-intel-analise',
      depth: 'complete',
      input: { primeiro_nome: 'Ana' },
    });
    expect(exported.analysis.ocean.openness).toBeGreaterThan(0);

    // Sections far below the view are in the page (found, read aloud) but neither styled nor laid out until
    // they near it; printing lays out every one.
    await panel.setViewportSize({ width: 400, height: 700 });
    const last = panel.locator('[data-section]').last();
    const rendered = () =>
      last.locator('summary').evaluate((e) => e.checkVisibility({ contentVisibilityAuto: true }));
    await atTop(panel);
    expect(await panel.locator('[data-section]').count()).toBeGreaterThan(3);
    await expect.poll(rendered).toBe(false);
    await expect(last.locator('summary')).toHaveText(/.+/);
    await last.scrollIntoViewIfNeeded();
    await expect.poll(rendered).toBe(true);
    await atTop(panel);

    await panel.getByRole('button', { name: 'Imprimir' }).click();
    expect(await panel.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // What the printer gets: no toolbar or navigation, every section open.
    await panel.emulateMedia({ media: 'print' });
    await panel.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    await expect(panel.getByRole('toolbar')).toBeHidden();
    await expect(panel.getByRole('navigation')).toBeHidden();
    await expect(panel.locator('details:not([open])')).toHaveCount(0);
    await atTop(panel);
    await expect.poll(rendered).toBe(true);
    await shot(panel, 'sidepanel-print');
    await panel.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    await panel.emulateMedia({ media: 'screen' });
    await expect(panel.locator('details:not([open])').first()).toBeAttached();
  });

  test('Plus asks first: cancelling spends nothing, confirming shows market intelligence and metadata', async ({
    onAna,
    admin,
    shot,
  }) => {
    const { key, panel } = await onAna();
    await priced(panel, 'plus', 'Analisar — 3 créditos');
    await panel.getByTestId('run').click();
    const dialog = panel.getByRole('dialog', { name: 'Confirmar análise Plus' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('A análise Plus de Ana Souza (Nubank) custa 3 créditos.');
    await expect(dialog).toContainText('Saldo: 100 créditos → 97 créditos.');
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-confirm-plus');
    await panel.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('run')).toBeFocused();
    expect(await ledgerOf(admin, key)).toEqual([]);

    await panel.getByTestId('run').click();
    await dialog.getByRole('button', { name: 'Analisar por 3 créditos' }).click();
    await expect(panel.getByTestId('result')).toHaveAttribute('data-depth', 'plus', { timeout: 20_000 });
    for (const title of ['Como engajar (Plus)', 'Inteligência de mercado (Plus)', 'Metadados'])
      await expect(panel.locator('summary', { hasText: title })).toBeVisible();
    await panel.locator('summary', { hasText: 'Metadados' }).click();
    await expect(panel.getByText('Enriquecida por IA')).toBeVisible();
    await expect(panel.getByTestId('approach')).toBeVisible();
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-plus');
    await panel.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-plus-dark');
    expect(await ledgerOf(admin, key)).toMatchObject([{ endpoint: '/crm_plus', credits: 3 }]);
  });

  test('the confirmation follows the settings: a lower threshold asks for Complete, turned off it never asks', async ({
    onAna,
    serviceWorker,
  }) => {
    const { panel } = await onAna(undefined, { confirmAboveCredits: 2 });
    await priced(panel, 'complete', 'Analisar — 2 créditos');
    await panel.getByTestId('run').click();
    await expect(panel.getByRole('dialog', { name: 'Confirmar gasto de créditos' })).toBeVisible();
    await panel.getByRole('button', { name: 'Cancelar' }).click();

    await setSettings(serviceWorker, { confirmSpending: false });
    await priced(panel, 'plus', 'Analisar — 3 créditos');
    await panel.getByTestId('run').click();
    await expect(panel.getByRole('dialog')).toBeHidden();
    await expect(panel.getByTestId('result')).toHaveAttribute('data-depth', 'plus', { timeout: 20_000 });
  });

  test('nobody on the page: the manual form runs a Basic analysis with a Basic key', async ({
    admin,
    useKey,
    serviceWorker,
    context,
    openPage,
    shot,
  }) => {
    const key = await admin.account({ tier: 'basic', credits: 20, plan: 'platform_essentials' });
    await workerReady(serviceWorker);
    await useKey(key);
    await setSettings(serviceWorker, { language: 'pt' });
    const { tabId } = await openTab(context, serviceWorker, 'https://github.com/about', NOBODY);
    const panel = await openPanel(openPage, tabId);
    await expect(panel.getByTestId('nobody')).toBeVisible();
    await expect(panel.getByTestId('run')).toBeDisabled();
    await panel.getByLabel('Primeiro nome *').fill('Mariana');
    await panel.getByLabel('Sobrenome').fill('Azevedo');
    await panel.getByLabel('Empresa *').fill('Vértice Logística');
    await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
    await expect(panel.getByTestId('run')).toHaveText('Analisar — 1 crédito');
    // A Basic key has no Complete or Plus: each says why.
    await expect(panel.getByTestId('depth-complete-cost')).toContainText(
      'Sua chave Basic não inclui a análise Completa',
    );
    await expect(panel.getByTestId('depth-plus-cost')).toContainText(
      'Sua chave Basic não inclui a análise Plus',
    );
    await panel.getByTestId('run').click();
    const result = panel.getByTestId('result');
    await expect(result).toHaveAttribute('data-depth', 'quick', { timeout: 20_000 });
    await expect(panel.getByTestId('analysis').locator('summary')).toHaveText([
      'Manual do comprador',
      'Linguagem de impacto',
      'Perfil profissional',
    ]);
    await expect(panel.getByTestId('ocean-chart')).toHaveCount(0);
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-basic');
    expect(await ledgerOf(admin, key)).toMatchObject([{ endpoint: '/crm_basico', credits: 1 }]);
  });

  test('history: served again at 0 credits, searchable, an old analysis opens offline and offers a paid refresh', async ({
    onAna,
    admin,
    serviceWorker,
    sandbox,
    shot,
  }) => {
    const { key, panel } = await onAna();
    await priced(panel, 'complete', 'Analisar — 2 créditos');
    await panel.getByTestId('run').click();
    await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });

    await panel.getByRole('button', { name: '← Nesta página' }).click();
    await panel.getByTestId('depth-complete').check();
    await expect(panel.getByTestId('cached-note')).toContainText('abre do histórico por 0 créditos');
    await expect(panel.getByTestId('run')).toHaveText('Abrir do histórico — 0 créditos');
    await expect(panel.getByTestId('balance-after')).toHaveText('98 créditos');
    await shot(await atTop(panel), 'sidepanel-cached');
    await panel.getByTestId('run').click();
    await expect(panel.getByTestId('result')).toHaveAttribute('data-via', 'cache');
    await expect(panel.getByTestId('freshness')).toContainText('Servida do histórico por 0 créditos');
    expect(await ledgerOf(admin, key)).toHaveLength(1);

    // Twelve days later, with the service out of reach.
    await serviceWorker.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('perfil-intel-history');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('entries', 'readwrite');
            const store = tx.objectStore('entries');
            const all = store.getAll();
            all.onsuccess = () => {
              for (const e of all.result) store.put({ ...e, createdAt: e.createdAt - 12 * 86_400_000 });
            };
            tx.oncomplete = () => resolve();
          };
        }),
    );
    await setSettings(serviceWorker, {
      environment: 'custom',
      baseUrls: { production: '', development: '', custom: 'http://127.0.0.1:9', sandbox: sandbox.url },
    });

    await panel.getByTestId('nav-history').click();
    const items = panel.getByTestId('history-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Ana Souza — Nubank');
    await expect(items.first()).toContainText('Completa');
    await panel.getByLabel('Buscar por nome, empresa ou cargo').fill('zzz');
    await expect(panel.getByTestId('history-empty')).toHaveText('Nada encontrado para “zzz”.');
    await panel.getByLabel('Buscar por nome, empresa ou cargo').fill('nubank');
    await expect(items).toHaveCount(1);
    expect(await seriousViolations(panel)).toEqual([]);
    await shot(await atTop(panel), 'sidepanel-history');
    await items.first().click();
    await expect(panel.getByTestId('result')).toHaveAttribute('data-via', 'history');
    await expect(panel.getByTestId('freshness')).toContainText('Atualizado há 12 dias');
    const refresh = panel.getByTestId('refresh-entry');
    await expect(refresh).toHaveText('atualizar (2 créditos)');
    await shot(await atTop(panel), 'sidepanel-history-entry');
    expect(await ledgerOf(admin, key)).toHaveLength(1);

    await setSettings(serviceWorker, { environment: 'sandbox' });
    await refresh.click();
    await expect(panel.getByTestId('result')).toHaveAttribute('data-via', 'lookup', { timeout: 20_000 });
    expect(await ledgerOf(admin, key)).toMatchObject([{ credits: 2 }, { credits: 2 }]);
  });

  test.describe('errors, each with its action', () => {
    test('409: several people match; add context and retry', async ({ onAna, admin, shot }) => {
      const { key, panel } = await onAna();
      await panel.getByLabel('Empresa *').fill('Homônimos SA');
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      await panel.getByTestId('run').click();
      const error = panel.getByTestId('error');
      await expect(error).toHaveAttribute('data-code', 'AMBIGUOUS_PERSON', { timeout: 20_000 });
      await expect(panel.getByText('Mais de uma pessoa com esse nome', { exact: true })).toBeVisible();
      await expect(panel.getByTestId('searched')).toHaveText('Buscamos: Ana Souza · Homônimos SA');
      expect(await seriousViolations(panel)).toEqual([]);
      await shot(await atTop(panel), 'sidepanel-error-409');
      await panel.getByTestId('add-context').click();
      await expect(panel.getByLabel('Contexto adicional')).toBeFocused();
      await panel.keyboard.type('Head de Vendas em São Paulo');
      // The context is part of what is sent: the click goes with the quote of the form as it is now.
      await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
      expect(await ledgerOf(admin, key)).toHaveLength(1);
    });

    for (const [status, company, code, title] of [
      [404, 'Empresa Inexistente', 'NOT_FOUND', 'Pessoa não encontrada'],
      [422, 'Dados Insuficientes', 'INSUFFICIENT_DATA', 'Poucos dados públicos'],
    ] as const) {
      test(`${status}: shows what was searched and what to try; nothing charged`, async ({
        onAna,
        admin,
        shot,
      }) => {
        const { key, panel } = await onAna();
        await panel.getByLabel('Empresa *').fill(company);
        await priced(panel, 'quick', 'Analisar — 1 crédito');
        await panel.getByTestId('run').click();
        await expect(panel.getByTestId('error')).toHaveAttribute('data-code', code, { timeout: 20_000 });
        await expect(panel.getByText(title, { exact: true })).toBeVisible();
        await expect(panel.getByTestId('searched')).toHaveText(`Buscamos: Ana Souza · ${company}`);
        await expect(panel.getByTestId('suggestions').getByRole('listitem').first()).toBeVisible();
        await expect(panel.getByTestId('error')).toContainText('Nenhum crédito foi cobrado.');
        expect(await seriousViolations(panel)).toEqual([]);
        await shot(await atTop(panel), `sidepanel-error-${status}`);
        expect(await ledgerOf(admin, key)).toEqual([]);
      });
    }

    test('402: the balance and where to buy more', async ({ onAna, context, shot }) => {
      const { panel } = await onAna({ tier: 'complete', credits: 0 });
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('error')).toHaveAttribute('data-code', 'INSUFFICIENT_CREDITS', {
        timeout: 20_000,
      });
      await expect(panel.getByText('Créditos insuficientes', { exact: true })).toBeVisible();
      await expect(panel.getByTestId('error-balance')).toHaveText('Saldo: 0 créditos');
      expect(await seriousViolations(panel)).toEqual([]);
      await shot(await atTop(panel), 'sidepanel-error-402');
      const [shop] = await Promise.all([
        context.waitForEvent('page'),
        panel.getByTestId('buy-credits').click(),
      ]);
      await expect(shop).toHaveURL(/\/tiers-disponiveis$/);
    });

    test('403: which plan is needed', async ({ onAna, admin, shot }) => {
      const { panel } = await onAna();
      await priced(panel, 'complete', 'Analisar — 2 créditos');
      await admin.faults({ fail_next: { status: 403 } });
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('error')).toHaveAttribute('data-code', 'ACCESS_DENIED', {
        timeout: 20_000,
      });
      await expect(panel.getByText('Fora do seu plano', { exact: true })).toBeVisible();
      await expect(panel.getByTestId('required-tier')).toContainText('É preciso o plano');
      await expect(panel.getByTestId('upgrade')).toBeVisible();
      expect(await seriousViolations(panel)).toEqual([]);
      await shot(await atTop(panel), 'sidepanel-error-403');
    });

    test('503 on Plus: the Complete analysis, with the notice of what was charged', async ({
      onAna,
      admin,
      shot,
    }) => {
      const { key, panel } = await onAna();
      await admin.faults({ ai_provider_down: true });
      await priced(panel, 'plus', 'Analisar — 3 créditos');
      await panel.getByTestId('run').click();
      await panel.getByTestId('confirm-spend').click();
      await expect(panel.getByTestId('result')).toHaveAttribute('data-depth', 'complete', {
        timeout: 20_000,
      });
      await expect(panel.getByTestId('entry-notice')).toContainText('A análise Plus estava indisponível');
      await expect(panel.getByTestId('entry-notice')).toContainText('2 créditos');
      await expect(panel.locator('summary', { hasText: 'Personalidade' })).toBeVisible();
      expect(await seriousViolations(panel)).toEqual([]);
      await shot(await atTop(panel), 'sidepanel-error-503-plus');
      expect(await ledgerOf(admin, key)).toMatchObject([{ credits: 2 }]);
    });

    test('429: waits automatically with a countdown, then sends again', async ({ onAna, admin, shot }) => {
      const { key, panel } = await onAna();
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      // The background waits out two 429s itself; the third reaches the panel.
      await admin.faults({ fail_next: { status: 429, count: 4 } });
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('countdown')).toHaveText(/^Tentando de novo em \d+ s…$/, {
        timeout: 20_000,
      });
      await expect(panel.getByText('Muitas consultas seguidas', { exact: true })).toBeVisible();
      await shot(await atTop(panel), 'sidepanel-error-429');
      await expect(panel.getByTestId('result')).toBeVisible({ timeout: 30_000 });
      expect(await ledgerOf(admin, key)).toHaveLength(1);
    });

    test('network failure: a retry that warns of a possible charge', async ({ onAna, admin, shot }) => {
      const { key, panel } = await onAna();
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      // Chrome silently re-sends a request whose reused connection drops before any answer; once the sandbox
      // has closed its idle connections (5 s), the request goes on a fresh one and the drop reaches the panel.
      await panel.waitForTimeout(6_000);
      await admin.faults({ drop_connection_next: true });
      await panel.getByTestId('run').click();
      await expect(panel.getByText('Sem resposta do serviço', { exact: true })).toBeVisible({
        timeout: 20_000,
      });
      await expect(panel.getByTestId('error')).toContainText('Pode ter havido cobrança');
      await expect(panel.getByTestId('charge-warning')).toContainText('nova consulta');
      const retry = panel.getByTestId('retry');
      await expect(retry).toHaveText('Tentar de novo (pode cobrar)');
      await panel.getByTestId('check-credits').click();
      await expect(panel.getByText(/^Saldo agora: \d+ créditos \(o serviço leva até 30 s/)).toBeVisible();
      expect(await seriousViolations(panel)).toEqual([]);
      await shot(await atTop(panel), 'sidepanel-error-network');
      await retry.click();
      await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
      expect(await ledgerOf(admin, key)).toHaveLength(2);
    });

    test('interrupted: check the credits before trying again', async ({
      onAna,
      admin,
      serviceWorker,
      shot,
    }) => {
      const { panel } = await onAna();
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      await admin.faults({ latency_scale: 2 });
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('running')).toBeVisible();
      // What a restarted worker records for a call it lost.
      await serviceWorker.evaluate(async () => {
        const { lookupJobs = {} } = await chrome.storage.session.get('lookupJobs');
        const jobs = lookupJobs as Record<string, { status: string }>;
        for (const job of Object.values(jobs)) job.status = 'interrupted';
        await chrome.storage.session.set({ lookupJobs: jobs });
      });
      await expect(panel.getByTestId('interrupted')).toHaveText(
        'Interrompido: confira os créditos antes de tentar de novo.',
      );
      await panel.getByTestId('check-credits').click();
      await expect(panel.getByText(/^Saldo agora: \d+ créditos \(o serviço leva até 30 s/)).toBeVisible();
      expect(await seriousViolations(panel)).toEqual([]);
      await shot(await atTop(panel), 'sidepanel-interrupted');
    });

    test('cancel: the panel stops waiting, says a charge may still happen, and offers the result once it lands', async ({
      onAna,
      admin,
      shot,
    }) => {
      const { key, panel } = await onAna();
      await priced(panel, 'quick', 'Analisar — 1 crédito');
      await admin.faults({ latency_scale: 0.6 });
      await panel.getByTestId('run').click();
      await panel.getByTestId('cancel').click();
      await expect(panel.getByTestId('cancelled')).toContainText('pode ser cobrada mesmo assim');
      await expect(panel.getByTestId('lookup-form')).toBeVisible();
      await shot(await atTop(panel), 'sidepanel-cancelled');
      await panel.getByTestId('open-late-result').click({ timeout: 20_000 });
      await expect(panel.getByTestId('result')).toHaveAttribute('data-via', 'history');
      expect(await ledgerOf(admin, key)).toHaveLength(1);
    });
  });

  test('keyboard only: reach the fields, pick a depth, run, and land on the result', async ({ onAna }) => {
    const { panel } = await onAna();
    const focused = () =>
      panel.evaluate(
        () =>
          document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('data-testid'),
      );
    const tabTo = async (target: string) => {
      for (let i = 0; i < 30 && (await focused()) !== target; i++) await panel.keyboard.press('Tab');
      expect(await focused()).toBe(target);
    };
    await tabTo('contexto_adicional');
    await panel.keyboard.type('Lidera o time comercial');
    await panel.keyboard.press('Tab');
    await panel.keyboard.press('ArrowDown');
    await expect(panel.getByTestId('depth-complete')).toBeChecked();
    await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
    await expect(panel.getByTestId('run')).toHaveText('Analisar — 2 créditos');
    await tabTo('run');
    await panel.keyboard.press('Enter');
    await expect(panel.getByTestId('summary-card').getByRole('heading')).toBeFocused({ timeout: 20_000 });
  });

  test('English by setting: labels, costs and the analysis in English', async ({ onAna, shot }) => {
    const { panel } = await onAna(undefined, { language: 'en' });
    await expect(panel.getByRole('heading', { name: 'What will be sent' })).toBeVisible();
    await expect(panel.getByTestId('run')).toHaveText('Analyse — 1 credit');
    await expect(panel.locator('html')).toHaveAttribute('lang', 'en');
    await panel.getByText('English', { exact: true }).click();
    // The English analysis has its own endpoint: its quote, not the Portuguese one, goes with the click.
    await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
    await panel.getByTestId('run').click();
    await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
    await expect(panel.locator('summary', { hasText: 'Buyer playbook' })).toBeVisible();
    await shot(await atTop(panel), 'sidepanel-english');
  });

  test('a person sent from the context menu fills the form', async ({ onAna, serviceWorker, shot }) => {
    const { panel, tabId } = await onAna();
    await serviceWorker.evaluate(async (id) => {
      await chrome.storage.session.set({
        pendingPerson: {
          tabId: id,
          text: 'Bruno Lima – Stone',
          candidate: {
            primeiro_nome: 'Bruno',
            ultimo_nome: 'Lima',
            empresa: 'Stone',
            confidence: 0.8,
            source: 'selection',
          },
          at: Date.now(),
        },
      });
    }, tabId);
    await expect(panel.getByText('“Bruno Lima – Stone”')).toBeVisible();
    await expect(panel.getByLabel('Primeiro nome *')).toHaveValue('Bruno');
    await expect(panel.getByLabel('Empresa *')).toHaveValue('Stone');
    await shot(await atTop(panel), 'sidepanel-context-menu');
  });

  test('follows the active tab and its navigations', async ({ serviceWorker, context, openPage }) => {
    await workerReady(serviceWorker);
    await setSettings(serviceWorker, { language: 'pt' });
    const a = await openTab(context, serviceWorker, linkedin.url, readPage(linkedin.file));
    const b = await openTab(context, serviceWorker, github.url, readPage(github.file));
    // Not pinned: the panel follows whichever tab of its window is active.
    const panel = await openPage('sidepanel.html');
    await a.page.bringToFront();
    await expect(panel.getByTestId('candidate-name')).toHaveText(['Ana Souza']);
    await b.page.bringToFront();
    await expect(panel.getByTestId('candidate-name')).toHaveText(['Rafael Costa']);
    // A full navigation in the followed tab.
    await b.page.goto(linkedin.url);
    await expect(panel.getByTestId('candidate-name')).toHaveText(['Ana Souza']);
  });
});
