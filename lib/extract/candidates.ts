import { MAX_CANDIDATES, type Candidate, type Extractor } from './types';
import { tidy } from './names';
import { fold } from '../text';

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

/** The surest of `list`, the first of the surest in the page's order; undefined for none. */
const surest = (list: Candidate[]) =>
  list.reduce<Candidate | undefined>(
    (best, c) => (best && best.confidence >= c.confidence ? best : c),
    undefined,
  );

/**
 * One person read several times: the surest reading, with the company and the title of the surest reading that has
 * one. Only the page's order decides between equally sure readings, never the order the extractors ran in.
 */
function merge(readings: Candidate[]): Candidate {
  const out = { ...surest(readings)! };
  out.empresa = surest(readings.filter((c) => c.empresa))?.empresa ?? '';
  const cargo = surest(readings.filter((c) => c.cargo))?.cargo;
  if (cargo) out.cargo = cargo;
  else delete out.cargo;
  return out;
}

/**
 * The people `extractors` find on the page, most likely first: one entry per person (same name, folded), keeping
 * the surest reading, with the company and title of the surest reading that has them; at most 50. Never throws.
 */
export function collect(extractors: Extractor[], doc: Document, url: string | URL): Candidate[] {
  const page = attempt(() => new URL(url), null);
  if (!page) return [];
  const people = new Map<string, Candidate[]>();
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
        if (seen) seen.push(c);
        else people.set(key, [c]);
      }
    }, null);
  // stable: equally sure people keep the page's order
  return [...people.values()]
    .map(merge)
    .sort((a, b) => b.confidence - a.confidence)
    .slice(0, MAX_CANDIDATES);
}
