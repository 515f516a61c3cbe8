import type { Page } from '@playwright/test';
import type { DraftMessage, DraftRequest } from '@/lib/draft/port';
import { expect, test } from './fixtures';
import { messenger, settledJob } from './messages';
import { dripProxy, pointModelApiAt } from './model-proxy';
import { openPanel, openTab, setSettings } from './sidepanel.helpers';

/*
 * Drafting through the built extension, against the sandbox's /v1: first the `draft` port as the composer uses it
 * (lib/draft/port.ts), then the composer itself in the side panel, as a seller meets it.
 */

const ANA = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

/** A Complete analysis of `who` in the history, made through the real lookup; returns the entry's id. */
async function analysedEntry(page: Page, who = ANA): Promise<string> {
  const send = messenger(page);
  const job = await settledJob(
    send,
    (await send('lookup', { input: who, depth: 'complete', lang: 'pt' })).jobId,
  );
  if (job.status !== 'done') throw new Error('lookup did not finish');
  return job.entryId;
}

const request = (entryId: string, over: Partial<DraftRequest> = {}): DraftRequest => ({
  entryId,
  channel: 'email',
  tone: 'consultivo',
  length: 'curta',
  language: 'pt',
  notes: '',
  model: 'service-chat',
  temperature: 0.7,
  maxTokens: 400,
  ...over,
});

/** Opens the port, sends the request, and returns every message until `done` or `error`. */
function draft(page: Page, req: DraftRequest): Promise<DraftMessage[]> {
  return page.evaluate(
    (r) =>
      new Promise<DraftMessage[]>((resolve) => {
        const seen: DraftMessage[] = [];
        const port = chrome.runtime.connect({ name: 'draft' });
        port.onMessage.addListener((m: DraftMessage) => {
          seen.push(m);
          if (m.type !== 'delta') resolve(seen);
        });
        port.postMessage(r);
      }),
    req,
  );
}

test('a draft streams from the model API, token by token, and costs no profile credits', async ({
  admin,
  useKey,
  openPage,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 20 });
  await useKey(key);
  const page = await openPage('options.html');
  const entryId = await analysedEntry(page);
  const before = (await admin.ledger(key)).total_credits;

  const messages = await draft(page, request(entryId, { notes: 'Conhecemos no evento de fintechs' }));
  expect(messages.at(-1)).toMatchObject({ type: 'done' });
  const deltas = messages.filter((m) => m.type === 'delta');
  expect(deltas.length).toBeGreaterThan(5);
  expect(deltas.map((d) => (d.type === 'delta' ? d.text : '')).join('')).toMatch(/Destinatário: Ana Souza/);
  expect((await admin.ledger(key)).total_credits).toBe(before);

  // Similar people answer from the model API only.
  expect(await messenger(page)('draft.similar', { entryId })).toEqual({ people: [], filling: null });
  expect((await admin.ledger(key)).total_credits).toBe(before);
});

test('saved analyses are embedded in the background, a lookup at once and a batch in one request, before "Pessoas parecidas" opens', async ({
  admin,
  useKey,
  openPage,
}) => {
  test.setTimeout(90_000);
  const key = await admin.account({ tier: 'complete', credits: 100 });
  await useKey(key);
  const page = await openPage('options.html');
  const send = messenger(page);
  const embeddings = async () =>
    (await admin.requests(key, { embeddings: true })).filter((r) => r.path === '/v1/embeddings').length;
  /** The ids that have a vector, read from the extension's own database. */
  const vectors = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve, reject) => {
          const open = indexedDB.open('perfil-intel-embeddings');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('vectors').objectStore('vectors').getAll();
            all.onsuccess = () => {
              open.result.close();
              resolve((all.result as { entryId: string }[]).map((v) => v.entryId).sort());
            };
          };
        }),
    );

  const entryId = await analysedEntry(page);
  await expect.poll(vectors, { timeout: 15_000 }).toEqual([entryId]);
  expect(await embeddings()).toBe(1);

  const people = Array.from({ length: 12 }, (_, i) => ({
    primeiro_nome: `Pessoa${i}`,
    ultimo_nome: 'Lote',
    empresa: `Firma ${i % 3}`,
  }));
  const { jobId } = await send('batch.start', { people, depth: 'quick' });
  await expect
    .poll(async () => (await send('batch.get', { id: jobId }))?.status, { timeout: 60_000 })
    .toBe('done');
  const saved = (await send('batch.entries', { id: jobId })).map((e) => e.id);
  expect(saved).toHaveLength(12);
  await expect.poll(vectors, { timeout: 15_000 }).toEqual([entryId, ...saved].sort());
  // Twelve entries are one request (up to 100 go together), and nothing already embedded is sent again.
  expect(await embeddings()).toBe(2);
  const { people: similar, filling } = await send('draft.similar', { entryId });
  expect(similar).toHaveLength(3);
  expect(filling).toBeNull();
  expect(await embeddings()).toBe(2);
});

test('stop: disconnecting the port aborts the stream; nothing more arrives', async ({
  admin,
  useKey,
  openPage,
  serviceWorker,
  sandbox,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 20 });
  await useKey(key);
  const page = await openPage('options.html');
  const entryId = await analysedEntry(page);
  const proxy = await dripProxy(sandbox.url);
  try {
    await pointModelApiAt(serviceWorker, proxy.url);
    const result = await page.evaluate(
      (r) =>
        new Promise<{ before: number; after: number; ended: boolean }>((resolve) => {
          let count = 0;
          let ended = false;
          const port = chrome.runtime.connect({ name: 'draft' });
          port.onMessage.addListener((m: { type: string }) => {
            count++;
            if (m.type !== 'delta') ended = true;
            if (count === 2) {
              port.disconnect();
              const before = count;
              setTimeout(() => resolve({ before, after: count, ended }), 1500);
            }
          });
          port.postMessage(r);
        }),
      request(entryId, { length: 'longa' }),
    );
    expect(result.ended).toBe(false);
    expect(result.after).toBe(result.before);
    // The worker hung up on the model API long before the end of the reply.
    await expect.poll(() => proxy.seen.closedEarly).toBe(1);
    expect(proxy.seen.bytesBeforeClose).toBeLessThan(proxy.seen.total / 2);
  } finally {
    await proxy.close();
  }
});

test('the model API errors come back in plain words: 400 and 401', async ({
  admin,
  useKey,
  openPage,
  serviceWorker,
}) => {
  const key = await admin.account({ tier: 'complete', credits: 20 });
  await useKey(key);
  const page = await openPage('options.html');
  const entryId = await analysedEntry(page);

  const [bad] = await draft(page, request(entryId, { model: 'service-embedding' }));
  expect(bad).toMatchObject({ type: 'error', error: { code: 'invalid_request', status: 400 } });
  expect(bad?.type === 'error' && bad.error.message.pt).toBe(
    'A API de modelos recusou o pedido. Ajuste o texto ou os parâmetros (temperatura, tamanho).',
  );

  // A key the model API does not know.
  await serviceWorker.evaluate(() => chrome.storage.local.set({ apiKey: 'complete_api_desconhecida00' }));
  const [refused] = await draft(page, request(entryId));
  expect(refused).toMatchObject({ type: 'error', error: { code: 'authentication_error', status: 401 } });
  expect(refused?.type === 'error' && refused.error.message.pt).toBe(
    'A API de modelos recusou a chave. Confira a chave nas opções.',
  );
});

/** The side panel beside an empty page, showing Ana's analysis from the history (made after `others`'). */
const inPanel = test.extend<{
  panelOnAna: (others?: (typeof ANA)[]) => Promise<{ key: string; panel: Page; spent: number }>;
}>({
  panelOnAna: async ({ admin, useKey, openPage, context, serviceWorker }, use) => {
    await use(async (others = []) => {
      await setSettings(serviceWorker, { language: 'pt' });
      const key = await admin.account({ tier: 'complete', credits: 20 });
      await useKey(key);
      const page = await openPage('options.html');
      for (const who of [...others, ANA]) await analysedEntry(page, who);
      const spent = (await admin.ledger(key)).total_credits;
      const { tabId } = await openTab(
        context,
        serviceWorker,
        'https://www.exemplo.com.br/',
        '<!doctype html><title>Exemplo</title><p>Nada aqui.</p>',
      );
      const panel = await openPanel(openPage, tabId);
      await panel.getByTestId('nav-history').click();
      await panel.getByTestId('history-item').filter({ hasText: 'Ana Souza' }).click();
      await expect(panel.getByTestId('result')).toHaveAttribute('data-via', 'history');
      return { key, panel, spent };
    });
  },
});

inPanel.describe('in the side panel', () => {
  inPanel(
    '"Escrever abordagem" streams a draft into the panel; it can be edited, copied and regenerated',
    async ({ admin, panelOnAna }) => {
      const { key, panel, spent } = await panelOnAna();
      await panel.evaluate(() => {
        const w = window as unknown as { copied: string[] };
        w.copied = [];
        navigator.clipboard.writeText = async (t: string) => void w.copied.push(t);
      });

      const composer = panel.getByTestId('draft-composer');
      await composer.getByLabel('Canal').selectOption('email');
      await composer.getByLabel('Suas notas (opcional)').fill('Conhecemos no evento de fintechs');
      await expect(panel.getByTestId('draft-model')).toHaveValue('service-chat');
      await panel.getByTestId('draft-write').click();
      const text = panel.getByTestId('draft-text');
      await expect(text).toHaveValue(/Destinatário: Ana Souza/, { timeout: 20_000 });
      await expect(panel.getByTestId('draft-write')).toHaveText('Gerar de novo');

      await text.fill('Olá, Ana! Mensagem revisada.');
      await panel.getByTestId('draft-copy').click();
      await expect(composer.getByRole('status')).toHaveText('Mensagem copiada.');
      expect(await panel.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([
        'Olá, Ana! Mensagem revisada.',
      ]);
      // a page without clipboard access: said plainly, the text stays in the box
      await panel.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
      });
      await panel.getByTestId('draft-copy').click();
      await expect(composer.getByRole('status')).toHaveText('Não foi possível copiar.');
      await expect(text).toHaveValue('Olá, Ana! Mensagem revisada.');

      await panel.getByTestId('draft-write').click();
      await expect(text).toHaveValue(/Destinatário: Ana Souza/, { timeout: 20_000 });
      // Drafting spends no profile credits.
      expect((await admin.ledger(key)).total_credits).toBe(spent);
    },
  );

  inPanel(
    'Stop ends the stream in the panel and keeps what arrived, marked as incomplete',
    async ({ panelOnAna, serviceWorker, sandbox }) => {
      const { panel } = await panelOnAna();
      const proxy = await dripProxy(sandbox.url);
      try {
        await pointModelApiAt(serviceWorker, proxy.url);
        await panel.getByTestId('draft-composer').getByLabel('Tamanho').selectOption('longa');
        await panel.getByTestId('draft-write').click();
        await expect(panel.getByTestId('draft-stream')).toContainText(/\S{3}/);
        await panel.getByTestId('draft-stop').click();
        await expect(panel.getByText('Geração interrompida: o texto pode estar incompleto.')).toBeVisible();
        const kept = await panel.getByTestId('draft-text').inputValue();
        expect(kept.length).toBeGreaterThan(0);
        await expect.poll(() => proxy.seen.closedEarly).toBe(1);
        expect(proxy.seen.bytesBeforeClose).toBeLessThan(proxy.seen.total);
        // Nothing more arrives after the stop.
        await panel.waitForTimeout(500);
        expect(await panel.getByTestId('draft-text').inputValue()).toBe(kept);
      } finally {
        await proxy.close();
      }
    },
  );

  inPanel('a refused key shows in plain words in the panel', async ({ panelOnAna, serviceWorker }) => {
    const { panel } = await panelOnAna();
    await expect(panel.getByTestId('draft-model')).toHaveValue('service-chat');
    await serviceWorker.evaluate(() => chrome.storage.local.set({ apiKey: 'complete_api_desconhecida00' }));
    await panel.getByTestId('draft-write').click();
    await expect(panel.getByTestId('draft-composer')).toContainText(
      'A API de modelos recusou a chave. Confira a chave nas opções.',
    );
    await expect(panel.getByTestId('draft-text')).toHaveCount(0);
  });

  inPanel('the model picker lists only the models that can chat', async ({ panelOnAna }) => {
    const { panel } = await panelOnAna();
    const composer = panel.getByTestId('draft-composer');
    await composer.locator('summary', { hasText: 'Modelo' }).click();
    const picker = panel.getByTestId('draft-model');
    await expect(picker).toHaveValue('service-chat');
    // The sandbox lists two completion-only and two embedding models besides the chat one.
    expect(await picker.locator('option').allTextContents()).toEqual(['service-chat']);

    // At the panel's width the channel select shows its longest option whole ("Mensagem no LinkedIn").
    const channel = composer.getByLabel('Canal');
    const fit = await channel.evaluate((el) => {
      const select = el as HTMLSelectElement;
      const style = getComputedStyle(select);
      const ctx = document.createElement('canvas').getContext('2d')!;
      ctx.font = style.font;
      const longest = Math.max(...[...select.options].map((o) => ctx.measureText(o.text).width));
      // Room for the text: the box less its padding and the arrow (about 24 px).
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
      return { longest, room };
    });
    expect(fit.longest).toBeLessThanOrEqual(fit.room);
  });

  inPanel(
    'with a refused key, the reason the button is off shows next to it, not only in the collapsed section',
    async ({ panelOnAna, serviceWorker }) => {
      const { panel } = await panelOnAna();
      await serviceWorker.evaluate(() => chrome.storage.local.set({ apiKey: 'complete_api_desconhecida00' }));
      await panel.reload();
      await panel.getByTestId('nav-history').click();
      await panel.getByTestId('history-item').filter({ hasText: 'Ana Souza' }).click();
      const write = panel.getByTestId('draft-write');
      await expect(write).toBeDisabled();
      const reason = panel.getByTestId('draft-write-reason');
      await expect(reason).toBeVisible();
      await expect(reason).toContainText('Não foi possível listar os modelos');
      await expect(reason).toContainText('A API de modelos recusou a chave. Confira a chave nas opções.');
      await expect(write).toHaveAttribute('aria-describedby', 'draft-write-reason');
    },
  );

  inPanel(
    'people like this one, from the history, open with a click at no credit cost',
    async ({ admin, panelOnAna }) => {
      const { key, panel, spent } = await panelOnAna([
        { primeiro_nome: 'Bruno', ultimo_nome: 'Lima', empresa: 'Itaú' },
      ]);
      const similar = panel.getByTestId('similar-people');
      await expect(similar.getByRole('button')).toHaveCount(1);
      await expect(similar.getByRole('button')).toContainText('Bruno Lima');
      await similar.getByRole('button').click();
      await expect(panel.getByTestId('result')).toContainText('Bruno Lima');
      expect((await admin.ledger(key)).total_credits).toBe(spent);
    },
  );
});
