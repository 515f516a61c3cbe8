import type { Candidate, Extractor } from './types';
import { fold, tidy } from './names';

export const MAX_CANDIDATES = 50;
const FIELDS = ['primeiro_nome', 'ultimo_nome', 'empresa', 'source'] as const;

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/**
 * The extractors that read a page. Those with `matches` know one site: when one matches the page, the generic
 * ones do not run, since a single-page site keeps the first page's meta tags and JSON after in-app navigation.
 */
export function readers(extractors: Extractor[], page: URL): Extractor[] {
  const site = extractors.filter((x) => attempt(() => x.matches?.(page), false));
  return site.length ? site : extractors.filter((x) => !x.matches);
}

/** The people `extractors` find on the page, most likely first: duplicates merged, at most 50. Never throws. */
export function collect(extractors: Extractor[], doc: Document, url: string | URL): Candidate[] {
  const page = attempt(() => new URL(url), null);
  if (!page) return [];
  const people = new Map<string, Candidate>();
  for (const x of readers(extractors, page))
    attempt(() => {
      for (const c of x.extract(doc, page).slice(0, 500)) {
        // extractors build candidates with person(), which bounds every field; this guards the rest
        for (const k of FIELDS) c[k] = tidy(c[k]);
        c.cargo = tidy(c.cargo);
        const key = fold(`${c.primeiro_nome} ${c.ultimo_nome}|${c.empresa}`);
        const seen = people.get(key);
        // the surer reading wins; a title from either is kept
        const [best, other] = seen && seen.confidence >= c.confidence ? [seen, c] : [c, seen];
        best.cargo ||= other?.cargo;
        if (!best.cargo) delete best.cargo;
        if (c.primeiro_nome) people.set(key, best);
      }
    }, null);
  return [...people.values()].sort((a, b) => b.confidence - a.confidence).slice(0, MAX_CANDIDATES);
}
