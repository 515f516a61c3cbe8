import { expect, test } from './fixtures';
import { setSettings } from './sidepanel.helpers';

/* Layout a seller meets on the options page: the section menu and the privacy policy. */

test('the options section menu stays at the top while the page scrolls', async ({
  serviceWorker,
  openPage,
}) => {
  await setSettings(serviceWorker, { language: 'pt' });
  const page = await openPage('options.html');
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole('navigation', { name: 'Seções' });
  await expect(nav).toBeVisible();
  for (const y of [600, 1800, 100_000]) {
    await page.evaluate((to) => window.scrollTo(0, to), y);
    await expect
      .poll(() => nav.evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
        message: `scrolled to ${y}`,
      })
      .toBeLessThanOrEqual(32);
    expect(await nav.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
  }
  // A link of the menu still works from deep down the page.
  await nav.getByRole('link', { name: 'Chave de API' }).click();
  await expect(page.locator('#chave')).toBeInViewport();
});

test('the privacy section links to the full policy, with the LGPD rights and how to delete', async ({
  serviceWorker,
  openPage,
}) => {
  await setSettings(serviceWorker, { language: 'pt' });
  const page = await openPage('options.html#privacidade');
  const policy = page.getByTestId('privacy-policy');
  await expect(policy).toBeHidden();
  await page.getByTestId('privacy-policy-link').click();
  await expect(policy).toBeVisible();
  await expect(policy).toContainText('Seus direitos pela LGPD');
  await expect(policy).toContainText('Como apagar');
  await expect(policy).toContainText('Apagar todo o histórico');
  // Markdown is rendered, not shown raw.
  await expect(policy).not.toContainText('**');
  await expect(policy).not.toContainText('## ');
});
