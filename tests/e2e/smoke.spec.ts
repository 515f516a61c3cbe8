import { test, expect } from './fixtures';

test('the built extension loads with its background worker and every page opens', async ({
  serviceWorker,
  openPage,
}) => {
  const manifest = await serviceWorker.evaluate(() => chrome.runtime.getManifest());
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.side_panel?.default_path).toBe('sidepanel.html');
  expect(manifest.action?.default_popup).toBe('popup.html');
  expect(manifest.options_ui?.page ?? manifest.options_page).toBe('options.html');
  for (const page of ['sidepanel.html', 'popup.html', 'options.html']) {
    const p = await openPage(page);
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await expect(p.locator('#root')).not.toBeEmpty();
    expect(errors).toEqual([]);
    await p.close();
  }
});
