import { expect, test } from './fixtures';
import { readPage } from '../fixtures/pages/cases';
import { openPanel, openTab, setSettings } from './sidepanel.helpers';

test('from a team page: the panel opens the batch page, people are picked with checkboxes, lines are pasted', async ({
  admin,
  useKey,
  openPage,
  context,
  serviceWorker,
  shot,
}) => {
  await setSettings(serviceWorker, { language: 'pt' });
  const key = await admin.account({ tier: 'complete', credits: 200 });
  await useKey(key);
  // The manifest grants localhost, so the content script is injected there on demand, as after a grant.
  const { tabId } = await openTab(
    context,
    serviceWorker,
    'http://localhost:8765/equipe/',
    readPage('team-page.html'),
  );
  const panel = await openPanel(openPage, tabId);
  const opened = context.waitForEvent('page');
  await panel.getByTestId('batch-link').click();
  const batch = await opened;
  await batch.waitForLoadState();
  expect(new URL(batch.url()).pathname).toBe('/batch.html');

  // Everyone detected starts selected; one is left out, then select-all toggles the rest.
  const selectAll = batch.getByLabel('Selecionar todas (8)');
  await expect(selectAll).toBeChecked();
  await batch.getByLabel('Renata Yamamoto — Pipoca Tecnologia Ltda.').uncheck();
  await expect(selectAll).not.toBeChecked();
  await selectAll.check();
  await selectAll.uncheck();
  await expect(batch.getByRole('button', { name: 'Adicionar 0 selecionadas' })).toBeDisabled();
  for (const name of ['Beatriz Carvalho', 'João Pedro da Silva', 'Larissa de Souza Lima'])
    await batch.getByLabel(`${name} — Pipoca Tecnologia Ltda.`).check();
  await batch.getByRole('button', { name: 'Adicionar 3 selecionadas' }).click();
  await expect(batch.getByTestId('people-count')).toHaveText('3');
  // The role the page shows goes as context, visible and editable in the list.
  await expect(batch.getByLabel('Contexto de Beatriz Carvalho')).toHaveValue('CEO e Cofundadora');
  await expect(batch.getByLabel('Contexto de Larissa de Souza Lima')).toHaveValue('Head de Marketing');
  await batch.getByLabel('Contexto de João Pedro da Silva').fill('CTO, São Paulo');

  // Pasted lines: a bad one is listed and skipped; a duplicate is merged in the plan.
  await batch
    .getByLabel('Colar linhas')
    .fill(
      'Ana Souza – Nubank\n12345\nBruno;Lima;Stone;conheci no evento\nBeatriz;Carvalho;Pipoca Tecnologia Ltda.',
    );
  await batch.getByRole('button', { name: 'Adicionar linhas' }).click();
  await expect(batch.getByTestId('bad-rows')).toContainText('Linha 2');
  await expect(batch.getByTestId('people-count')).toHaveText('6');
  await expect(batch.getByTestId('plan')).toContainText('1 duplicada(s) unida(s)');
  await shot(batch, 'batch-sources');

  await batch.getByRole('button', { name: 'Iniciar (10 créditos)' }).click();
  await expect(batch.getByTestId('job-status')).toHaveText('concluído', { timeout: 30_000 });
  await expect(batch.locator('tr[data-status="done"]')).toHaveCount(5);
  // Columns never touch: at least 8 px between the texts of neighbouring headers ("Situação", "Cargo").
  const gaps = await batch.getByTestId('results').evaluate((table) => {
    const cells = [...table.querySelectorAll('thead th')].filter((th) => th.textContent?.trim());
    const textBox = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return range.getBoundingClientRect();
    };
    return cells.slice(1).map((th, i) => ({
      between: `${cells[i]!.textContent} | ${th.textContent}`,
      gap: textBox(th).left - textBox(cells[i]!).right,
    }));
  });
  expect(gaps.find((g) => g.between === 'Situação | Cargo')).toBeDefined();
  for (const g of gaps) expect(g.gap, g.between).toBeGreaterThanOrEqual(8);
  await expect(batch.getByTestId('results').locator('thead')).toContainText('Papel na compra');
  await expect(batch.getByTestId('results')).not.toContainText(/Individual Contributor|\bManager\b/);

  const ledger = await admin.ledger(key);
  expect(ledger.total_credits).toBe(10);
  // On the wire: each person's context as it stood in the list.
  const sent = JSON.stringify((await admin.requests(key)).map((r) => r.body));
  for (const context of ['CEO e Cofundadora', 'CTO, São Paulo', 'Head de Marketing', 'conheci no evento'])
    expect(sent).toContain(`"contexto_adicional":${JSON.stringify(context)}`);
});

test('pause, resume and cancel from the batch page: only what was sent is charged', async ({
  admin,
  useKey,
  openPage,
  serviceWorker,
}) => {
  await setSettings(serviceWorker, { language: 'pt' });
  const key = await admin.account({ tier: 'complete', credits: 200 });
  await useKey(key);
  // A Basic batch request takes about 3 s at this scale, so the job is still running when the buttons are used.
  await admin.faults({ latency_scale: 0.3 });
  const page = await openPage('batch.html');
  const lines = Array.from({ length: 80 }, (_, i) => `Pausa${i};Teste${i};Firma ${i % 5}`).join('\n');
  await page.getByLabel('Colar linhas').fill(lines);
  await page.getByRole('button', { name: 'Adicionar linhas' }).click();
  await page.getByLabel('Análise').selectOption('quick');
  await page.getByRole('button', { name: 'Iniciar (80 créditos)' }).click();
  const status = page.getByTestId('job-status');
  await expect(status).toHaveText('em andamento');

  await page.getByRole('button', { name: 'Pausar' }).click();
  await expect(status).toHaveText('pausado');
  // The requests already out finish; nothing more is sent while paused.
  const rows = (s: string) => page.locator(`tr[data-status="${s}"]`);
  await expect(rows('sent')).toHaveCount(0, { timeout: 15_000 });
  const doneWhilePaused = await rows('done').count();
  expect(await rows('queued').count()).toBeGreaterThan(0);
  await page.waitForTimeout(1500);
  expect(await rows('done').count()).toBe(doneWhilePaused);
  expect((await admin.ledger(key)).total_credits).toBe(doneWhilePaused);

  await page.getByRole('button', { name: 'Retomar' }).click();
  await expect(status).toHaveText('em andamento');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(status).toHaveText('cancelado');
  await expect(rows('sent')).toHaveCount(0, { timeout: 15_000 });
  const done = await rows('done').count();
  const cancelled = await rows('cancelled').count();
  expect(cancelled).toBeGreaterThan(0);
  expect(done + cancelled).toBe(80);
  // Exactly the profiles analysed were charged; the cancelled ones never left.
  expect((await admin.ledger(key)).total_credits).toBe(done);
});
