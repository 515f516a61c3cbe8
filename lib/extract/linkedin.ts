import type { Candidate, Extractor } from './types';
import { all, jsonObjects, meta, once, pick, str, text } from './dom';
import { cleanCompany, cleanName, found, person, splitRole, tidy } from './names';
import { splitLine } from './selection';
import { inNoise } from './evidence';
import { linesAfter, roleLine } from './page-text';
import { fold } from '../text';

/** One reading of whose profile this is: [name, company, title, the /in/<slug> it is known to belong to]. */
type Signal = [name: string, company?: string, title?: string, slug?: string];

const slugOf = (href: string | null | undefined) => {
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

/** The server-driven layout: obfuscated classes, so structure only (componentkey, headings, roles). */
function serverDriven(doc: Document, top: Element): Signal {
  const ps = all(top, 'p', 20).map(text);
  const headline = ps.find((p) => p.includes(' ') && !NOT_HEADLINE.test(p) && !/\(.*\/.*\)/.test(p)) ?? '';
  const [title, company] = splitRole(headline) ?? [];
  const experience = all(doc, '[componentkey^="entity-collection-item-"]', 300).find((item) =>
    /experi[eê]ncia|experience/i.test(text(item.closest('section')?.querySelector('h2'))),
  );
  const [current, role] = job(experience, 'p', '[componentkey^="entity-collection-item-"]');
  const badge = all(top, '[role=button]', 10)
    .map(text)
    .find((b) => b && !SCHOOL.test(b));
  return [text(top.querySelector('h2')), current || badge || company, role || title, slugIn(top)];
}

/** Every reading of the page; a profile embedded for another address (`slug`) gives its name only. */
function signals(doc: Document, slug: string | undefined): Signal[] {
  const list: Signal[] = [];
  const top = doc.querySelector('section[componentkey$="Topcard" i]');
  const h1 = top ? null : (doc.querySelector('main h1') ?? doc.querySelector('h1'));
  if (top) list.push(serverDriven(doc, top));
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
    list.push([
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
    ]);
  }
  // the public page's schema.org Person names its profile
  for (const s of all(doc, 'script[type="application/ld+json"]', 10))
    for (const o of jsonObjects(s.textContent, 2e5, 500))
      if ([o['@type']].flat().includes('Person') && typeof o.name === 'string')
        list.push([o.name, str(o.worksFor), str(o.jobTitle), slugOf(str(o.url) || str(o.sameAs))]);
  // JSON embedded by the first page load; in-app navigation leaves it in place, hence the slugs.
  for (const code of all(doc, 'code', 300)) {
    const json = code.textContent;
    if (json?.includes('publicIdentifier'))
      for (const o of jsonObjects(json, 3e6, 2e4))
        if (typeof o.firstName === 'string' && typeof o.publicIdentifier === 'string') {
          const id = fold(o.publicIdentifier);
          // another profile's headline is never read: its name is all that counts
          const [title, company] = (id === slug && splitRole(tidy(o.headline))) || [];
          list.push([`${o.firstName} ${tidy(o.lastName)}`, company, title, id]);
        }
  }
  const title = /^(?:\(\d+\+?\) )?(.+?) \| LinkedIn/.exec(tidy(doc.title))?.[1];
  if (title) list.push([title]);
  // "Ana Souza - Nubank | LinkedIn", from the first page load like the JSON
  const [name, role, company] = splitLine(meta(doc, 'og:title').replace(/ \| LinkedIn.*/, ''));
  list.push([
    name,
    company,
    role,
    slugOf(meta(doc, 'og:url') || doc.querySelector('link[rel=canonical]')?.getAttribute('href')),
  ]);
  return list;
}

/**
 * Every reading of the page with its folded name, and the names known to belong to another profile; worked out once
 * per reading of the page (asked by `others` and by `extract`).
 */
const readings = (doc: Document, url: URL) => once(doc, `linkedin ${url.href}`, () => readingsOf(doc, url));

function readingsOf(doc: Document, url: URL) {
  const slug = slugOf(url.pathname);
  // each reading with its folded name, worked out once: the embedded JSON can name hundreds of people
  const read = signals(doc, slug).map((s) => [fold(cleanName(s[0])), s] as const);
  // names known to belong to another profile: the one viewed before an in-app navigation, people nearby
  const others = new Set(read.filter(([, s]) => s[3] && s[3] !== slug).map(([key]) => key));
  return { slug, read, others };
}

function profile(doc: Document, url: URL): Candidate[] {
  const { slug, read, others } = readings(doc, url);
  let ok = read.filter(([key, s]) => key && (s[3] ? s[3] === slug : !others.has(key)));
  const sure = ok.find(([, s]) => s[3]);
  // With no signal naming its profile, a name-like slug ("bruno-lima-4a5b6c") must share a word with the name.
  const words = slug?.split('-').filter((w) => /^\p{L}{3,}$/u.test(w)) ?? [];
  if (sure) ok = ok.filter(([key]) => key === sure[0]);
  else if (words[1]) ok = ok.filter(([key]) => key.split(' ').some((w) => words.includes(w)));
  const best = ok[0];
  const same = ok.filter(([key]) => key === best?.[0]).map(([, s]) => s);
  return found([
    best &&
      person(
        'linkedin',
        sure ? 0.95 : 0.75,
        best[1][0],
        same.map((s) => cleanCompany(s[1])).find(Boolean),
        same.map((s) => s[2]).find(Boolean),
      ),
  ]);
}

/**
 * A Sales Navigator lead: its fields are marked with data-anonymize. The lead's name is the page's heading (the
 * viewer, shared connections and "also viewed" leads carry the same mark); the company is the current role's, else
 * the headline's, else the latest in the experience card.
 */
function lead(doc: Document): Candidate[] {
  const main = doc.querySelector('main') ?? doc;
  const role = doc.querySelector('[data-sn-view-name=lead-current-role]');
  const [title, company] = splitRole(pick(main, '[data-anonymize=headline]')) ?? [];
  return found([
    person(
      'linkedin',
      0.9,
      pick(doc, 'h1[data-anonymize=person-name]') || pick(main, '[data-anonymize=person-name]'),
      (role && pick(role, '[data-anonymize=company-name]')) ||
        company ||
        pick(main, '[data-anonymize=company-name]'),
      (role && pick(role, '[data-anonymize=job-title],[data-anonymize=title]')) ||
        title ||
        pick(main, '[data-anonymize=job-title],[data-anonymize=title]'),
    ),
  ]);
}

// lists of people: search results, a company's people tab, Sales Navigator's lead search, lists and account page
const LIST =
  /^\/(search\/results\/(people|all)|company\/[^/]+\/people|sales\/(search\/people|lists\/people|company))/;
const PROFILE_LINK = 'a[href*="/in/"],a[href*="/sales/lead/"],a[href*="/sales/people/"]';

/**
 * A list of people: everyone linked to a profile in the page's main part (never the viewer's menu, the
 * mutual connections named without a link, "people also viewed" or recommended leads), each with the title and
 * company of their card ("Gerente de Suprimentos na Gerdau | …", Sales Navigator's marked company), else the
 * company whose people tab this is.
 */
function list(doc: Document, url: URL): Candidate[] {
  const main = doc.querySelector('main') ?? doc.body ?? doc.documentElement;
  const own = /\/company\//.test(url.pathname)
    ? pick(main, 'h1') || tidy(doc.title).split(/\s*[:|]\s*/)[0]
    : '';
  const seen = new Set<string>();
  const out: (Candidate | null)[] = [];
  const links = all(main, PROFILE_LINK, 500);
  const profileOf = (a: Element) => a.getAttribute('href')?.split(/[?#]/)[0];
  for (const link of links) {
    const named = link.querySelector('span[aria-hidden=true],[data-anonymize=person-name]') ?? link;
    const name = cleanName(text(named));
    const key = fold(name);
    if (!name || seen.has(key) || inNoise(link)) continue;
    seen.add(key);
    // the card: the largest ancestor with no link to another profile
    let card = link;
    while (
      card.parentElement &&
      card.parentElement !== main &&
      !links.some((o) => profileOf(o) !== profileOf(link) && card.parentElement!.contains(o))
    )
      card = card.parentElement;
    // the line that says where, else the first that gives a role
    const roles = linesAfter(named, 8, card)
      .map(roleLine)
      .filter((r): r is [string, string] => !!r);
    const [title = '', company = ''] = roles.find((r) => r[1]) ?? roles[0] ?? [];
    out.push(
      person(
        'linkedin',
        0.7,
        name,
        pick(card, '[data-anonymize=company-name],a[href*="/company/"]') || company || cleanCompany(own),
        pick(card, '[data-anonymize=title],[data-anonymize=job-title]') || title,
      ),
    );
  }
  return found(out);
}

export const linkedin: Extractor = {
  id: 'linkedin',
  matches: (url) =>
    /(^|\.)linkedin\.com$/.test(url.hostname) &&
    (/^\/(in|sales\/(lead|people))\//.test(url.pathname) || LIST.test(url.pathname)),
  extract: (doc, url) =>
    LIST.test(url.pathname) ? list(doc, url) : url.pathname[1] === 's' ? lead(doc) : profile(doc, url),
  // on a profile, whoever the page still shows from another profile (the one viewed before an in-app move)
  others: (doc, url) => (url.pathname[1] === 'i' ? [...readings(doc, url).others] : []),
};
