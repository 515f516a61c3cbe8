import { batchRequests, creditsShown, settled, storedRows } from './batch.helpers';
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

test('three worker stops during a 300-person batch: the job ends by itself, every credit the ledger took is shown, nobody is sent twice', async ({
  admin,
  useKey,
  openPage,
  context,
  serviceWorker,
  shot,
}) => {
  test.setTimeout(300_000);
  const key = await admin.account({ tier: 'complete', credits: 500 });
  await useKey(key);
  await setSettings(serviceWorker, { language: 'pt' });
  // A Basic batch takes 8–10 s in the contract (for 5 people); at this scale about 10 s for 10: requests in flight.
  await admin.faults({ latency_scale: 0.8 });
  const people = Array.from({ length: 300 }, (_, i) => ({
    primeiro_nome: `Retomada${i}`,
    ultimo_nome: `Teste${i}`,
    empresa: `Firma ${i % 7}`,
  }));
  const page = await openPage('batch.html');
  const { jobId } = await messenger(page)('batch.start', { people, depth: 'quick' });
  // Only the batch page, as the seller would have it open: no message from the test from here on.
  await page.goto(page.url().split('#')[0] + `#job=${jobId}`);
  await page.reload();
  await expect(page.getByTestId('job-status')).toHaveText('em andamento');
  // While the job runs, the alarm that wakes a stopped worker is set.
  const alarmNames = () => page.evaluate(async () => (await chrome.alarms.getAll()).map((a) => a.name));
  expect(await alarmNames()).toContain('work-wake');

  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  let lostRows = 0;
  for (let stop = 0; stop < 3; stop++) {
    const before = settled(await storedRows(page, jobId));
    // Some answers in since the last stop, and requests in flight: the stop lands on work under way.
    await expect
      .poll(
        async () => {
          const rows = await storedRows(page, jobId);
          return settled(rows) >= before + 10 && rows.some((r) => r.status === 'sent');
        },
        { timeout: 60_000, intervals: [100] },
      )
      .toBe(true);
    await cdp.send('ServiceWorker.stopAllWorkers');
    // What the stopped worker had in flight; a new one (woken by the page or the alarm) settles it and goes on.
    const inFlight = new Set(
      (await storedRows(page, jobId)).filter((r) => r.status === 'sent').map((r) => r.id),
    );
    await expect
      .poll(
        async () =>
          (await storedRows(page, jobId)).filter((r) => inFlight.has(r.id) && r.status === 'sent').length,
        {
          timeout: 60_000,
        },
      )
      .toBe(0);
    lostRows = (await storedRows(page, jobId)).filter((r) => r.status === 'interrupted').length;
  }
  expect(lostRows).toBeGreaterThan(0);

  await expect(page.getByTestId('job-status')).toHaveText('concluído', { timeout: 120_000 });
  const rows = await storedRows(page, jobId);
  expect(rows.every((r) => r.status === 'done' || r.status === 'interrupted')).toBe(true);
  // What the lost requests took, measured from the balance once the service's 30 s cache can tell.
  await expect(page.getByTestId('lost-measuring')).toHaveCount(0, { timeout: 120_000 });
  await expect(page.getByTestId('lost-cost')).toBeVisible();
  const ledger = await admin.ledger(key);
  const shown = await creditsShown(page);
  expect(shown.spent + shown.lost).toBe(ledger.total_credits);
  expect(ledger.total_credits).toBe(
    rows.filter((r) => r.status === 'done').length + (shown.lost > 0 ? shown.lost : 0),
  );
  // Nobody was sent twice, and nobody whose answer was lost was sent again by itself.
  const sent = (await batchRequests(admin, key)).flatMap((r) => r.people);
  expect(new Set(sent).size).toBe(sent.length);
  expect(sent.length).toBeLessThanOrEqual(300);
  const interrupted = page.locator('tr[data-status="interrupted"]');
  await expect(interrupted).toHaveCount(rows.filter((r) => r.status === 'interrupted').length);
  await expect(interrupted.first()).toContainText('interrompido: cobrado');
  await expect(
    page.getByRole('button', {
      name: /Tentar de novo as \d+ com falha \(as interrompidas podem cobrar de novo\)/,
    }),
  ).toBeVisible();
  await shot(page, 'batch-worker-stopped-three-times');

  // Nothing runs and nothing waits to be measured: the alarm that woke the worker is gone.
  await expect.poll(alarmNames).not.toContain('work-wake');
});

test('the side panel and the popup show a running batch, also right after the worker restarts', async ({
  admin,
  useKey,
  openPage,
  context,
  serviceWorker,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 500 });
  await useKey(key);
  await setSettings(serviceWorker, { language: 'pt' });
  await admin.faults({ latency_scale: 0.3 });
  const people = Array.from({ length: 120 }, (_, i) => ({
    primeiro_nome: `Painel${i}`,
    ultimo_nome: `Teste${i}`,
    empresa: `Firma ${i % 5}`,
  }));
  const popup = await openPage('popup.html');
  const { jobId } = await messenger(popup)('batch.start', { people, depth: 'quick' });
  const panel = await openPage('sidepanel.html?tabId=1');
  for (const page of [popup, panel]) {
    await expect(page.getByTestId('running-job')).toHaveAttribute('data-job', jobId);
    await expect(page.getByTestId('running-job-status')).toHaveText('em andamento');
  }
  const cdp = await context.newCDPSession(popup);
  await cdp.send('ServiceWorker.enable');
  await expect
    .poll(async () => settled(await storedRows(popup, jobId)), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await cdp.send('ServiceWorker.stopAllWorkers');
  // Opened right after the stop, before any worker is up: the job's progress is read from storage.
  const late = await openPage('popup.html');
  await expect(late.getByTestId('running-job-counts')).toContainText('restantes');
  // The open pages wake the worker: the job ends, and their progress follows it to the end.
  await expect
    .poll(
      async () =>
        (await storedRows(popup, jobId)).every((r) => r.status === 'done' || r.status === 'interrupted'),
      {
        timeout: 90_000,
      },
    )
    .toBe(true);
  for (const page of [popup, panel, late])
    await expect(page.getByTestId('running-job-status').filter({ hasText: 'em andamento' })).toHaveCount(0, {
      timeout: 60_000,
    });
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
