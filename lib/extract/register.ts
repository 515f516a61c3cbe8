import { collect, readers } from './candidates';
import { tidy } from './names';
import { GENERIC_MODULE, SHARED_MODULES } from './files';
import { shared } from './shared';
import type { ContentScript } from './scripts';

/**
 * Where a module's extractors stand among the page's, whatever order the modules load in (they load at once): the
 * sites' readers, the format readers, then the shared readers in their order (page, fields, mail, prose), as in
 * lib/extract/registry.ts. Equally sure readings of one person keep the first reader's name, so the order is part of
 * the answer.
 */
const rank = (module: string) => {
  const shared = (SHARED_MODULES as string[]).indexOf(module);
  return module === GENERIC_MODULE ? 1 : shared >= 0 ? 2 + shared : 0;
};

/**
 * Run by a reader module (entrypoints/extract-<site>.ts) when the content script loads it, or when the extension
 * injects it: adds its extractors to the page's (the same module loaded again replaces its older copies).
 */
export function register(script: Pick<ContentScript, 'module' | 'extractors' | 'meeting'>) {
  const s = shared();
  if (script.meeting) s.meeting = script.meeting;
  const ids = script.extractors.map((x) => x.id);
  const before = s.extractors.filter((x) => !ids.includes(x.id));
  // the page's extractors are grouped by rank: this module's go after the last of a rank not above its own
  const at = before.filter((x) => (s.ranks.get(x.id) ?? 0) <= rank(script.module)).length;
  for (const id of ids) s.ranks.set(id, rank(script.module));
  s.extractors = [...before.slice(0, at), ...script.extractors, ...before.slice(at)];
  if (!s.modules.includes(script.module)) s.modules.push(script.module);
}

/**
 * Run by the generic module (entrypoints/extract-generic.ts), which carries the scoring: answers who is on the page from
 * then on, from every extractor loaded so far.
 */
export function answer() {
  const s = shared();
  s.read = (url) => {
    const start = performance.now();
    if (!readers(s.extractors, new URL(url)).length) return undefined;
    const meeting = s.meeting?.(document, new URL(url));
    const answer = {
      url,
      title: tidy(document.title),
      candidates: collect(s.extractors, document, url),
      ...(meeting && { meeting }),
    };
    // the reading's own time, for the extraction bench (tests/bench/extract-chromium.bench.ts)
    performance.measure?.('perfil:extract', { start });
    return answer;
  };
}
