import type { Candidate, Extractor } from '../types';
import { all, text } from '../dom';
import { addressed } from './jsonld';
import { pageCompany } from './page-text';
import { cleanName, person } from '../names';
import { fold } from '../../text';
import { JOB, WRITTEN_NAME } from '../rules/names';

const NAME = '[class*="name" i],[itemprop="name"],h2,h3,h4,h5,strong';
const ROLE =
  '[class*="role" i],[class*="cargo" i],[class*="position" i],[class*="job" i],[class*="designation" i],[class*="subtitle" i],[class*="occupation" i],[class*="funcao" i],[itemprop="jobTitle"]';

// ROLE's class words, for a quick first look
const ROLE_CLASS = /role|cargo|position|job|designation|subtitle|occupation|funcao/i;

/**
 * Whether the page shows at least two roles, in one pass over the elements with a class (cheaper than matching
 * ROLE's substring selectors over a large page): most pages have fewer, and then there is no team to read.
 */
function roles(doc: Document) {
  let n = 0;
  for (const el of Array.from(doc.querySelectorAll('[class],[itemprop="jobTitle"]')))
    if (ROLE_CLASS.test(el.getAttribute('class') ?? '') || el.getAttribute('itemprop') === 'jobTitle')
      if (++n >= 2) return true;
  return false;
}

/** The role shown in the person's own card: the nearest ancestor holding one role (several means the grid). */
function roleOf(el: Element): string {
  for (let card = el.parentElement, up = 0; card && up < 3; card = card.parentElement, up++) {
    const roles = new Set(
      all(card, ROLE, 20)
        .filter((r) => !r.contains(el) && !el.contains(r))
        .map(text),
    );
    roles.delete('');
    if (roles.size) return roles.size === 1 ? [...roles][0]! : '';
  }
  return '';
}

/**
 * Pages listing several people as cards (name and role); the company is the page's (lib/extract/evidence/page-text.ts
 * pageCompany). On a page whose address names one of them, that one alone.
 */
export const teamPage: Extractor = {
  id: 'team-page',
  extract(doc, url) {
    if (!roles(doc)) return [];
    const company = pageCompany(doc);
    const people = new Map<string, Candidate>();
    for (const el of all(doc, NAME, 5000)) {
      if (people.size >= 50) break;
      const name = text(el);
      const key = fold(name);
      // people marked up as h-card or schema.org Person are their extractors' to read
      if (
        people.has(key) ||
        !WRITTEN_NAME.test(cleanName(name)) ||
        el.closest('.h-card,.vcard,[itemtype*=Person i]')
      )
        continue;
      const role = roleOf(el);
      const c = role && person('team-page', 0.6, name, company, role);
      if (c) people.set(key, c);
    }
    // One name next to one role is not a team page; nor are headlines over sections ("Dólar Fecha Em Alta" / "Câmbio").
    const list = [...people.values()];
    if (list.length < 2 || list.filter((c) => JOB.test(c.cargo ?? '')).length * 2 < list.length) return [];
    // a page whose address names one of them is that person's own: the others' cards are a "see also"
    const own = list.filter((c) => addressed(url, `${c.primeiro_nome} ${c.ultimo_nome}`));
    return own.length ? own : list;
  },
};
