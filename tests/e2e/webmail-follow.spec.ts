import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { linkedin } from './on-ana';
import { pageCases, readPage } from '../fixtures/pages/cases';
import { openPanel, openTab, setSettings } from './sidepanel.helpers';

/*
 * Webmail and the seller's person (lib/panel/carry.ts): after an analysis and its draft, an open message from
 * someone else takes the panel, with "Voltar para <nome>" to the analysis and its draft; with a compose box focused,
 * the analysis stays. Gmail and Outlook pages from the corpus (tests/fixtures/pages), served at their addresses.
 */

const corpus = (file: string) => pageCases.find((c) => c.file === file)!;
const gmailMessage = corpus('gmail-message.html');
const outlookMessage = corpus('outlook-message.html');

/** Gmail's inline reply editor (its attributes as in tests/fixtures/compose/gmail-reply.html), empty. */
const replyEditor = /<div class="Am aiL Al editable[^>]*>/.exec(
  readFileSync(path.resolve('tests/fixtures/compose/gmail-reply.html'), 'utf8'),
)![0];

const webmail = test.extend<{
  /** Ana analysed (Rápida) on her LinkedIn profile, with an e-mail draft; the panel follows the active tab. */
  anaWithDraft(): Promise<{ panel: Page; draft: string; key: string }>;
}>({
  anaWithDraft: async ({ admin, useKey, openPage, context, serviceWorker }, use) => {
    await use(async () => {
      const key = await admin.account({ tier: 'complete', credits: 20 });
      await useKey(key);
      await setSettings(serviceWorker, { language: 'pt' });
      const { tabId } = await openTab(context, serviceWorker, linkedin.url, readPage(linkedin.file));
      const panel = await openPanel(openPage, tabId, { follow: 'active' });
      await expect(panel.getByTestId('candidate-name')).toHaveText(['Ana Souza']);
      await panel.getByTestId('depth-quick').check();
      await expect(panel.getByTestId('run')).toHaveText('Analisar — 1 crédito');
      await panel.getByTestId('run').click();
      await expect(panel.getByTestId('result')).toBeVisible({ timeout: 20_000 });
      await panel.getByTestId('draft-composer').getByLabel('Canal').selectOption('email');
      await expect(panel.getByTestId('draft-model')).toHaveValue('service-chat');
      await panel.getByTestId('draft-write').click();
      await expect(panel.getByTestId('draft-text')).toHaveValue(/Ana Souza/, { timeout: 20_000 });
      return { panel, draft: await panel.getByTestId('draft-text').inputValue(), key };
    });
  },
});

webmail.describe.configure({ timeout: 120_000 });

for (const [site, message, sender] of [
  ['Gmail', gmailMessage, 'Camila Rocha'],
  ['Outlook', outlookMessage, 'Tiago Nunes'],
] as const) {
  webmail(
    `${site}: the sender of the open message takes the panel; "Voltar para Ana Souza" brings her analysis and draft back`,
    async ({ anaWithDraft, admin, context, serviceWorker, shot }) => {
      const { panel, draft, key } = await anaWithDraft();
      const { page } = await openTab(context, serviceWorker, message.url, readPage(message.file));
      await page.bringToFront();
      await expect(panel.getByTestId('candidate-name')).toHaveText([sender]);
      await expect(panel.getByTestId('carried')).toHaveCount(0);
      await expect(panel.getByLabel('Primeiro nome *')).toHaveValue(sender.split(' ')[0]!);
      const back = panel.getByTestId('back-to-previous');
      await expect(back).toHaveText('← Voltar para Ana Souza');
      await shot(panel, `webmail-follow-${site.toLowerCase()}-sender`);

      await back.click();
      await expect(panel.getByTestId('carried')).toContainText(
        `Rascunho para Ana Souza · você está em ${new URL(message.url).hostname}`,
      );
      await expect(panel.getByTestId('draft-text')).toHaveValue(draft);
      // Nothing analysed, written or charged again.
      expect((await admin.ledger(key)).entries).toHaveLength(1);
      expect((await admin.requests(key)).filter((r) => r.path.startsWith('/v1/'))).toHaveLength(1);
    },
  );
}

webmail(
  'Gmail with a compose box focused: the analysis and its draft stay, although the message is from someone else',
  async ({ anaWithDraft, context, serviceWorker }) => {
    // Gmail is open in a tab, the seller writing in the inline reply under a message from someone else.
    const { page } = await openTab(context, serviceWorker, gmailMessage.url, readPage(gmailMessage.file));
    await page.evaluate((html) => {
      const box = document.createElement('div');
      box.innerHTML = `${html}</div>`;
      document.querySelector('.gs')!.append(box);
      (box.firstElementChild as HTMLElement).focus();
    }, replyEditor);
    // Ana analysed in another tab, with a draft; then the seller switches back to Gmail.
    const { panel, draft } = await anaWithDraft();
    await page.bringToFront();
    await expect(panel.getByTestId('carried')).toContainText(
      'Rascunho para Ana Souza · você está em mail.google.com',
    );
    await expect(panel.getByTestId('draft-text')).toHaveValue(draft);

    // Leaving the reply box and reading the page: the sender is who the seller is looking at.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await panel.getByTestId('read-page').click();
    await expect(panel.getByTestId('candidate-name')).toHaveText(['Camila Rocha']);
  },
);
