import type { BrowserContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extensionWorker, launchWithExtension } from './browser';
import { batchRequests, creditsShown, settled, storedRows } from './batch.helpers';
import { expect, saveKey, test } from './fixtures';
import { messenger } from './messages';
import { setSettings } from './sidepanel.helpers';

/**
 * A batch that outlives what happens around it: the browser closed mid-batch and opened again on the same profile,
 * and a window of 429 answers mid-batch. Each is checked in the sandbox's ledger and request log and on the batch
 * page. (Three worker stops mid-batch are in batch.spec.ts.)
 */

const people = (n: number, name: string) =>
  Array.from({ length: n }, (_, i) => ({
    primeiro_nome: `${name}${i}`,
    ultimo_nome: `Teste${i}`,
    empresa: `Firma ${i % 7}`,
  }));

/** Points the extension of `context` at the sandbox and saves `key`, in Portuguese. */
async function useKey(context: BrowserContext, extensionId: string, sandboxUrl: string, key: string) {
  const worker = await extensionWorker(context);
  await setSettings(worker, { language: 'pt' });
  const openOptions = async () => {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/options.html`);
    return page;
  };
  await saveKey(worker, openOptions, sandboxUrl, key);
}

const NO_FAULTS = {
  ai_provider_down: false,
  latency_scale: 0.01,
  rate_limit_per_s: 1000,
  fail_next: null,
  drop_connection_next: false,
};

test('the browser closed mid-batch and opened again: the job is under "Lotes recentes" and ends, the rows in flight at the close are interrupted with what they cost, nobody is sent twice', async ({
  admin,
  sandbox,
}) => {
  test.setTimeout(300_000);
  await admin.faults(NO_FAULTS);
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'perfil-e2e-'));
  let context = await launchWithExtension(userDataDir);
  try {
    const extensionId = new URL((await extensionWorker(context)).url()).host;
    const key = await admin.account({ tier: 'complete', credits: 300 });
    await useKey(context, extensionId, sandbox.url, key);
    // About 10 s for a request of 10 people: requests are in flight when the browser closes.
    await admin.faults({ latency_scale: 0.8 });
    let page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/batch.html`);
    const { jobId } = await messenger(page)('batch.start', {
      people: people(120, 'Fechado'),
      depth: 'quick',
    });
    await page.goto(page.url().split('#')[0] + `#job=${jobId}`);
    await page.reload();
    await expect(page.getByTestId('job-status')).toHaveText('em andamento');
    await expect
      .poll(
        async () => {
          const rows = await storedRows(page, jobId);
          return settled(rows) >= 10 && rows.some((r) => r.status === 'sent');
        },
        { timeout: 60_000, intervals: [100] },
      )
      .toBe(true);
    const sentBeforeClose = (await batchRequests(admin, key)).length;
    await context.close();
    const closedAt = Date.now();

    // The same profile opened again; the seller opens the batch page and finds the job among the recent ones.
    context = await launchWithExtension(userDataDir);
    page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/batch.html`);
    await expect(page.getByRole('heading', { name: 'Lotes recentes' })).toBeVisible();
    await page.getByRole('button', { name: /120 pessoas \(em andamento\)/ }).click();
    await expect(page.getByTestId('job-status')).toHaveText('concluído', { timeout: 120_000 });

    const rows = await storedRows(page, jobId);
    expect(rows.every((r) => r.status === 'done' || r.status === 'interrupted')).toBe(true);
    // The rows whose answer the close lost are interrupted, and none of them was sent again by itself.
    const interruptedRows = rows.filter((r) => r.status === 'interrupted');
    expect(interruptedRows.length).toBeGreaterThan(0);
    const requests = await batchRequests(admin, key);
    const afterReopen = new Set(requests.filter((r) => r.at > closedAt).flatMap((r) => r.people));
    expect(interruptedRows.filter((r) => afterReopen.has(r.input.primeiro_nome))).toEqual([]);
    // The job went on after the restart (more requests than before the close), and nobody was sent twice.
    expect(requests.length).toBeGreaterThan(sentBeforeClose);
    expect(afterReopen.size).toBeGreaterThan(0);
    const sent = requests.flatMap((r) => r.people);
    expect(new Set(sent).size).toBe(sent.length);
    const names = new Map(rows.map((r) => [r.id, r.input.primeiro_nome]));
    for (const r of rows.filter((r) => r.status === 'done')) expect(sent).toContain(names.get(r.id));

    // What the lost requests took, measured once the balance can tell (the service caches /creditos up to 30 s).
    await expect(page.getByTestId('lost-measuring')).toHaveCount(0, { timeout: 120_000 });
    await expect(page.getByTestId('lost-cost')).toBeVisible();
    const ledger = await admin.ledger(key);
    const shown = await creditsShown(page);
    expect(shown.spent + shown.lost).toBe(ledger.total_credits);
    expect(ledger.total_credits).toBe(rows.filter((r) => r.status === 'done').length + shown.lost);
    const interrupted = page.locator('tr[data-status="interrupted"]');
    await expect(interrupted).toHaveCount(interruptedRows.length);
    await expect(interrupted.first()).toContainText(/interrompido: (cobrado|não foi cobrado)/);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('a window of 429 answers mid-batch: the refused rows go again by themselves after Retry-After, everyone is analysed, nobody is charged twice', async ({
  admin,
  useKey,
  openPage,
  serviceWorker,
  sandbox,
}) => {
  test.setTimeout(180_000);
  const key = await admin.account({ tier: 'complete', credits: 300 });
  await useKey(key);
  await setSettings(serviceWorker, { language: 'pt' });
  await admin.faults({ latency_scale: 0.3 });
  const page = await openPage('batch.html');
  const { jobId } = await messenger(page)('batch.start', { people: people(80, 'Limitado'), depth: 'quick' });
  await page.goto(page.url().split('#')[0] + `#job=${jobId}`);
  await page.reload();
  await expect(page.getByTestId('job-status')).toHaveText('em andamento');
  await expect
    .poll(async () => settled(await storedRows(page, jobId)) >= 10, { timeout: 60_000, intervals: [100] })
    .toBe(true);

  // For about 8 s every analysis request is refused with 429 and Retry-After: 8.
  await admin.faults({ fail_next: { status: 429, count: 10_000, retry_after: '8' } });
  const windowFrom = Date.now();
  await expect
    .poll(async () => (await batchRequests(admin, key)).filter((r) => r.at >= windowFrom).length, {
      timeout: 30_000,
      intervals: [100],
    })
    .toBeGreaterThan(0);
  await page.waitForTimeout(8_000);
  const windowTo = Date.now();
  await admin.faults({ fail_next: null });
  const left = (await (await fetch(`${sandbox.url}/__sandbox/faults`)).json()) as unknown;
  expect(left).toMatchObject({ fail_next: null });

  await expect(page.getByTestId('job-status')).toHaveText('concluído', { timeout: 120_000 });
  await expect(page.getByTestId('progress-counts')).toContainText(
    '80 concluídas · 0 com falha · 0 restantes',
  );
  const rows = await storedRows(page, jobId);
  expect(rows.every((r) => r.status === 'done')).toBe(true);

  // The refused requests: those that reached the sandbox while the fault surely held. Their people went again after.
  const requests = await batchRequests(admin, key);
  const refused = requests.filter((r) => r.at >= windowFrom && r.at <= windowTo);
  expect(refused.length).toBeGreaterThan(0);
  // Each refused request's people went again by themselves, and not before its Retry-After (8 s) had passed.
  for (const r of refused) {
    const next = requests.find((q) => q.at > r.at && q.people.some((p) => r.people.includes(p)));
    expect(next, `the people of the request refused at ${r.at} were sent again`).toBeDefined();
    expect(next!.at - r.at).toBeGreaterThanOrEqual(7_000);
  }

  // Nobody charged twice: the ledger holds one Basic batch credit per person, and the page shows as much.
  const ledger = await admin.ledger(key);
  expect(ledger.entries.every((e) => e.endpoint === '/crm_basico_batch')).toBe(true);
  expect(ledger.entries.reduce((n, e) => n + ((e as { profiles?: number }).profiles ?? 0), 0)).toBe(80);
  expect(ledger.total_credits).toBe(80);
  expect((await creditsShown(page)).spent).toBe(ledger.total_credits);
  await expect(page.getByTestId('lost-cost')).toHaveCount(0);
});
