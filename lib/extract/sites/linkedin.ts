import type { Candidate, Extractor } from '../types';
import { all, jsonObjects, meta, once, pick, str, text } from '../dom';
import { cleanCompany, cleanName, found, person, splitRole, tidy } from '../names';
import { splitLine } from '../selection';
import { inNoise } from '../evidence/judge';
import { company, linesAfter, roleLine } from '../evidence/page-text';
import { fold } from '../../text';
import { keyed, profilePerson, slugOf, topCard, type Signal } from './linkedin-top';
import { defineSite } from '../site';

/** Every reading of the page; a profile embedded for another address (`slug`) gives its name only. */
function signals(doc: Document, slug: string | undefined): Signal[] {
  const list: Signal[] = [];
  const card = topCard(doc);
  if (card) list.push(card);
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
  const read = signals(doc, slug).map(keyed);
  // names known to belong to another profile: the one viewed before an in-app navigation, people nearby
  const others = new Set(read.filter(([, s]) => s[3] && s[3] !== slug).map(([key]) => key));
  return { slug, read, others };
}

function profile(doc: Document, url: URL): Candidate[] {
  const { slug, read, others } = readings(doc, url);
  return found([profilePerson(read, slug, others)]);
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
const NOW = /^(?:atual|current)\s*:\s*/i;
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
  // the list: the smallest part holding every profile of the main part. When it lies under a heading that would mark
  // a side module ("People you may know" over a company's people), that heading titles the page's own list.
  let region = links.length > 1 ? links[0]!.parentElement : null;
  while (region && !region.contains(links.at(-1)!)) region = region.parentElement;
  const titled = !!region && inNoise(region);
  for (const link of links) {
    const named = link.querySelector('span[aria-hidden=true],[data-anonymize=person-name]') ?? link;
    const name = cleanName(text(named));
    const key = fold(name);
    if (!name || seen.has(key) || (!titled && inNoise(link))) continue;
    seen.add(key);
    // the card: the largest ancestor with no link to another profile
    let card = link;
    while (
      card.parentElement &&
      card.parentElement !== main &&
      !links.some((o) => profileOf(o) !== profileOf(link) && card.parentElement!.contains(o))
    )
      card = card.parentElement;
    // the line that says where, else the first that gives a role; LinkedIn's own "Atual:"/"Current:" line (the
    // current position) before the headline the person wrote, never its "Anterior:"/"Past:" one
    const roles = linesAfter(named, 8, card)
      .filter((line) => !/^(?:anterior|past)\s*:/i.test(line))
      .sort((a, b) => +NOW.test(b) - +NOW.test(a))
      .map((line) => roleLine(line.replace(NOW, '')))
      .filter((r): r is [string, string] => !!r);
    const [title = '', where = ''] = roles.find((r) => r[1]) ?? roles[0] ?? [];
    // Sales Navigator marks the title; the company follows it on its line, marked or as bare text
    let after = '';
    for (let n = card.querySelector('[data-anonymize=title]')?.nextSibling; n; n = n.nextSibling)
      after += ` ${n.textContent}`;
    out.push(
      person(
        'linkedin',
        0.7,
        name,
        pick(card, '[data-anonymize=company-name],a[href*="/company/"]') ||
          company(after) ||
          where ||
          cleanCompany(own),
        pick(card, '[data-anonymize=title],[data-anonymize=job-title]') || title,
      ),
    );
  }
  return found(out);
}

// My Network's suggestions to connect: nobody the seller opened
const SUGGESTIONS = /^\/mynetwork\/(grow\/?)?$/;

export const linkedin: Extractor = {
  id: 'linkedin',
  matches: (url) =>
    /(^|\.)linkedin\.com$/.test(url.hostname) &&
    (/^\/(in|sales\/(lead|people))\//.test(url.pathname) ||
      LIST.test(url.pathname) ||
      SUGGESTIONS.test(url.pathname)),
  extract: (doc, url) =>
    LIST.test(url.pathname)
      ? list(doc, url)
      : url.pathname[1] === 's'
        ? lead(doc)
        : url.pathname[1] === 'i'
          ? profile(doc, url)
          : [],
  // on a profile, whoever the page still shows from another profile (the one viewed before an in-app move); among
  // suggestions, everyone a profile link names (its texts, its picture's)
  others: (doc, url) =>
    url.pathname[1] === 'i'
      ? [...readings(doc, url).others]
      : SUGGESTIONS.test(url.pathname)
        ? all(doc, PROFILE_LINK)
            .flatMap((a) => [a, ...Array.from(a.querySelectorAll('*'))])
            .map((e) => fold(cleanName(e.getAttribute('alt') ?? text(e))))
        : [],
};

/** LinkedIn: its profiles, people lists and posts; its readers decide who is listed there. */
export default defineSite({
  id: 'linkedin',
  hosts: ['www.linkedin.com'],
  readers: [linkedin],
  claims: 'people',
});
