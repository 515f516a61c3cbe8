import { chromium, type Browser } from '@playwright/test';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless Chromium, as the e2e tests launch it, for rendering icons and store images. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
}
