/// <reference types="chrome" />
import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from '@playwright/test';
import type { HistoryEntry } from '@/lib/model';
import { test, expect } from './fixtures';
import { messenger, settledJob } from './messages';

/*
 * A history past the old 500-entry export: 1,200 entries, one analysed through the sandbox and the rest its copies
 * written straight into the history's IndexedDB from an extension page (same origin as the worker), as many months
 * of use would leave them. The worker is then stopped, so the one that wakes reads them as after a browser restart
 * (its search index made again from the entries it finds without a summary).
 */

const SEEDED = 1_199;

async function seedHistory(page: Page, model: HistoryEntry, count: number): Promise<void> {
  await page.evaluate(
    async ({ model, count }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('perfil-intel-history');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const tx = db.transaction('entries', 'readwrite');
      for (let i = 0; i < count; i++) {
        const input = { ...model.input, primeiro_nome: `Semente${i}`, empresa: `Firma ${i % 37}` };
        tx.objectStore('entries').put({
          ...model,
          id: `seed-${i}`,
          input,
          personKey: `semente${i} ${model.input.ultimo_nome.toLowerCase()}|firma ${i % 37}`,
          createdAt: model.createdAt - (i + 1) * 60_000,
        });
      }
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { model, count },
  );
}

test('the whole history exports, JSON and CSV, past 500 entries, with progress; search and "apagar tudo" see it all', async ({
  admin,
  useKey,
  openPage,
  context,
}) => {
  test.setTimeout(120_000);
  const key = await admin.account({ tier: 'complete', credits: 10 });
  await useKey(key);
  const page = await openPage('options.html#dados');
  await page.evaluate(async () => {
    const { settings = {} } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...settings, language: 'pt' } });
  });
  const send = messenger(page);
  const { jobId } = await send('lookup', {
    input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    depth: 'quick',
    lang: 'pt',
  });
  const job = await settledJob(send, jobId);
  expect(job.status).toBe('done');
  const model = (await send('history.get', { id: jobId }))!;
  await seedHistory(page, model, SEEDED);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await page.reload();

  // Every figure the progress line shows while the file is written.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="export-progress"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar histórico (JSON)' }).click(),
  ]);
  const exported = JSON.parse(readFileSync(await json.path(), 'utf8')) as {
    count: number;
    entries: HistoryEntry[];
  };
  expect(exported.count).toBe(1_200);
  expect(exported.entries).toHaveLength(1_200);
  expect(new Set(exported.entries.map((e) => e.id)).size).toBe(1_200);
  expect(exported.entries[0]!.id).toBe(jobId);
  expect(exported.entries.at(-1)!.id).toBe(`seed-${SEEDED - 1}`);
  const times = exported.entries.map((e) => e.createdAt);
  expect(times).toEqual([...times].sort((a, b) => b - a));
  await expect(page.getByText('1.200 consultas exportadas: o histórico inteiro.')).toBeVisible();
  const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
  expect(progress.length).toBeGreaterThan(0);
  for (const line of progress) expect(line).toMatch(/^Exportando: [\d.]+ de 1\.200 consultas\.$/);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar histórico (CSV)' }).click(),
  ]);
  const text = readFileSync(await csv.path(), 'utf8');
  const { data } = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
  expect(data).toHaveLength(1_200);
  expect(data.at(-1)!.primeiro_nome).toBe(`Semente${SEEDED - 1}`);

  // The search finds an old entry; "apagar tudo" empties it all.
  expect((await send('history.list', { query: `semente${SEEDED - 1}` })).map((s) => s.id)).toEqual([
    `seed-${SEEDED - 1}`,
  ]);
  expect(await send('history.list', { query: 'firma', limit: 500 })).toHaveLength(500);
  await send('history.clear', {});
  expect(await send('history.list', {})).toEqual([]);
  expect(await send('history.page', {})).toEqual({ entries: [], next: null, total: 0 });
});
