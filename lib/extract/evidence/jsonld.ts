import type { Extractor } from '../types';
import { all, jsonObjects, meta, once, pick, str, type Json } from '../dom';
import { cleanName, found, person } from '../names';
import { fold, slug } from '../../text';

/** Every object in the page's JSON-LD blocks (at most 20 blocks of 200 kB), parsed once per reading. */
const nodes = (doc: Document) =>
  once(doc, 'json-ld', () =>
    all(doc, 'script[type="application/ld+json"]', 20).flatMap((s) => jsonObjects(s.textContent, 2e5)),
  );

const isA = (o: unknown, type: RegExp) =>
  !!o && typeof o === 'object' && [(o as Json)['@type']].flat().some((t) => type.test(str(t)));
const ORG = /Organization|Corporation|LocalBusiness/;
const PERSON = /^Person$/;
const PAGE = /WebPage|ProfilePage|AboutPage|ItemPage|ContactPage/;
const ARTICLE = /Article|BlogPosting|Posting|Report|Review/;

/** The site's own organisation: schema.org Organization, else og:site_name. */
export const siteOrganization = (doc: Document) =>
  str(nodes(doc).find((o) => isA(o, ORG) && str(o.name))) || meta(doc, 'og:site_name');

/** A person's name folded for comparing ("Dra. Ana Souza, PhD" and "ana souza" are one). */
export const nameKey = (s: unknown) => fold(cleanName(s));

/** What the page is about, as its heading and title say: folded, for comparing. */
export function headings(doc: Document): string[] {
  const h1 = pick(doc, 'main h1,article h1,h1');
  return [h1, doc.title.split(/ [|–—-] /)[0]].map((s) => fold(s ?? '')).filter(Boolean);
}

/**
 * Whether the page's address ends with the person's name ("/palestrantes/carolina-vieira-borges"): the page is about
 * that person alone, and the others it shows (other speakers, "see also") are not its people.
 */
export function addressed(url: URL | undefined, name: string): boolean {
  const key = (s: string) => slug(s, '-').replace(/^-+|-+$/g, '');
  const named = key(cleanName(name));
  return !!named && key(url?.pathname.split('/').findLast(Boolean) ?? '') === named;
}

/**
 * schema.org in JSON-LD. When the page has a main person (the page's mainEntity or about, the author of the
 * article the page is, or the Person named by the page's heading), that person comes first and sure; everyone else
 * (speakers, commenters, related authors) follows as people on this page, unless the page's address names the main
 * person (a speaker's own page): then only who shares an event with them is. A Person's company is only their own
 * worksFor or affiliation, or the organisation that lists them as employee, member or founder.
 */
export const jsonld: Extractor = {
  id: 'jsonld',
  extract(doc, url) {
    const list = nodes(doc);
    // references ({"@id": "#org"}) resolve to the fullest node carrying that id
    const byId = new Map<string, Json>();
    for (const o of list) {
      const id = o['@id'];
      if (
        typeof id === 'string' &&
        Object.keys(o).length > (byId.get(id) ? Object.keys(byId.get(id)!).length : 0)
      )
        byId.set(id, o);
    }
    const deref = (v: unknown): unknown => {
      const first = Array.isArray(v) ? v[0] : v;
      return first && typeof first === 'object' ? (byId.get(str((first as Json)['@id'])) ?? first) : first;
    };
    const nameOf = (v: unknown) => str(deref(v));
    const employer = new Map<unknown, string>();
    for (const org of list)
      if (isA(org, ORG))
        for (const p of [org.employee, org.member, org.founder].flat()) employer.set(deref(p), str(org.name));

    const mains = new Set<string>();
    const here = `${url?.origin}${url?.pathname}`.replace(/\/$/, '');
    const isHere = (v: unknown) => {
      const s = str(typeof v === 'object' && v ? ((v as Json)['@id'] ?? (v as Json).url) : v);
      return !!s && s.split('#')[0]!.replace(/\/$/, '') === here;
    };
    const heads = headings(doc);
    for (const o of list) {
      if (isA(o, PAGE))
        for (const v of [o.mainEntity, o.about].flat())
          if (isA(deref(v), PERSON)) mains.add(nameKey(nameOf(v)));
      if (
        isA(o, ARTICLE) &&
        (isHere(o.mainEntityOfPage) || isHere(o.url) || heads.includes(fold(str(o.headline) || str(o.name))))
      )
        for (const v of [o.author].flat()) if (isA(deref(v), PERSON)) mains.add(nameKey(nameOf(v)));
    }
    const people = list.filter((p) => isA(p, PERSON) && p === deref(p));
    const nameOfPerson = (p: Json) => str(p.name) || `${str(p.givenName)} ${str(p.familyName)}`;
    for (const p of people) if (heads.includes(nameKey(nameOfPerson(p)))) mains.add(nameKey(nameOfPerson(p)));
    mains.delete('');
    const main = (p: unknown) => isA(p, PERSON) && mains.has(nameKey(nameOfPerson(p as Json)));
    // on a page about one person, only who shares an event with them (a panel's other speakers) is listed beside them
    const alone = people.some((p) => main(p) && addressed(url, nameOfPerson(p)));
    const beside = new Set<unknown>();
    for (const o of list) {
      const cast = [o.performer].flat().map(deref);
      if (cast.some(main)) cast.forEach((p) => beside.add(p));
    }
    return found(
      people
        .filter((p) => !alone || main(p) || beside.has(p))
        .map((p) =>
          person(
            'jsonld',
            mains.has(nameKey(nameOfPerson(p))) ? 0.95 : mains.size ? 0.45 : 0.85,
            nameOfPerson(p),
            nameOf(p.worksFor) || nameOf(p.affiliation) || employer.get(p),
            str(p.jobTitle),
          ),
        ),
    ).sort((a, b) => b.confidence - a.confidence);
  },
};
