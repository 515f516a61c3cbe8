import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test, type Admin } from './fixtures';
import { messenger } from './messages';
import { analysedBeside } from './beside';
import { humanDoubleClick } from './gesture';
import { openPanel, openTab, setSettings } from './sidepanel.helpers';
import { readPage } from '../fixtures/pages/cases';
import type { Channel } from '@/lib/model';

/*
 * "Inserir na mensagem" and "Revisar meu texto" through the built extension: the side panel beside a compose
 * surface served under its real address (so the site's declared content script runs there as on the real site),
 * the text typed into the site's editor, the page's own editing events recorded by the page.
 */

const fixture = (name: string) =>
  readFileSync(path.resolve('tests/fixtures/compose', `${name}.html`), 'utf8');

type Probe = { type: string; inputType: string; probe: string | null };
const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: Probe[] }).__events);
const textOf = (page: Page, probe: string) =>
  page.locator(`[data-probe="${probe}"]`).evaluate((e) => (e as HTMLElement).innerText);

const compose = test.extend<{
  /** The panel on Ana's analysis (from the history), pinned to a tab showing `page` at `url`. */
  panelBeside: (
    url: string,
    page: string,
    draft?: { text: string; channel?: Channel },
  ) => Promise<{ site: Page; panel: Page; entryId: string; tabId: number }>;
}>({
  panelBeside: async ({ admin, useKey, openPage, context, serviceWorker }, use) => {
    await use((url, name, draft) =>
      analysedBeside({ admin, useKey, openPage, context, serviceWorker }, url, fixture(name), draft),
    );
  },
});

/** Writes a draft with the model API and returns it as the panel shows it. */
async function writeDraft(panel: Page, channel = 'linkedin') {
  await panel.getByTestId('draft-composer').getByLabel('Canal').selectOption(channel);
  await expect(panel.getByTestId('draft-model')).toHaveValue('service-chat');
  await panel.getByTestId('draft-write').click();
  const text = panel.getByTestId('draft-text');
  await expect(text).toHaveValue(/Ana Souza/, { timeout: 20_000 });
  return text.inputValue();
}

compose.describe.configure({ timeout: 120_000 });

compose(
  'Gmail, new message: the draft goes where the caret is, above the signature, as typed text',
  async ({ panelBeside }) => {
    const { site, panel } = await panelBeside(
      'https://mail.google.com/mail/u/0/#inbox?compose=new',
      'gmail-compose',
    );
    const draft = await writeDraft(panel, 'email');
    // The e-mail draft leads with its subject line, which goes to the subject field.
    expect(draft).toMatch(/^Assunto: /);
    const subject = draft.split('\n')[0]!.replace('Assunto: ', '');
    const body = draft.split('\n').slice(1).join('\n').trim();
    // The seller clicked into the body's first line.
    await site.locator('[data-probe=body] > div').first().click();

    // A person's double click (two clicks 150 ms apart) inserts once.
    await humanDoubleClick(panel, panel.getByTestId('draft-insert'));
    await expect(panel.getByTestId('insert-result')).toHaveText('Inserido na mensagem. Assunto preenchido.');
    const inEditor = await textOf(site, 'body');
    expect(inEditor.split(body.slice(0, 40)).length - 1).toBe(1);
    // The signature is still there, after the text.
    expect(inEditor.indexOf(body.slice(0, 40))).toBeLessThan(inEditor.indexOf('Camila Rocha'));
    expect(inEditor).toContain('Executiva de contas · VTEX');
    await expect(site.locator('[data-probe=subject]')).toHaveValue(subject);
    // The site's editor saw the editing events a typing user makes.
    const seen = await events(site);
    expect(seen).toContainEqual(
      expect.objectContaining({ type: 'beforeinput', inputType: 'insertText', probe: 'body' }),
    );
    expect(seen).toContainEqual(
      expect.objectContaining({ type: 'input', inputType: 'insertText', probe: 'body' }),
    );
  },
);

compose(
  'Gmail reply: without a caret in it, the text goes after what the seller wrote and before the quote',
  async ({ panelBeside }) => {
    const { site, panel } = await panelBeside(
      'https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJ',
      'gmail-reply',
      { text: 'Segue a proposta, Ana.' },
    );

    await panel.getByTestId('draft-insert').click();
    await expect(panel.getByTestId('insert-result')).toHaveText('Inserido na mensagem.');
    const inEditor = await textOf(site, 'body');
    const typed = inEditor.indexOf('Oi Ana, tudo bem?');
    const inserted = inEditor.indexOf('Segue a proposta, Ana.');
    const quote = inEditor.indexOf('escreveu:');
    expect(typed).toBeGreaterThanOrEqual(0);
    expect(inserted).toBeGreaterThan(typed);
    expect(quote).toBeGreaterThan(inserted);
    expect(inEditor).toContain('pode me mandar a proposta?');

    // Undo in the site's editor takes the insertion back, and only it.
    await site.bringToFront();
    await site.keyboard.press('Control+z');
    await expect.poll(() => textOf(site, 'body')).not.toContain('Segue a proposta, Ana.');
    expect(await textOf(site, 'body')).toContain('Oi Ana, tudo bem?');
    expect(await textOf(site, 'body')).toContain('escreveu:');
  },
);

compose('Outlook: before the signature; a subject already written is kept', async ({ panelBeside }) => {
  const { site, panel } = await panelBeside(
    'https://outlook.office.com/mail/deeplink/compose',
    'outlook-compose',
  );
  const draft = await writeDraft(panel, 'email');
  const body = draft.split('\n').slice(1).join('\n').trim();
  await panel.getByTestId('draft-insert').click();
  await expect(panel.getByTestId('insert-result')).toHaveText(
    'Inserido na mensagem. O assunto que já estava foi mantido.',
  );
  await expect(site.locator('[data-probe=subject]')).toHaveValue('Retomando nossa conversa');
  const inEditor = await textOf(site, 'body');
  expect(inEditor.indexOf(body.slice(0, 30))).toBeGreaterThanOrEqual(0);
  expect(inEditor.indexOf(body.slice(0, 30))).toBeLessThan(inEditor.indexOf('Camila Rocha'));
  expect(await events(site)).toContainEqual(expect.objectContaining({ type: 'input', probe: 'body' }));
});

compose(
  'LinkedIn overlay: two conversations open asks which; the focused one gets the text, after its own',
  async ({ panelBeside }) => {
    const { site, panel } = await panelBeside(
      'https://www.linkedin.com/in/ana-souza-nubank/',
      'linkedin-messaging',
      { text: 'Vi que a Nubank está ampliando o time.' },
    );

    await panel.getByTestId('draft-insert').click();
    await expect(panel.getByTestId('insert-result')).toHaveText(
      'Há mais de uma mensagem aberta: clique dentro da que quer usar e clique de novo.',
    );
    expect(await textOf(site, 'ana')).toBe('Obrigada pelo retorno!');

    // The seller clicks at the end of what they wrote to Ana.
    await site.locator('[data-probe=ana] p').click();
    await site.keyboard.press('End');
    // a person's click back in the panel comes later than a double click's 500 ms (lib/compose/gesture.ts)
    await panel.waitForTimeout(600);
    await panel.getByTestId('draft-insert').click();
    await expect(panel.getByTestId('insert-result')).toHaveText('Inserido na mensagem.');
    expect(await textOf(site, 'ana')).toBe('Obrigada pelo retorno!Vi que a Nubank está ampliando o time.');
    expect((await textOf(site, 'bruno')).trim()).toBe('');
    expect(await events(site)).toContainEqual(
      expect.objectContaining({ type: 'input', inputType: 'insertText', probe: 'ana' }),
    );
  },
);

/** Whether the compose module is loaded in the page's isolated world, read over CDP (the page cannot see it). */
async function composeLoaded(context: BrowserContext, page: Page): Promise<boolean> {
  const cdp = await context.newCDPSession(page);
  const worlds: { id: number; origin: string; auxData?: { type?: string } }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }) => worlds.push(c));
  await cdp.send('Runtime.enable');
  const world = () =>
    worlds.find((w) => w.auxData?.type === 'isolated' && w.origin.startsWith('chrome-extension://'));
  await expect.poll(() => !!world()).toBe(true);
  const { result } = await cdp.send('Runtime.evaluate', {
    contextId: world()!.id,
    expression: 'typeof window.__perfilIntel?.compose',
    returnByValue: true,
  });
  await cdp.detach();
  return result.value === 'function';
}

compose(
  'LinkedIn messaging page: the one compose box gets the text; the compose module loads only then',
  async ({ panelBeside, context }) => {
    const { site, panel } = await panelBeside(
      'https://www.linkedin.com/messaging/thread/2-abc/',
      'linkedin-messaging-page',
      { text: 'Oi Ana! Posso te mostrar um caso parecido?' },
    );

    // The site's script is there, but nothing of the compose module ran before the click.
    expect(await composeLoaded(context, site)).toBe(false);
    expect(await events(site)).toEqual([]);
    await panel.getByTestId('draft-insert').click();
    await expect(panel.getByTestId('insert-result')).toHaveText('Inserido na mensagem.');
    expect((await textOf(site, 'body')).trim()).toBe('Oi Ana! Posso te mostrar um caso parecido?');
    expect(await composeLoaded(context, site)).toBe(true);
  },
);

const LONG_NOTE =
  'Oi Ana, acompanho o trabalho do time de vendas da Nubank e vi que vocês estão ampliando a operação de ' +
  'pagamentos. Tenho ajudado empresas parecidas a encurtar o ciclo de vendas com dados. Vamos nos conectar?';

compose(
  'LinkedIn invitation note (in a shadow root): the field’s 200 limit is kept, with an offer to shorten',
  async ({ panelBeside }) => {
    expect(LONG_NOTE.length).toBeGreaterThan(200);
    const { site, panel } = await panelBeside(
      'https://www.linkedin.com/in/ana-souza-nubank/',
      'linkedin-invite',
      { text: LONG_NOTE, channel: 'linkedin-note' },
    );
    const note = site.locator('#interop-outlet').locator('textarea#custom-message');
    await note.click();
    await panel.getByTestId('draft-insert').click();
    await expect(panel.getByTestId('insert-result')).toHaveText(
      `A nota aceita 200 caracteres e este texto tem ${LONG_NOTE.length}. Nada foi inserido.`,
    );
    await expect(note).toHaveValue('');

    await panel.getByTestId('insert-result-shorten').click();
    const shortened = await panel.getByTestId('draft-text').inputValue();
    expect(shortened.length).toBeLessThanOrEqual(200);
    expect(LONG_NOTE.startsWith(shortened.replace(/…$/, ''))).toBe(true);
    // the seller reads the shortened text before clicking again: a click within a double click's 500 ms of the
    // first would be the same gesture (lib/compose/gesture.ts)
    await panel.waitForTimeout(600);
    await panel.getByTestId('draft-insert').click();
    await expect(panel.getByTestId('insert-result')).toHaveText('Inserido na mensagem.');
    await expect(note).toHaveValue(shortened);
    expect(await events(site)).toContainEqual(
      expect.objectContaining({ type: 'input', inputType: 'insertText', probe: 'note' }),
    );
  },
);

compose('LinkedIn invitation note with Premium: 300 characters fit whole', async ({ panelBeside }) => {
  const { site, panel } = await panelBeside(
    'https://www.linkedin.com/in/ana-souza-nubank/?premium=1',
    'linkedin-invite',
    { text: LONG_NOTE, channel: 'linkedin-note' },
  );

  await panel.getByTestId('draft-insert').click();
  await expect(panel.getByTestId('insert-result')).toHaveText('Inserido na mensagem.');
  await expect(site.locator('#interop-outlet').locator('textarea#custom-message')).toHaveValue(LONG_NOTE);
});

compose('no compose box open: says so plainly and touches nothing', async ({ panelBeside }) => {
  const { panel } = await panelBeside(
    'https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJ',
    '../pages/gmail-message',
    { text: 'Olá!' },
  );

  await panel.getByTestId('draft-insert').click();
  await expect(panel.getByTestId('insert-result')).toHaveText('Abra uma mensagem e clique de novo.');
});

compose(
  'the draft follows the person: reopening the panel shows it, nothing is written again',
  async ({ panelBeside, openPage }) => {
    const { panel, tabId, entryId } = await panelBeside(
      'https://www.linkedin.com/messaging/thread/2-abc/',
      'linkedin-messaging-page',
    );
    const first = await writeDraft(panel);
    await panel.getByTestId('draft-text').fill(`${first} Editado.`);
    await panel.getByTestId('draft-text').blur();
    await expect
      .poll(async () => (await messenger(panel)('draft.list', { entryId })).map((v) => v.text))
      .toEqual([`${first} Editado.`]);
    await panel.close();

    const again = await openPanel(openPage, tabId);
    await again.getByTestId('nav-history').click();
    await again.getByTestId('history-item').filter({ hasText: 'Ana Souza' }).click();
    await expect(again.getByTestId('draft-text')).toHaveValue(`${first} Editado.`);
    await expect(again.getByTestId('draft-write')).toHaveText('Gerar de novo');
    // A second draft is a second version; the first stays one pick away.
    await again.getByTestId('draft-write').click();
    await expect(again.getByTestId('draft-version')).toBeVisible({ timeout: 20_000 });
    await again.getByTestId('draft-version').selectOption({ index: 0 });
    await expect(again.getByTestId('draft-text')).toHaveValue(`${first} Editado.`);
  },
);

compose(
  '"Revisar meu texto": the seller’s text from the reply, a verdict, edits applied in one click, put back',
  async ({ panelBeside }) => {
    const { site, panel } = await panelBeside(
      'https://mail.google.com/mail/u/0/#inbox/FMfcgzQXJ',
      'gmail-reply',
    );
    const review = panel.getByTestId('review');
    await expect(panel.getByTestId('draft-model')).toHaveValue('service-chat');
    await review.getByTestId('review-take').click();
    await expect(review.getByTestId('review-text')).toHaveValue('Oi Ana, tudo bem?');
    await review
      .getByTestId('review-text')
      .fill('Oi Ana, tudo bem? Quero apresentar a nossa plataforma!! Podemos marcar uma reunião?');
    await review.getByTestId('review-start').click();
    await expect(review.getByTestId('review-verdict')).toContainText('combina', { timeout: 20_000 });
    await expect(review.getByTestId('review-edit')).toHaveCount(2);
    await expect(review.getByTestId('review-result')).toContainText('enfático demais');
    await review.getByTestId('review-apply-all').click();
    const edited = await review.getByTestId('review-text').inputValue();
    expect(edited).toContain('Faz sentido conversarmos 15 minutos nesta semana?');
    expect(edited).not.toContain('Podemos marcar uma reunião?');
    await expect(review.getByTestId('review-insert')).toHaveText('Inserir na mensagem (substitui seu texto)');
    await review.getByTestId('review-insert').click();
    await expect(review.getByTestId('review-insert-result')).toHaveText('Inserido na mensagem.');
    const inEditor = await textOf(site, 'body');
    expect(inEditor).toContain('Faz sentido conversarmos 15 minutos nesta semana?');
    // The seller's own text was replaced (they asked), the quoted thread kept.
    expect(inEditor.split('Em seg.')[0]!.trim()).toBe(edited);
    expect(inEditor).toContain('pode me mandar a proposta?');
  },
);

test.describe.configure({ timeout: 120_000 });

const drafting = test.extend<{
  /**
   * Ana's LinkedIn profile in a tab and the panel beside it (`follow` as in openPanel): the seller analyses her and
   * writes an e-mail draft. `wire`: what the sandbox received by then, one analysis and one model call.
   */
  draftForAna: (follow?: 'active') => Promise<{
    profile: Page;
    tabId: number;
    panel: Page;
    draft: string;
    key: string;
    wire: Awaited<ReturnType<Admin['requests']>>;
  }>;
}>({
  draftForAna: async ({ admin, useKey, openPage, context, serviceWorker }, use) => {
    await use(async (follow) => {
      await setSettings(serviceWorker, { language: 'pt' });
      const key = await admin.account({ tier: 'complete', credits: 20 });
      await useKey(key);
      const { page: profile, tabId } = await openTab(
        context,
        serviceWorker,
        'https://www.linkedin.com/in/ana-souza-4b2a91/',
        readPage('linkedin-profile.html'),
      );
      const panel = await openPanel(openPage, tabId, { follow });
      await expect(panel.getByTestId('run')).toHaveAttribute('data-quoting', 'false');
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('result')).toBeVisible({ timeout: 30_000 });
      const draft = await writeDraft(panel, 'email');
      const wire = await admin.requests(key);
      expect(wire.map((r) => r.path)).toEqual([
        expect.stringMatching(/^\/(crm|analisar)/),
        '/v1/chat/completions',
      ]);
      return { profile, tabId, panel, draft, key, wire };
    });
  },
});

/** "Inserir na mensagem" from the panel into Gmail's new message: the subject filled, the body in the editor. */
async function insertIntoGmail(gmail: Page, panel: Page, draft: string) {
  await gmail.locator('[data-probe=body] > div').first().click();
  await panel.getByTestId('draft-insert').click();
  await expect(panel.getByTestId('insert-result')).toHaveText('Inserido na mensagem. Assunto preenchido.');
  const body = draft.split('\n').slice(1).join('\n').trim();
  expect(await textOf(gmail, 'body')).toContain(body.slice(0, 40));
}

drafting(
  'the draft follows the seller to Gmail, and goes into the message without being written or charged again',
  async ({ draftForAna, admin, openPage, context }) => {
    const { profile: site, tabId, panel, draft, key, wire } = await draftForAna();

    // The seller goes to Gmail in that tab to write to her.
    await context.route('https://mail.google.com/mail/u/0/', (r) =>
      r.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: fixture('gmail-compose') }),
    );
    await site.goto('https://mail.google.com/mail/u/0/#inbox?compose=new');
    await expect(panel.getByTestId('carried')).toContainText('Ana Souza');
    await expect(panel.getByTestId('carried')).toContainText('mail.google.com');
    await expect(panel.getByTestId('draft-text')).toHaveValue(draft);

    await insertIntoGmail(site, panel, draft);
    // Nothing was written or charged again: no analysis call and no model call since the draft.
    expect(await admin.requests(key)).toEqual(wire);

    // "Ler esta página" leaves Ana for Gmail's own people; she stays one click away.
    await panel.getByTestId('read-page').click();
    await expect(panel.getByTestId('carried')).toHaveCount(0);
    await panel.getByTestId('back-to-previous').click();
    await expect(panel.getByTestId('draft-text')).toHaveValue(draft);

    // A panel opened again brings her back, with the draft.
    await panel.close();
    const again = await openPanel(openPage, tabId);
    await expect(again.getByTestId('carried')).toContainText('Ana Souza');
    await expect(again.getByTestId('draft-text')).toHaveValue(draft);
    expect(await admin.requests(key)).toEqual(wire);
  },
);

drafting(
  'another tab: the seller switches to Gmail, the draft is on screen there and goes into the message, nothing written or charged again',
  async ({ draftForAna, admin, context, serviceWorker }) => {
    // the panel follows the tab switches, as the side panel does
    const { profile, panel, draft, key, wire } = await draftForAna('active');
    const { balance } = await admin.ledger(key);

    // The seller reads her analysis again (the panel at its top), then opens Gmail in another tab to write to her.
    await panel.evaluate(() => window.scrollTo(0, 0));
    const text = panel.getByTestId('draft-text');
    await expect(text).not.toBeInViewport();
    const { page: gmail } = await openTab(
      context,
      serviceWorker,
      'https://mail.google.com/mail/u/0/#inbox?compose=new',
      fixture('gmail-compose'),
    );
    await gmail.bringToFront();
    const carried = panel.getByTestId('carried');
    await expect(carried).toContainText('Rascunho para Ana Souza · você está em mail.google.com');
    await expect(text).toHaveValue(draft);
    // on screen, not somewhere below the analysis
    await expect(text).toBeInViewport();
    await expect(panel.getByTestId('draft-insert')).toBeInViewport();

    await insertIntoGmail(gmail, panel, draft);

    // From the keyboard: "Ir para o rascunho" takes the focus to the draft's text.
    await panel.evaluate(() => window.scrollTo(0, 0));
    await panel.getByTestId('go-to-draft').focus();
    await panel.keyboard.press('Enter');
    await expect(text).toBeFocused();
    await expect(text).toBeInViewport();

    // Back on her profile: still her analysis and the same draft.
    await profile.bringToFront();
    await expect(carried).toContainText('Análise e rascunhos de Ana Souza · você está em www.linkedin.com');
    await expect(text).toHaveValue(draft);

    // Nothing was analysed, written or charged again to show or insert the draft.
    expect(await admin.requests(key)).toEqual(wire);
    expect((await admin.ledger(key)).balance).toBe(balance);
  },
);
