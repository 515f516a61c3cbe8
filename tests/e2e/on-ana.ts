import type { Page } from '@playwright/test';
import { test as base, expect, type Admin } from './fixtures';
import { pageCases, readPage } from '../fixtures/pages/cases';
import { openPanel, openTab, setSettings, workerReady } from './sidepanel.helpers';

export { expect };

/** Ana Souza's LinkedIn profile, the page most panel tests start from. */
export const linkedin = pageCases.find(
  (c) => c.file === 'linkedin-profile.html' && c.url.includes('ana-souza'),
)!;

export type Account = Parameters<Admin['account']>[0];

/** The e2e fixtures plus `onAna`. */
export const test = base.extend<{
  /** A sandbox account, its key saved, Portuguese UI, and the panel on Ana Souza's LinkedIn profile. */
  onAna(
    account?: Account,
    settings?: Record<string, unknown>,
  ): Promise<{ key: string; panel: Page; tabId: number }>;
}>({
  onAna: async ({ admin, useKey, serviceWorker, context, openPage }, provide) => {
    await provide(async (account = { tier: 'complete', credits: 100 }, settings = {}) => {
      const key = await admin.account(account);
      await workerReady(serviceWorker);
      await useKey(key);
      await setSettings(serviceWorker, { language: 'pt', ...settings });
      const { tabId } = await openTab(context, serviceWorker, linkedin.url, readPage(linkedin.file));
      const panel = await openPanel(openPage, tabId);
      await expect(panel.getByTestId('candidate-name')).toHaveText(['Ana Souza']);
      return { key, panel, tabId };
    });
  },
});
