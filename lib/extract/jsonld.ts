import type { Extractor } from './types';
import { all, jsonObjects, meta, str, type Json } from './dom';
import { found, person } from './names';

/** Every object in the page's JSON-LD blocks (at most 20 blocks of 200 kB). */
const nodes = (doc: Document) =>
  all(doc, 'script[type="application/ld+json"]', 20).flatMap((s) => jsonObjects(s.textContent, 2e5));

const isA = (o: Json, type: RegExp) => [o['@type']].flat().some((t) => type.test(str(t)));
const ORG = /Organization|Corporation|LocalBusiness/;

/** The site's own organisation: schema.org Organization, else og:site_name. */
export const siteOrganization = (doc: Document) =>
  str(nodes(doc).find((o) => isA(o, ORG) && str(o.name))) || meta(doc, 'og:site_name');

export const jsonld: Extractor = {
  id: 'jsonld',
  extract(doc) {
    const list = nodes(doc);
    // people an organisation lists work there
    const employer = new Map<unknown, string>();
    for (const org of list)
      if (isA(org, ORG))
        for (const p of [org.employee, org.member, org.founder].flat()) employer.set(p, str(org.name));
    return found(
      list
        .filter((p) => isA(p, /^Person$/))
        .map((p) =>
          person(
            'jsonld',
            0.85,
            str(p.name) || `${str(p.givenName)} ${str(p.familyName)}`,
            str(p.worksFor) || str(p.affiliation) || employer.get(p),
            str(p.jobTitle),
          ),
        ),
    );
  },
};
