import { expect, test } from './fixtures';
import { messenger } from './messages';
import { setSettings } from './sidepanel.helpers';

const FAILING = ['Empresa Inexistente', 'Dados Insuficientes', 'Homônimos SA'];

/** 37 people; rows 5, 17 and 29 are at the sandbox's test companies that fail. */
function csv(): string {
  const rows = Array.from({ length: 37 }, (_, i) =>
    [`Pessoa${i}`, `Lote${i}`, i % 12 === 5 ? FAILING[(i - 5) / 12] : `Empresa ${i % 4}`].join(';'),
  );
  return ['Nome;Sobrenome;Empresa', ...rows].join('\n');
}

test('37 people from a CSV: exactly 34 charged at the Complete price, the 3 failures retried after editing', async ({
  admin,
  useKey,
  openPage,
  serviceWorker,
  shot,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 200 });
  await useKey(key);
  await setSettings(serviceWorker, { language: 'pt' });
  const page = await openPage('batch.html');
  await page.getByLabel('Importar CSV ou TSV').setInputFiles({
    name: 'leads.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv(), 'utf8'),
  });
  await page.getByRole('button', { name: 'Adicionar 37 pessoas' }).click();
  await expect(page.getByTestId('people-count')).toHaveText('37');
  await expect(page.getByTestId('plan')).toContainText('74');
  await shot(page, 'batch-plan');
  await page.getByRole('button', { name: /Iniciar \(74 créditos\)/ }).click();

  await expect(page.getByTestId('job-status')).toHaveText('concluído', { timeout: 30_000 });
  await expect(page.getByTestId('progress-counts')).toContainText(
    '34 concluídas · 3 com falha · 0 restantes · 68 créditos',
  );
  const failed = page.locator('tr[data-status="failed"]');
  await expect(failed).toHaveCount(3);
  await expect(failed.filter({ hasText: 'PROFILE_NOT_FOUND' })).toHaveCount(1);
  await expect(failed.filter({ hasText: 'INSUFFICIENT_DATA' })).toHaveCount(1);
  await expect(failed.filter({ hasText: 'MULTIPLE_MATCHES' })).toHaveCount(1);
  let ledger = await admin.ledger(key);
  expect(ledger.total_credits).toBe(68);
  expect(ledger.entries.every((e) => e.endpoint === '/crm_batch')).toBe(true);
  await shot(page, 'batch-done-with-failures');

  for (let i = 0; i < 3; i++) {
    await page
      .locator('tr[data-status="failed"]')
      .first()
      .getByRole('button', { name: 'Editar e tentar' })
      .click();
    await page.getByLabel('Empresa', { exact: true }).fill(`Empresa Corrigida ${i}`);
    await page.getByRole('button', { name: 'Tentar de novo', exact: true }).click();
    await expect(page.getByTestId('job-status')).toHaveText('concluído', { timeout: 15_000 });
  }
  await expect(page.locator('tr[data-status="failed"]')).toHaveCount(0);
  await expect(page.locator('tr[data-status="done"]')).toHaveCount(37);
  ledger = await admin.ledger(key);
  expect(ledger.total_credits).toBe(74);

  // A result opens the full analysis; the committee view reads the same analyses at no cost.
  await page.locator('tr[data-status="done"]').first().getByRole('button', { name: 'Ver análise' }).click();
  await expect(page.getByRole('dialog', { name: 'Análise' })).toBeVisible();
  await page.getByRole('button', { name: 'Fechar' }).click();
  await expect(page.getByTestId('stakeholder-map')).toBeVisible();
  await shot(page, 'batch-results-committee');
  expect((await admin.ledger(key)).total_credits).toBe(74);
});

test('a batch interrupted by a worker restart resumes, and nothing done is charged again', async ({
  admin,
  useKey,
  openPage,
  context,
  serviceWorker,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 500 });
  await useKey(key);
  await setSettings(serviceWorker, { language: 'pt' });
  const page = await openPage('batch.html');
  // A Basic batch takes 8–10 s in the contract; at this scale about 3 s, so 15 requests cannot all be out at once.
  await admin.faults({ latency_scale: 0.3 });
  const people = Array.from({ length: 150 }, (_, i) => ({
    primeiro_nome: `Retomada${i}`,
    ultimo_nome: `Teste${i}`,
    empresa: `Firma ${i % 7}`,
  }));
  const send = messenger(page);
  const { jobId } = await send('batch.start', { people, depth: 'quick' });
  const job = async () => (await send('batch.get', { id: jobId }))!;
  await expect
    .poll(async () => (await job()).rows.filter((r) => r.status === 'done').length, { timeout: 20_000 })
    .toBeGreaterThan(0);

  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const doneBefore = (await job()).rows.filter((r) => r.status === 'done').length;

  // The message above woke a new worker: it settled the rows left in flight and went on with the queue.
  await expect.poll(async () => (await job()).status, { timeout: 60_000 }).toBe('done');
  const end = await job();
  const statuses = end.rows.map((r) => r.status);
  expect(statuses.every((s) => s === 'done' || s === 'interrupted')).toBe(true);
  expect(statuses.filter((s) => s === 'done').length).toBeGreaterThan(doneBefore);
  // Wait out the processing of the requests whose answers were lost, then read the ledger.
  await page.waitForTimeout(4_000);
  const ledger = await admin.ledger(key);
  // Each request was sent once: 15 of 10 people at most, and each person charged at most once.
  expect(ledger.entries.length).toBeLessThanOrEqual(15);
  expect(ledger.total_credits).toBeLessThanOrEqual(150);
  expect(ledger.total_credits).toBeGreaterThanOrEqual(end.creditsSpent);
  // Kept as small records: the heads, and the 150 rows in three chunks of 50 (no one record of the whole job).
  const stored = await page.evaluate(() => chrome.storage.local.get(null));
  expect(
    Object.keys(stored)
      .filter((k) => k.startsWith(`batchRows:${jobId}:`))
      .sort(),
  ).toEqual([0, 1, 2].map((k) => `batchRows:${jobId}:${k}`));
  expect(stored.batchJobs).toBeUndefined();
  expect(stored.batchHeads[jobId]).toMatchObject({ rowCount: 150, status: 'done' });
  await page.goto(page.url() + `#job=${jobId}`);
  await page.reload();
  await expect(page.locator('tr[data-status="interrupted"]').first()).toContainText(
    'interrompido: confira os créditos',
  );
});

test('English by setting: the batch page, its plan and its results in English', async ({
  admin,
  useKey,
  openPage,
  serviceWorker,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 50 });
  await useKey(key);
  await setSettings(serviceWorker, { language: 'en' });
  const page = await openPage('batch.html');
  await expect(page.getByRole('heading', { name: 'Batch analysis' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Batch analysis — Perfil Intel');
  await expect(page.getByRole('heading', { name: '1. People' })).toBeVisible();
  await page.getByLabel('Import CSV or TSV').setInputFiles({
    name: 'leads.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'First name,Last name,Company\nAna,Souza,Nubank\nBruno,Lima,Stone\n,Reis,Vtex\n',
      'utf8',
    ),
  });
  await expect(page.getByTestId('bad-rows')).toContainText('Line 4: Missing first name');
  await page.getByRole('button', { name: 'Add 2 people' }).click();
  await expect(page.getByText('people on the list')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2. Plan' })).toBeVisible();
  await expect(page.getByTestId('plan')).toContainText('to analyse');
  await page.getByRole('button', { name: 'Start (4 credits)' }).click();

  await expect(page.getByTestId('job-status')).toHaveText('done', { timeout: 30_000 });
  await expect(page.getByTestId('progress-counts')).toContainText(
    '2 done · 0 failed · 0 remaining · 4 credits spent',
  );
  await expect(page.getByTestId('results').locator('thead')).toContainText('Status');
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Buying committee' })).toBeVisible();
  await page.locator('tr[data-status="done"]').first().getByRole('button', { name: 'View analysis' }).click();
  await expect(page.getByRole('dialog', { name: 'Analysis' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'New batch' }).click();
  await expect(page.getByRole('heading', { name: 'Recent batches' })).toBeVisible();
});
