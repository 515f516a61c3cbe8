import { expect, test } from './fixtures';
import { messenger, settledJob } from './messages';

/*
 * The lookup engine through the built extension, against the sandbox. The protocol messages are sent from an
 * extension page with chrome.runtime.sendMessage, as the side panel sends them.
 */

test('a lookup charges exactly its credits, and a repeat is served from the history at zero', async ({
  admin,
  useKey,
  openPage,
  serviceWorker,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 50 });
  await useKey(key);
  const page = await openPage('popup.html');
  const send = messenger(page);
  const request = {
    input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    depth: 'complete',
    lang: 'pt',
  } as const;

  const quote = await send('quote', request);
  expect(quote).toMatchObject({
    endpoint: '/crm',
    credits: 2,
    timeRange: [5, 18],
    cached: null,
    unavailable: null,
  });

  const first = await settledJob(send, (await send('lookup', request)).jobId);
  expect(first).toMatchObject({ status: 'done', fromHistory: false });
  let ledger = await admin.ledger(key);
  expect(ledger.entries.map((e) => [e.endpoint, e.credits])).toEqual([['/crm', 2]]);
  expect(ledger.total_credits).toBe(2);
  expect(await send('credits.get', {})).toMatchObject({ balance: 48 });

  // The same person, written differently, at the same depth: from the history, free.
  expect((await send('quote', request)).cached).toMatchObject({ depth: 'complete', creditsCharged: 2 });
  const again = { ...request, input: { primeiro_nome: 'ana', ultimo_nome: 'SOUZA ', empresa: 'nubank' } };
  const repeat = await settledJob(send, (await send('lookup', again)).jobId);
  expect(repeat).toMatchObject({ status: 'done', fromHistory: true });
  ledger = await admin.ledger(key);
  expect(ledger.total_credits).toBe(2);
  expect(ledger.entries).toHaveLength(1);

  const entry = await send('history.get', { id: repeat.status === 'done' ? repeat.entryId : '' });
  expect(entry).toMatchObject({ endpoint: '/crm', creditsCharged: 2, input: { primeiro_nome: 'Ana' } });
  expect((await send('history.list', { query: 'souza nubank' })).map((h) => h.id)).toEqual([entry!.id]);

  // The key never reaches a page: the status is masked, and the worker alone reads it.
  const status = await page.evaluate(() => chrome.storage.local.get('keyStatus'));
  expect(JSON.stringify(status)).not.toContain(key);
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.commands?.['analyze-selection']?.suggested_key?.default).toBe('Alt+Shift+P');
});

test('a worker stopped in the middle of a Plus call ends with the result or "interrupted", never a second charge', async ({
  admin,
  useKey,
  openPage,
  context,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 50 });
  await useKey(key);
  const page = await openPage('popup.html');
  const send = messenger(page);
  // Plus takes 15–35 s in the contract; at this scale 4.5–10.5 s, long enough to stop the worker mid-call.
  await admin.faults({ latency_scale: 0.3 });
  const request = {
    input: { primeiro_nome: 'Carla', ultimo_nome: 'Mendes', empresa: 'Stone' },
    depth: 'plus',
    lang: 'pt',
  } as const;
  const { jobId } = await send('lookup', request);
  expect(await send('job.get', { id: jobId })).toMatchObject({ status: 'running' });
  await page.waitForTimeout(1_500);
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  // The next message wakes a new worker, which settles what the old one left running.
  const job = await settledJob(send, jobId);
  // The call needs at least 4.5 s and was cut at 1.5 s: only a new worker, settling what the old one left
  // running, ends it now. (Had the result reached the history first, it would end `done`.)
  expect(job.status).toBe('interrupted');

  // Wait out the service's processing time, then read the ledger: at most one Plus charge, never two.
  await page.waitForTimeout(10_000);
  const ledger = await admin.ledger(key);
  expect(ledger.entries.filter((e) => e.endpoint === '/crm_plus').length).toBeLessThanOrEqual(1);
  expect(ledger.total_credits).toBeLessThanOrEqual(3);
  expect(ledger.entries.every((e) => e.endpoint === '/crm_plus')).toBe(true);
  // Nothing was re-sent by itself: the job stays as it ended.
  expect(await send('job.get', { id: jobId })).toMatchObject({ status: job.status });
  if (job.status === 'done') expect(await send('history.get', { id: job.entryId })).not.toBeNull();
});
