/** Only web addresses leave the extension: a link from a service body could be anything (javascript:, data:). */
import { browser } from 'wxt/browser';
export function safeExternalUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** Opens a page of the extension (e.g. `options.html#planos`) in a tab. */
export function openExtensionPage(path: `${'options' | 'sidepanel'}.html${string}`): Promise<unknown> {
  return browser.tabs.create({ url: browser.runtime.getURL(`/${path}`) });
}

/** Where to buy credits or upgrade: the service's own link when it gave one, else our plan comparison. */
export function openUpgrade(upgradeUrl: string | null | undefined): Promise<unknown> {
  const url = safeExternalUrl(upgradeUrl);
  return url ? browser.tabs.create({ url }) : openExtensionPage('options.html#planos');
}
