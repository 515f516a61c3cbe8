import type { Candidate } from '../types';
import { all, pick, text } from '../dom';
import { cleanCompany, cleanName, person, splitRole } from '../names';
import { fold } from '../../text';

/*
 * A LinkedIn profile's top card, and whose profile the page's readings say it is. The LinkedIn reader (./linkedin.ts)
 * adds the page's other readings (its embedded JSON, schema.org, title) to the card's; the LinkedIn content script
 * reads the card alone for its quick answer (`quickProfile`), before the reader modules are in the page. Small on
 * purpose: the content script carries it on every LinkedIn page.
 */

/** One reading of whose profile this is: [name, company, title, the /in/<slug> it is known to belong to]. */
export type Signal = [name: string, company?: string, title?: string, slug?: string];

export const slugOf = (href: string | null | undefined) => {
  const slug = /\/in\/([^/?#]+)/.exec(href ?? '')?.[1];
  try {
    return slug && fold(decodeURIComponent(slug));
  } catch {
    return slug;
  }
};

/** The lines of an experience entry: [title, "Nubank · Tempo integral", dates] or, for several roles, [company, type]. */
function job(
  entry: Element | null | undefined,
  line: string,
  nested: string,
): [company: string, title: string] {
  if (!entry) return ['', ''];
  const lines = all(entry, line, 4).map(text).filter(Boolean);
  const one = cleanCompany(lines[1]);
  return one
    ? [one, lines[0] ?? '']
    : [lines[0] ?? '', text(entry.querySelector(nested)?.querySelector(line))];
}

const slugIn = (root: ParentNode) =>
  all(root, 'a[href*="/in/"]', 50)
    .map((a) => slugOf(a.getAttribute('href')))
    .find(Boolean);

const SCHOOL =
  /universi|faculdade|escola|school|college|institut|funda[cç][aã]o getulio|fgv|usp\b|unicamp|insper|puc\b|mba\b/i;
const NOT_HEADLINE =
  /^[·•]|^\d+º?$|conex|connection|seguidores|followers|informa[cç][oõ]es de contato|contact info/i;

/** An entry of a server-driven list (experience, education…). */
const ITEM = '[componentkey^="entity-collection-item-"]';

/** The server-driven layout: obfuscated classes, so structure only (componentkey, headings, roles). */
function serverDriven(doc: Document, top: Element): Signal {
  const ps = all(top, 'p', 20).map(text);
  const headline = ps.find((p) => p.includes(' ') && !NOT_HEADLINE.test(p) && !/\(.*\/.*\)/.test(p)) ?? '';
  const [title, company] = splitRole(headline) ?? [];
  const experience = all(doc, ITEM, 300).find((item) =>
    /experi[eê]ncia|experience/i.test(text(item.closest('section')?.querySelector('h2'))),
  );
  const [current, role] = job(experience, 'p', ITEM);
  const badge = all(top, '[role=button]', 10)
    .map(text)
    .find((b) => b && !SCHOOL.test(b));
  return [text(top.querySelector('h2')), current || badge || company, role || title, slugIn(top)];
}

/** The top card's reading: the server-driven layout's, else the card around the page's heading. */
export function topCard(doc: Document): Signal | undefined {
  const top = doc.querySelector('section[componentkey$="Topcard" i]');
  const h1 = top ? null : (doc.querySelector('main h1') ?? doc.querySelector('h1'));
  if (top) return serverDriven(doc, top);
  if (h1) {
    const card = h1.closest('section') ?? doc;
    // logged in: .text-body-medium; the public page: its headline under the name
    const [title, company] = splitRole(pick(card, '.text-body-medium,.top-card-layout__headline')) ?? [];
    // The experience card's first entry. One role: [title, "Nubank · Tempo integral", dates];
    // several roles at one company: [company, "Tempo integral · 5 anos"] and the roles in a nested list.
    const [current, role] = job(
      doc.querySelector('#experience')?.closest('section')?.querySelector('li'),
      'span[aria-hidden=true]',
      'li',
    );
    return [
      text(h1),
      current ||
        pick(
          card,
          '[aria-label^="Current company" i],[aria-label^="Empresa atual" i],[data-section=currentPositionsDetails] a,a[data-tracking-control-name$="current-company"]',
        ) ||
        company,
      role || title,
      // the card's own links (/in/<slug>/overlay/contact-info/) say whose card it is
      slugIn(card),
    ];
  }
}

/** A reading with its name folded: readings of one person share it. */
export type Read = readonly [key: string, signal: Signal];
export const keyed = (s: Signal): Read => [fold(cleanName(s[0])), s];

/**
 * The profile's person among the page's readings (`slug` the page's): the readings that name the slug, else those of
 * a name that shares a word with a name-like slug, else the first; never a name known to belong to another profile
 * (`others`).
 */
export function profilePerson(read: readonly Read[], slug: string | undefined, others: ReadonlySet<string>) {
  let ok = read.filter(([key, s]) => key && (s[3] ? s[3] === slug : !others.has(key)));
  const sure = ok.find(([, s]) => s[3]);
  // With no reading naming the profile, a name-like slug ("bruno-lima-4a5b6c") must share a word with the name.
  const words = slug?.split('-').filter((w) => /^\p{L}{3,}$/u.test(w)) ?? [];
  if (sure) ok = ok.filter(([key]) => key === sure[0]);
  else if (words[1]) ok = ok.filter(([key]) => key.split(' ').some((w) => words.includes(w)));
  const best = ok[0];
  const same = ok.filter(([key]) => key === best?.[0]).map(([, s]) => s);
  return (
    best &&
    person(
      'linkedin',
      sure ? 0.95 : 0.75,
      best[1][0],
      same.map((s) => cleanCompany(s[1])).find(Boolean),
      same.map((s) => s[2]).find(Boolean),
    )
  );
}

/**
 * The quick answer on a profile: the top card's person when the card links to the page's own profile (as the
 * logged-in card's contact info does); nobody otherwise, and on any other LinkedIn page.
 */
export function quickProfile(doc: Document, url: URL): Candidate[] {
  const card = url.pathname.startsWith('/in/') && topCard(doc);
  const c = card && card[3] === slugOf(url.pathname) && person('linkedin', 0.95, card[0], card[1], card[2]);
  return c ? [c] : [];
}
