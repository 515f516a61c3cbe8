import { MAX_CANDIDATES, type Candidate, type Extractor } from './types';
import { tidy } from './names';
import { couldBeCompany } from './evidence/judge';
import { reading } from './dom';
import { settle, unspoken } from './final';
import { fold, slug } from '../text';

const FIELDS = ['primeiro_nome', 'ultimo_nome', 'empresa', 'source'] as const;

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/** Whether `x` is a site's reader that knows `page`. */
const knows = (x: Extractor, page: URL) => attempt(() => !!x.matches?.(page), false);

/**
 * The extractors that read a page: every generic one, and the site readers that know it (those with `matches`
 * whose test passes). None is left out because another matched: a site reader adds precision, it does not
 * silence what holds on every page.
 */
export const readers = (extractors: Extractor[], page: URL): Extractor[] =>
  extractors.filter((x) => !x.matches || knows(x, page));

/** One reading of a person, with whether a reader that decides who is listed on the page made it. */
interface Reading {
  c: Candidate;
  site: boolean;
  /** The name's folded words. */
  w: string[];
}

const words = (c: Candidate) => fold(`${c.primeiro_nome} ${c.ultimo_nome}`).split(' ');

/**
 * Whether two readings name one person: the same name, or one name inside the other with the same first and
 * last words ("Ana Souza" and "Ana Clara Souza"; "Maria Souza" and "Maria das Graças Souza").
 */
function samePerson(a: string[], b: string[]) {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return (
    short.join(' ') === long.join(' ') ||
    (short.length > 1 &&
      short[0] === long[0] &&
      short.at(-1) === long.at(-1) &&
      short.every((w) => long.includes(w)))
  );
}

/** The surest of `list`, the first of the surest in the page's order; undefined for none. */
const surest = (list: Reading[]) =>
  list.reduce<Reading | undefined>(
    (best, r) => (best && best.c.confidence >= r.c.confidence ? best : r),
    undefined,
  );

/**
 * One person read several times: the name of the surest reading (a site reader's first), the company and the title
 * of the surest reading that has them, and a score that grows with every other reader that found them too.
 */
function merge(readings: Reading[]): Candidate {
  const site = readings.filter((r) => r.site);
  const best = surest(site.length ? site : readings)!;
  const out = { ...best.c };
  const withCompany = readings.filter((r) => r.c.empresa);
  const empresa = (surest(withCompany.filter((r) => r.site)) ?? surest(withCompany))?.c.empresa ?? '';
  // a login ("mercadolibre") gives way to the same company as another reading displays it ("Mercado Libre")
  out.empresa =
    (/^[a-z0-9_.-]+$/.test(empresa) &&
      withCompany.map((r) => r.c.empresa).find((e) => e !== empresa && slug(e, '') === slug(empresa, ''))) ||
    empresa;
  const withTitle = readings.filter((r) => r.c.cargo);
  const cargo = (surest(withTitle.filter((r) => r.site)) ?? surest(withTitle))?.c.cargo;
  if (cargo) out.cargo = cargo;
  else delete out.cargo;
  const top = best.c.confidence;
  const others = new Set(readings.map((r) => r.c.source)).size - 1;
  // every other reader that found the same person backs it; a company found later is worth the doubt it removes
  out.confidence = Math.min(
    Math.max(top, 0.99),
    top + (1 - top) * 0.25 * others + (out.empresa && !best.c.empresa ? 0.1 : 0),
  );
  return out;
}

/**
 * The people the page shows, most likely first, scored from every reader's evidence: one entry per person (the
 * same name, or one inside the other), at most 50. On a page a site reader knows and reads, when its site's
 * definition says its readers decide (`claims: 'people'`), that reader decides who is listed and the other readers
 * add what they know of those people (company, title, more certainty); where it finds nobody, the others decide. A person's name, a place, a phone or a role is never a company. Never
 * throws. One reading: every reader's queries of the page are made once (lib/extract/dom.ts `reading`).
 */
export const collect = (extractors: Extractor[], doc: Document, url: string | URL): Candidate[] =>
  reading(() => collectOnce(extractors, doc, url));

function collectOnce(extractors: Extractor[], doc: Document, url: string | URL): Candidate[] {
  const page = attempt(() => new URL(url), null);
  if (!page) return [];
  const people: Reading[][] = [];
  const byEnds = new Map<string, Reading[][]>();
  const stale = new Set<string>();
  for (const x of readers(extractors, page)) {
    // precedence as its site's definition declares it (`claims`, lib/extract/site.ts)
    const site = !!x.decides;
    if (x.others) attempt(() => x.others!(doc, page).forEach((n) => stale.add(n)), null);
    attempt(() => {
      for (const c of x.extract(doc, page).slice(0, 500)) {
        // extractors build candidates with person(), which bounds every field; this guards the rest
        for (const k of FIELDS) c[k] = tidy(c[k]);
        c.cargo = tidy(c.cargo);
        if (!c.cargo) delete c.cargo;
        // a name in capitals is cased; a status, an app's tab or a past employer is no company (lib/extract/final.ts)
        if (!c.primeiro_nome) continue;
        settle(c);
        // a place, a phone, an address or a role is never a company, whoever read it
        if (c.empresa && !couldBeCompany(c.empresa)) [c.empresa, c.confidence] = ['', c.confidence / 2];
        const w = words(c);
        // one person has one first and one last word: only readings that share them are compared
        const ends = `${w[0]} ${w.at(-1)}`;
        const near = byEnds.get(ends) ?? [];
        const seen = near.find((g) => g.some((r) => samePerson(r.w, w)));
        if (seen) seen.push({ c, site, w });
        else {
          const group = [{ c, site, w }];
          people.push(group);
          byEnds.set(ends, [...near, group]);
        }
      }
    }, null);
  }
  // who a reader says is not the page's person (a mailbox's owner, the previous page's) is never listed; of the
  // rest, a site reader's people when it found any
  const live = people.filter((g) => !stale.has(words(g[0]!.c).join(' ')));
  const sited = live.some((g) => g.some((r) => r.site));
  const merged = live.filter((g) => !sited || g.some((r) => r.site)).map(merge);
  // what a screen reader never reads is nobody's name (lib/extract/final.ts unspoken)
  const silent = attempt(() => unspoken(doc, merged), new Set<Candidate>());
  const list = merged.filter((c) => !silent.has(c));
  // a person's name is nobody's company (a guest list put one guest's name as another's company)
  const names = new Set(list.map((c) => fold(`${c.primeiro_nome} ${c.ultimo_nome}`)));
  for (const c of list)
    if (c.empresa && names.has(fold(c.empresa))) {
      c.empresa = '';
      c.confidence /= 2;
    }
  // stable: equally sure people keep the page's order
  return list.sort((a, b) => b.confidence - a.confidence).slice(0, MAX_CANDIDATES);
}
