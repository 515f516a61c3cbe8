import { collect, readers } from './candidates';
import { tidy } from './names';
import { shared } from './shared';

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
