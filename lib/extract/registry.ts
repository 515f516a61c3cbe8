import type { Candidate, Extractor } from './types';
import { crms } from './crm';
import { github } from './github';
import { hcard } from './hcard';
import { jsonld } from './jsonld';
import { linkedin } from './linkedin';
import { metaAuthor } from './meta-author';
import { microdata } from './microdata';
import { opengraph } from './opengraph';
import { teamPage } from './team-page';
import { gmail, outlook } from './webmail';
import { fold, tidy } from './names';

/**
 * Every extractor. Those with `matches` know one site: when one matches the page, the generic ones do not run,
 * since a single-page site keeps the first page's meta tags and JSON after in-app navigation.
 */
export const extractors: Extractor[] = [
  linkedin,
  github,
  ...crms,
  gmail,
  outlook,
  jsonld,
  microdata,
  hcard,
  opengraph,
  metaAuthor,
  teamPage,
];

/** Where the content script is declared in the manifest: the sites with an extractor of their own. */
export const SITE_MATCHES = [
  'www.linkedin.com',
  'github.com',
  '*.hubspot.com',
  '*.pipedrive.com',
  'crm.rdstation.com',
  'plugcrm.net',
  '*.lightning.force.com',
  'mail.google.com',
  'outlook.office.com',
  'outlook.office365.com',
  'outlook.live.com',
  'outlook.cloud.microsoft',
].map((host) => `https://${host}/*`);

export const MAX_CANDIDATES = 50;
const FIELDS = ['primeiro_nome', 'ultimo_nome', 'empresa', 'source'] as const;

function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

/** The people on the page, most likely first: duplicates merged, at most 50. Never throws. */
export function extractCandidates(doc: Document, url: string | URL): Candidate[] {
  const page = attempt(() => new URL(url), null);
  if (!page) return [];
  const site = extractors.filter((x) => attempt(() => x.matches?.(page), false));
  const people = new Map<string, Candidate>();
  for (const x of site.length ? site : extractors.filter((x) => !x.matches))
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
