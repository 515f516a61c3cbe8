import type { Extractor } from '../types';
import { all, pick } from '../dom';
import { found, person, tidy } from '../names';
import { defineSite } from '../site';

/**
 * The company as the page shows it: "@nubank" links to the organisation, whose display name ("Nubank") is preferred
 * when the page carries it (its avatar's label in the organisations list, a hovercard); else "nubank" as written.
 */
function company(doc: Document, card: Element): string {
  const shown = pick(card, '[itemprop=worksFor],.p-org');
  const login = /^@([\w-]+)$/.exec(shown)?.[1];
  if (!login) return shown;
  const named = all(doc, `a[href$="/${login}" i],a[href*="/orgs/${login}/" i]`, 50)
    .flatMap((a) => [
      a.getAttribute('aria-label'),
      a.getAttribute('title'),
      a.querySelector('img')?.getAttribute('alt'),
    ])
    .map((s) => tidy(s))
    .find((s) => s && !/^@/.test(s) && s.toLowerCase() !== login.toLowerCase());
  return named || login;
}

export const github: Extractor = {
  id: 'github',
  // github.com/<login>; only a user's page shows a login under the name
  matches: (url) => url.hostname === 'github.com' && /^\/[^/]+\/?$/.test(url.pathname),
  extract(doc) {
    const card = doc.querySelector('.vcard-username,.p-nickname')?.closest('.h-card');
    return card
      ? found([person('github', 0.85, pick(card, '.p-name,[itemprop=name]'), company(doc, card))])
      : [];
  },
};

/** GitHub: a user's profile; its reader decides who is listed there. */
export default defineSite({ id: 'github', hosts: ['github.com'], readers: [github], claims: 'people' });
