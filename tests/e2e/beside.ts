import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, type Admin } from './fixtures';
import { messenger, settledJob } from './messages';
import { openPanel, openTab, setSettings } from './sidepanel.helpers';
import type { Channel } from '@/lib/model';

/** Ana Souza at Nubank: the person every "insert" test analyses first. */
export const ANA = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };

interface Deps {
  admin: Admin;
  useKey(key: string): Promise<void>;
  openPage(path: string): Promise<Page>;
  context: BrowserContext;
  serviceWorker: Worker;
}

/**
 * Ana's Complete analysis through the sandbox (a real lookup), then `html` served at `url` in a tab and the side
 * panel beside it, on her analysis opened from the history. `draft`: a draft kept with her analysis from an earlier
 * visit, which the panel shows without writing it again.
 */
export async function analysedBeside(
  { admin, useKey, openPage, context, serviceWorker }: Deps,
  url: string,
  html: string,
  draft?: { text: string; channel?: Channel },
): Promise<{ site: Page; panel: Page; entryId: string; tabId: number }> {
  await setSettings(serviceWorker, { language: 'pt' });
  const key = await admin.account({ tier: 'complete', credits: 20 });
  await useKey(key);
  const ext = await openPage('options.html');
  const send = messenger(ext);
  const job = await settledJob(
    send,
    (await send('lookup', { input: ANA, depth: 'complete', lang: 'pt' })).jobId,
  );
  if (job.status !== 'done') throw new Error('lookup did not finish');
  if (draft)
    await send('draft.save', {
      entryId: job.entryId,
      text: draft.text,
      channel: draft.channel ?? 'linkedin',
    });
  await ext.close();
  const { page: site, tabId } = await openTab(context, serviceWorker, url, html);
  const panel = await openPanel(openPage, tabId);
  await panel.getByTestId('nav-history').click();
  await panel.getByTestId('history-item').filter({ hasText: 'Ana Souza' }).click();
  await expect(panel.getByTestId('result')).toHaveAttribute('data-via', 'history');
  return { site, panel, entryId: job.entryId, tabId };
}
