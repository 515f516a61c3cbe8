import type { Extractor } from '../types';
import { all, scoped, text } from '../dom';
import { addressed, headings, nameKey } from './jsonld';
import { found, person } from '../names';

const SCOPE = '[itemscope]';

/** An itemprop of `scope` (not of an item nested in it): its content attribute, its item's name, or its text. */
function prop(scope: Element, name: string): string {
  const el = scoped(scope, `[itemprop~="${name}"]`, SCOPE);
  if (!el) return '';
  return el.getAttribute('content') ?? (el.hasAttribute('itemscope') ? prop(el, 'name') : text(el));
}

/**
 * schema.org microdata. The page's main person is the Person that is the mainEntity or about of a page item, the
 * author of the article holding the page's heading, or the one the page's heading names; people in comments only
 * follow it. On a page whose address names the main person (a speaker's own page), no one else is listed.
 */
export const microdata: Extractor = {
  id: 'microdata',
  extract(doc, url) {
    const heads = headings(doc);
    const people = all(doc, '[itemscope][itemtype*="schema.org/Person" i]', 200);
    const isMain = (p: Element) => {
      const holder = p.parentElement?.closest(SCOPE);
      const role = p.getAttribute('itemprop') ?? '';
      return (
        (/\b(mainEntity|about)\b/.test(role) && !!holder?.matches('[itemtype*="Page" i]')) ||
        // the author of the article holding the page's heading, not of a comment or a related article
        (/\bauthor\b/.test(role) &&
          !!holder?.matches('[itemtype*="Article" i],[itemtype*="BlogPosting" i]') &&
          !!holder.querySelector('h1')) ||
        heads.includes(nameKey(prop(p, 'name')))
      );
    };
    const mains = new Set(people.filter(isMain));
    const alone = [...mains].some((p) => addressed(url, prop(p, 'name')));
    return found(
      // on a page about one person, the others ("Outros palestrantes") are not its people
      people
        .filter((p) => !alone || mains.has(p))
        .map((p) => {
          // A person listed inside an organisation's item works there.
          const org = p.parentElement?.closest('[itemscope][itemtype*="Organization" i]');
          return person(
            'microdata',
            mains.has(p) ? 0.95 : mains.size ? 0.45 : 0.8,
            prop(p, 'name') || `${prop(p, 'givenName')} ${prop(p, 'familyName')}`,
            prop(p, 'worksFor') || prop(p, 'affiliation') || (org && prop(org, 'name')),
            prop(p, 'jobTitle'),
          );
        }),
    ).sort((a, b) => b.confidence - a.confidence);
  },
};
