import { BUILD_URLS } from '@/lib/api/config';
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
  // The service's build-time addresses are granted at install; anything else is asked for on a click.
  expect(manifest.host_permissions).toEqual(
    expect.arrayContaining(
      [BUILD_URLS.production, BUILD_URLS.development, BUILD_URLS.llm].map((u) => `${new URL(u).origin}/*`),
    ),
  );
  expect(manifest.optional_host_permissions).toEqual(['https://*/*']);
  for (const page of ['sidepanel.html', 'popup.html', 'options.html', 'batch.html']) {
    const p = await openPage(page);
    const errors: string[] = [];
    p.on('pageerror', (e) => errors.push(e.message));
    await expect(p.locator('#root')).not.toBeEmpty();
    expect(errors).toEqual([]);
    await p.close();
  }
});
