import { collect, readers } from './candidates';
import { tidy } from './names';
import { shared } from './shared';
import type { ContentScript } from './scripts';

/**
 * Run by a reader module (entrypoints/extract-<site>.ts) when the content script loads it, or when the extension
 * injects it: adds its extractors to the page's (the same module loaded again replaces its older copies).
 */
export function register(script: Pick<ContentScript, 'module' | 'extractors' | 'meeting'>) {
  const s = shared();
  if (script.meeting) s.meeting = script.meeting;
  const ids = script.extractors.map((x) => x.id);
  s.extractors = [...s.extractors.filter((x) => !ids.includes(x.id)), ...script.extractors];
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
