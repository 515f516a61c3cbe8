import type { Candidate, Extractor } from './types';
import { tidy } from './names';
import { fold } from '../text';

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

/** Merges two readings of one person: the surer one, completed with the company and title of the other. */
function merge(a: Candidate, b: Candidate): Candidate {
  const [best, other] = a.confidence >= b.confidence ? [a, b] : [b, a];
  const out = { ...best, confidence: Math.max(a.confidence, b.confidence) };
  out.empresa ||= other.empresa;
  out.cargo ||= other.cargo;
  if (!out.cargo) delete out.cargo;
  return out;
}

/**
 * The people `extractors` find on the page, most likely first: one entry per person (same name, folded), keeping
 * the surest reading, the best company and a title from any; at most 50. Never throws.
 */
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
        if (!c.cargo) delete c.cargo;
        if (!c.primeiro_nome) continue;
        const key = fold(`${c.primeiro_nome} ${c.ultimo_nome}`);
        const seen = people.get(key);
        people.set(key, seen ? merge(seen, c) : c);
      }
    }, null);
  // stable: equally sure people keep the page's order
  return [...people.values()].sort((a, b) => b.confidence - a.confidence).slice(0, MAX_CANDIDATES);
}
