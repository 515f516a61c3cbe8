import { chromium, expect, type BrowserContext, type Worker } from '@playwright/test';
import path from 'node:path';

/** The built extension (`npm run build:sandbox`) and the Chromium that runs it. */
export const extensionPath = path.resolve('.output/chrome-mv3');
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium with only the built extension (or the copy at `dir`) loaded, in a fresh profile at `userDataDir`. */
export function launchWithExtension(userDataDir: string, dir = extensionPath): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
      // lets a test press the toolbar icon (CDP Extensions.triggerAction), as the user's own click
      '--enable-unsafe-extension-debugging',
    ],
  });
}

/** The extension's service worker, once its extension APIs are bound (they can lag its registration). */
export async function extensionWorker(context: BrowserContext): Promise<Worker> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await expect.poll(() => worker.evaluate(() => typeof chrome).catch(() => 'undefined')).toBe('object');
  return worker;
}
