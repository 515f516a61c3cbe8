import type { Page } from '@playwright/test';
import type { BatchRow } from '@/lib/model';
import type { Admin } from './fixtures';

/*
 * What the batch tests read of a running job: its rows as stored, the requests as the sandbox received them, and the
 * credits the batch page shows.
 */

/** The rows of a job as stored (reading storage does not wake the worker, a message would). */
export async function storedRows(page: Page, jobId: string): Promise<BatchRow[]> {
  const all = await page.evaluate(() => chrome.storage.local.get(null));
  return Object.keys(all)
    .filter((k) => k.startsWith(`batchRows:${jobId}:`))
    .sort((a, b) => Number(a.split(':')[2]) - Number(b.split(':')[2]))
    .flatMap((k) => all[k] as BatchRow[]);
}

/** How many rows have an outcome (neither waiting nor on their way). */
export const settled = (rows: BatchRow[]) =>
  rows.filter((r) => r.status !== 'queued' && r.status !== 'sent').length;

/** The charging requests as the sandbox received them, with the people each carried. */
export async function batchRequests(admin: Admin, key: string): Promise<{ at: number; people: string[] }[]> {
  return (await admin.requests(key))
    .filter((r) => r.method === 'POST')
    .map((r) => ({
      at: r.at,
      people: ((r.body as { profiles?: { primeiro_nome: string }[] }).profiles ?? []).map(
        (p) => p.primeiro_nome,
      ),
    }));
}

/** Credits the batch page shows: spent by answered requests, and taken by the lost ones (0 when none was lost). */
export async function creditsShown(page: Page): Promise<{ spent: number; lost: number }> {
  const counts = (await page.getByTestId('progress-counts').textContent()) ?? '';
  const spent = Number(/(\d+) créditos gastos/.exec(counts)?.[1]);
  const notice = page.getByTestId('lost-cost');
  if (!(await notice.count())) return { spent, lost: 0 };
  const state = await notice.getAttribute('data-state');
  const text = (await notice.textContent()) ?? '';
  return { spent, lost: state === 'free' ? 0 : Number(/custaram (\d+) crédito/.exec(text)?.[1]) };
}
