import { browser } from 'wxt/browser';
import { collect, readers } from '@/lib/extract/candidates';
import { tidy } from '@/lib/extract/names';
import { GENERIC_FILE, type ContentScript } from '@/lib/extract/scripts';
import type { Extractor } from '@/lib/extract/types';
import { COMPOSE_FILE } from '@/lib/compose/file';
import type {
  ComposeRequest,
  ComposeResult,
  ContentEvent,
  ContentRequest,
  ContentResponse,
} from '@/lib/messaging';

/** What the extension's scripts in one page share: they all run in the page's one isolated world. */
interface Shared {
  extractors: Extractor[];
  /** The compose module (lib/compose/insert.ts), once loaded. */
  compose?(request: ComposeRequest): ComposeResult;
  /** Stops the script in charge: its listener and its watch on the address. */
  stop?(): void;
}

/**
 * Runs a content script. It answers extraction requests with its extractors and those of the scripts that ran in
 * the page before it, and tells the extension about single-page navigation; it does nothing with the page until
 * asked. The newest script takes over from the one before, so injecting twice is safe.
 */
export function serve(script: ContentScript) {
  const w = window as Window & { __perfilIntel?: Shared };
  const shared = (w.__perfilIntel ??= { extractors: [] });
  shared.stop?.();
  // the same script injected again brings the same extractors: they replace the older copies
  const ids = script.extractors.map((x) => x.id);
  shared.extractors = [...shared.extractors.filter((x) => !ids.includes(x.id)), ...script.extractors];

  const onMessage = (
    message: ContentRequest,
    _sender: unknown,
    reply: (r?: ContentResponse | ComposeResult) => void,
  ) => {
    // "Inserir na mensagem" / "Revisar meu texto": the compose box is looked for now, not watched before; the
    // module that does it is loaded the first time it is needed.
    if (message?.type == 'compose') {
      const run = () => reply(shared.compose?.(message) ?? { ok: false, reason: 'none' });
      if (shared.compose) return void run();
      import(/* @vite-ignore */ browser.runtime.getURL(COMPOSE_FILE)).then(run, run);
      return true;
    }
    if (message?.type != 'extract') return;
    const answer = () => {
      const url = location.href;
      if (!readers(shared.extractors, new URL(url)).length) return false;
      reply({ url, title: tidy(document.title), candidates: collect(shared.extractors, document, url) });
      return true;
    };
    if (answer()) return;
    // A page of the site that no site extractor reads (a LinkedIn article, a GitHub repository): load the generic
    // extractors. Only the sites with a script may load them; elsewhere the empty reply makes the extension
    // inject them itself.
    import(/* @vite-ignore */ browser.runtime.getURL(GENERIC_FILE))
      .catch(() => {})
      .then(() => answer() || reply());
    return true;
  };

  // Single-page navigation: tell the extension once the address has settled.
  let last = location.href;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const moved = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (location.href == last) return;
      last = location.href;
      browser.runtime
        .sendMessage({ type: 'page-changed', url: last } satisfies ContentEvent)
        // the extension was reloaded or removed: nobody is left to tell
        .catch(() => browser.runtime?.id || stop());
    }, 300);
  };
  const nav = (globalThis as { navigation?: EventTarget }).navigation;
  // without the Navigation API, a look at the address each second while the page is shown
  const poll = nav ? undefined : setInterval(() => document.hidden || moved(), 1000);
  const stop = () => {
    clearTimeout(timer);
    clearInterval(poll);
    nav?.removeEventListener('navigate', moved);
    browser.runtime.onMessage.removeListener(onMessage);
  };
  nav?.addEventListener('navigate', moved);
  browser.runtime.onMessage.addListener(onMessage);
  shared.stop = stop;
}
