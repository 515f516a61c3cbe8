import { browser } from 'wxt/browser';
import { GENERIC_MODULE, SHARED_MODULES } from '@/lib/extract/site';
import { shared as pageShared } from '@/lib/extract/shared';
import { COMPOSE_FILE } from '@/lib/compose/file';
import { writing } from '@/lib/compose/focus';
import type { ComposeResult, ContentEvent, ContentRequest, ContentResponse } from '@/lib/messaging';
import type { Candidate } from '@/lib/extract/types';

/** What the panel shows of the people on a page (their order, names, companies and titles), to compare. */
const shown = (list: Candidate[]) =>
  JSON.stringify(list.map((c) => [c.primeiro_nome, c.ultimo_nome, c.empresa, c.cargo, c.source]));

/** Loads an extension module into the page's isolated world (a web-accessible file of the extension). */
const load = (file: string) => import(/* @vite-ignore */ browser.runtime.getURL(file as '/'));

/**
 * Runs a content script: it listens, and does nothing with the page until asked. Asked who is on the page, it loads
 * the word lists, the core helpers, its site's reader module (`module`) and the generic ones, all at once, the first
 * time, and answers with every extractor loaded in the page so far. A site script may carry a quick reader
 * (`quick`): while the modules are on their way, whoever it finds is the answer at once, and once the modules have
 * read the page, the extension is told to ask again if their answer differs (a `page-changed` notice for the same
 * address).
 * It also tells the extension about single-page navigation. The newest script takes over from the one before, so
 * injecting twice is safe. The extractors and name rules live in the modules, so the scripts declared on every page
 * of a site stay small.
 */
export function serve(module: string | string[], quick?: (doc: Document, url: URL) => Candidate[]) {
  const shared = pageShared();
  shared.stop?.();
  // every script that ran in the page keeps its module wanted: a generic script injected into a LinkedIn page
  // still reads the profile the page moves to with the LinkedIn extractors
  for (const m of [module].flat()) if (!shared.wanted.includes(m)) shared.wanted.push(m);

  const ensure = (file: string) =>
    shared.modules.includes(file) ? Promise.resolve() : load(file).catch(() => {});
  // all at once: each registers its readers in their place (lib/extract/register.ts), whichever loads first, and
  // one that arrives before the core module's helpers waits for them (wxt.config.ts)
  const ensureAll = (files: string[]) => Promise.all(files.map(ensure));

  const onMessage = (
    message: ContentRequest,
    _sender: unknown,
    reply: (r?: ContentResponse | ComposeResult) => void,
  ) => {
    // "Inserir na mensagem" / "Revisar meu texto": the compose box is looked for now, not watched before; the
    // module that does it is loaded the first time it is needed.
    if (message?.type === 'compose') {
      const run = () => reply(shared.compose?.(message) ?? { ok: false, reason: 'none' });
      if (shared.compose) return void run();
      // a page that may not load it (a site read through the user's gesture) gets no answer: the extension then
      // injects the module itself
      load(COMPOSE_FILE).then(run, () => reply());
      return true;
    }
    if (message?.type !== 'extract') return;
    // Who is on the page, and whether the seller is writing there (a compose box has the focus).
    const answer = () => {
      const read = shared.read?.(location.href);
      return read && { ...read, composing: writing() };
    };
    // the word lists, the core helpers, the readers of what pages have in common, every script's module and the
    // generic readers: a site reader adds to what holds everywhere
    const files = [...new Set([...SHARED_MODULES, ...shared.wanted, GENERIC_MODULE])];
    const ready = files.every((f) => shared.modules.includes(f)) && answer();
    if (ready) return void reply(ready);
    // A quick answer goes first, before the modules are asked for (asking first delays it).
    const first = quickAnswer();
    if (first) {
      given = first.candidates;
      reply(first);
    }
    // Only the sites with a script may load the modules; elsewhere the extension injects them itself (and an
    // empty reply makes it do so). One reading at a time, whoever asks meanwhile.
    if (!loading) {
      const reading = (loading = ensureAll(files)
        .then(answer)
        .catch(() => undefined));
      void reading.then((r) => {
        loading = undefined;
        // a quick answer was given meanwhile and the modules read the page otherwise: the extension asks again
        // (modules that could not load leave the quick answer standing)
        if (given && r && shown(r.candidates) !== shown(given)) tell(location.href);
        given = undefined;
      });
    }
    if (first) return;
    void loading.then((r) => (r ? reply(r) : reply()));
    return true;
  };
  /** The modules' first reading, while they load; the quick answer given meanwhile. */
  let loading: Promise<ContentResponse | undefined> | undefined;
  let given: Candidate[] | undefined;

  /** The quick reader's answer, when it finds someone. */
  const quickAnswer = () => {
    const url = location.href;
    let candidates: Candidate[] = [];
    try {
      candidates = quick?.(document, new URL(url)) ?? [];
    } catch {
      // a page the quick reader does not understand waits for the modules
    }
    return candidates[0] && { url, title: document.title.slice(0, 500), candidates, composing: writing() };
  };

  // Single-page navigation: tell the extension once the address has settled.
  let last = location.href;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const moved = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (location.href === last) return;
      last = location.href;
      tell(last);
    }, 300);
  };
  /** Tells the extension the page shows something new at `url`: the panel asks again. */
  const tell = (url: string) =>
    browser.runtime
      .sendMessage({ type: 'page-changed', url } satisfies ContentEvent)
      // the extension was reloaded or removed: nobody is left to tell
      .catch(() => browser.runtime?.id || stop());
  // the Navigation API: every Chrome the extension installs on has it (manifest `minimum_chrome_version`)
  const nav = (globalThis as { navigation?: EventTarget }).navigation;
  const stop = () => {
    clearTimeout(timer);
    nav?.removeEventListener('navigate', moved);
    browser.runtime.onMessage.removeListener(onMessage);
  };
  nav?.addEventListener('navigate', moved);
  browser.runtime.onMessage.addListener(onMessage);
  shared.stop = stop;
}
