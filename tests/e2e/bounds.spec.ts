/// <reference types="chrome" />
import type { Page } from '@playwright/test';
import { LONG_LINE_AFTER, LONG_LINE_BEFORE, TRICKLE_TEXT } from '../sandbox/oversize';
import { pageCases, readPage } from '../fixtures/pages/cases';
import { test, expect } from './fixtures';
import { messenger, settledJob } from './messages';
import { openPanel, openTab, setSettings, workerReady } from './sidepanel.helpers';

/*
 * Oversized and slow answers from the service, through the built extension against the sandbox's `oversize`
 * faults: what reaches the panel is bounded and readable, and a draft arrives whole however it is chunked.
 */

// A lookup, then a megabyte through the worker and the panel: slower than most flows on a busy machine.
test.describe.configure({ timeout: 150_000 });

const linkedin = pageCases.find((c) => c.file === 'linkedin-profile.html' && c.url.includes('ana-souza'))!;
const ANA = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

const boundsTest = test.extend<{ oversize(body: Record<string, unknown>): Promise<void> }>({
  oversize: async ({ sandbox }, use) => {
    const arm = async (body: Record<string, unknown>) => {
      const res = await fetch(`${sandbox.url}/__sandbox/oversize`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`oversize: ${res.status}`);
    };
    await use(arm);
    await arm({ kind: null });
  },
});

/** The fixtures the helpers below use. */
type Used = Pick<
  Parameters<Parameters<typeof boundsTest>[2]>[0],
  'admin' | 'useKey' | 'serviceWorker' | 'context' | 'openPage'
>;

async function panelOnAna({
  admin,
  useKey,
  serviceWorker,
  context,
  openPage,
}: Used): Promise<{ key: string; panel: Page }> {
  const key = await admin.account({ tier: 'complete', credits: 50 });
  await workerReady(serviceWorker);
  await useKey(key);
  await setSettings(serviceWorker, { language: 'pt' });
  const { tabId } = await openTab(context, serviceWorker, linkedin.url, readPage(linkedin.file));
  const panel = await openPanel(openPage, tabId);
  await expect(panel.getByTestId('candidate-name')).toHaveText(['Ana Souza']);
  return { key, panel };
}

/** The panel beside Ana with the Basic analysis (1 credit) chosen. */
async function quickOnAna(used: Used): Promise<{ key: string; panel: Page }> {
  const opened = await panelOnAna(used);
  await opened.panel.getByTestId('depth-quick').check();
  await expect(opened.panel.getByTestId('run')).toHaveText('Analisar — 1 crédito');
  return opened;
}

boundsTest(
  'a 1 MB error message from the service shows as a short, readable message; nothing charged',
  async ({ admin, useKey, serviceWorker, context, openPage, oversize, shot }) => {
    const { key, panel } = await quickOnAna({ admin, useKey, serviceWorker, context, openPage });
    await oversize({ kind: 'error_message', size: 1024 * 1024 });
    await panel.getByTestId('run').click();
    const error = panel.getByTestId('error');
    await expect(error).toHaveAttribute('data-code', 'SERVER_ERROR', { timeout: 20_000 });
    const text = await error.innerText();
    expect(text.length).toBeLessThan(3_000);
    expect(text).toContain('O serviço falhou ao processar o pedido.');
    expect(text).toMatch(/muito muito .*…/);
    // The whole panel stays small: not the megabyte the service sent.
    expect((await panel.evaluate(() => document.body.innerText)).length).toBeLessThan(20_000);
    await shot(panel, 'bounds-error-1mb');
    expect((await admin.ledger(key)).total_credits).toBe(0);
  },
);

boundsTest(
  '2,000 suggestions of a 404 show as a short list',
  async ({ admin, useKey, serviceWorker, context, openPage, oversize }) => {
    const { panel } = await quickOnAna({ admin, useKey, serviceWorker, context, openPage });
    // 4 MB: just under the byte cap on what the client reads of a body.
    await oversize({ kind: 'suggestions', count: 2_000, size: 2_000 });
    await panel.getByTestId('run').click();
    await expect(panel.getByTestId('error')).toHaveAttribute('data-code', 'NOT_FOUND', { timeout: 20_000 });
    const items = panel.getByTestId('suggestions').getByRole('listitem');
    await expect(items).toHaveCount(20);
    for (const t of await items.allInnerTexts()) expect(t.length).toBeLessThanOrEqual(300);
  },
);

boundsTest(
  'an analysis whose answer never ends: read up to the cap, a clear error, nothing charged, the history kept',
  async ({ admin, useKey, serviceWorker, context, openPage, oversize, shot, sandbox }) => {
    const { key, panel } = await quickOnAna({ admin, useKey, serviceWorker, context, openPage });
    const size = 1024 * 1024 * 1024;
    await oversize({ kind: 'endless_body', size });
    await panel.getByTestId('run').click();
    const error = panel.getByTestId('error');
    await expect(error).toHaveAttribute('data-code', 'BAD_RESPONSE', { timeout: 30_000 });
    await expect(error).toContainText('O serviço enviou uma resposta que não pôde ser lida.');
    // The worker hung up on each body (the analysis's, the balance's) once past the cap: the server saw the
    // connection closed before the end. What it sent by then is the cap plus what the sockets and the browser's
    // network process took before the cancel reached them (10–40 MB on a quiet machine, a few hundred on a loaded
    // one), far short of the gigabyte a client that read on to the end would take.
    const answers = async () =>
      (await (await fetch(`${sandbox.url}/__sandbox/oversize`)).json()) as {
        written: number[];
        hung_up: boolean[];
      };
    await expect
      .poll(
        async () => {
          const { hung_up } = await answers();
          return hung_up.length > 0 && hung_up.every(Boolean);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const { written } = await answers();
    await oversize({ kind: null });
    for (const sent of written) expect(sent).toBeLessThan(size);
    await shot(panel, 'bounds-endless-body');
    expect((await admin.ledger(key)).total_credits).toBe(0);
    // The panel still works: "Tentar novamente", answered normally now, is charged once.
    await panel.getByTestId('retry').click();
    await expect(panel.getByTestId('result')).toBeVisible({ timeout: 30_000 });
    expect((await admin.ledger(key)).total_credits).toBe(1);
  },
);

/** A Complete analysis of Ana in the history, made through the real lookup; returns the entry's id. */
async function analysedEntry(page: Page): Promise<string> {
  const send = messenger(page);
  const job = await settledJob(
    send,
    (await send('lookup', { input: ANA, depth: 'complete', lang: 'pt' })).jobId,
  );
  if (job.status !== 'done') throw new Error('lookup did not finish');
  return job.entryId;
}

boundsTest.describe('drafts', () => {
  async function composer(fixtures: Used) {
    const { admin, useKey, openPage, context, serviceWorker } = fixtures;
    await setSettings(serviceWorker, { language: 'pt' });
    const key = await admin.account({ tier: 'complete', credits: 20 });
    await useKey(key);
    const page = await openPage('options.html');
    await analysedEntry(page);
    const { tabId } = await openTab(
      context,
      serviceWorker,
      'https://www.exemplo.com.br/',
      '<!doctype html><title>Exemplo</title><p>Nada aqui.</p>',
    );
    const panel = await openPanel(openPage, tabId);
    await panel.getByTestId('nav-history').click();
    await panel.getByTestId('history-item').filter({ hasText: 'Ana Souza' }).click();
    await expect(panel.getByTestId('draft-model')).toHaveValue('service-chat');
    return panel;
  }

  boundsTest(
    'a draft streamed one byte at a time arrives whole in the panel',
    async ({ admin, useKey, serviceWorker, context, openPage, oversize, shot, sandbox }) => {
      const fixtures = { admin, useKey, serviceWorker, context, openPage, oversize, shot, sandbox };
      const panel = await composer(fixtures);
      await fixtures.oversize({ kind: 'draft_trickle', chunk: 1 });
      await panel.getByTestId('draft-write').click();
      await expect(panel.getByTestId('draft-text')).toHaveValue(TRICKLE_TEXT, { timeout: 20_000 });
      await expect(panel.getByTestId('draft-truncated')).toHaveCount(0);
    },
  );

  boundsTest(
    'a model line past the parser’s cap ends the draft with a clear error, keeping what came before it',
    async ({ admin, useKey, serviceWorker, context, openPage, oversize, shot, sandbox }) => {
      const fixtures = { admin, useKey, serviceWorker, context, openPage, oversize, shot, sandbox };
      const panel = await composer(fixtures);
      // A first delta, then a 1 MB `data:` line, then more text and the end: the stream must stop at the line.
      await fixtures.oversize({ kind: 'draft_long_line', size: 1024 * 1024 });
      await panel.getByTestId('draft-write').click();
      await expect(panel.getByText('A resposta do modelo veio num formato inesperado')).toBeVisible({
        timeout: 20_000,
      });
      await expect(panel.getByTestId('draft-text')).toHaveValue(LONG_LINE_BEFORE);
      await expect(panel.getByText(LONG_LINE_AFTER.trim())).toHaveCount(0);
      await fixtures.shot(panel, 'bounds-draft-long-line');
      await fixtures.oversize({ kind: null });
    },
  );

  boundsTest(
    'a huge draft is stopped at the limit, the text kept and the stop said',
    async ({ admin, useKey, serviceWorker, context, openPage, oversize, shot, sandbox }) => {
      const fixtures = { admin, useKey, serviceWorker, context, openPage, oversize, shot, sandbox };
      const panel = await composer(fixtures);
      // 2,000 deltas of 1,000 characters: 2 million characters, whatever max_tokens asked.
      await fixtures.oversize({ kind: 'draft_huge', count: 2_000, size: 1_000 });
      await panel.getByTestId('draft-write').click();
      await expect(panel.getByTestId('draft-truncated')).toContainText(
        'A mensagem passou do limite de 24.000 caracteres e foi interrompida',
        { timeout: 20_000 },
      );
      const text = await panel.getByTestId('draft-text').inputValue();
      expect(text).toHaveLength(24_000);
      expect(text.startsWith('muito muito')).toBe(true);
      await fixtures.shot(panel, 'bounds-draft-capped');
    },
  );
});
