import { tidy } from '@/lib/extract/names';
import { extractCandidates, SITE_MATCHES } from '@/lib/extract/registry';
import type { ContentEvent, ContentRequest, ContentResponse } from '@/lib/messaging';

type Flagged = Window & { __perfilIntel?: { abort(): void } };

// Static on sites with an extractor; injected on demand elsewhere (possibly over an earlier copy).
export default defineContentScript({
  matches: SITE_MATCHES,
  main(ctx) {
    // A copy injected earlier steps aside, so one listener answers and one notice is sent.
    const w = window as Flagged;
    w.__perfilIntel?.abort();
    w.__perfilIntel = ctx;

    const onMessage = (message: ContentRequest, _sender: unknown, reply: (r: ContentResponse) => void) => {
      if (message?.type != 'extract') return;
      reply({
        url: location.href,
        title: tidy(document.title),
        candidates: extractCandidates(document, location.href),
      });
    };
    browser.runtime.onMessage.addListener(onMessage);
    ctx.onInvalidated(() => browser.runtime.onMessage.removeListener(onMessage));

    // Single-page navigation: tell the panel once the URL settles.
    let timer: number | undefined;
    ctx.addEventListener(window, 'wxt:locationchange', () => {
      clearTimeout(timer);
      timer = ctx.setTimeout(() => {
        browser.runtime
          .sendMessage({ type: 'page-changed', url: location.href } satisfies ContentEvent)
          // the extension was reloaded or updated: nobody left to tell
          .catch(() => {});
      }, 300);
    });
  },
});
