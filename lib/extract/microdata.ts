import type { Extractor } from './types';
import { all, scoped, text } from './dom';
import { found, person } from './names';

const SCOPE = '[itemscope]';

/** An itemprop of `scope` (not of an item nested in it): its content attribute, its item's name, or its text. */
function prop(scope: Element, name: string): string {
  const el = scoped(scope, `[itemprop~="${name}"]`, SCOPE);
  if (!el) return '';
  return el.getAttribute('content') ?? (el.hasAttribute('itemscope') ? prop(el, 'name') : text(el));
}

export const microdata: Extractor = {
  id: 'microdata',
  extract(doc) {
    return found(
      all(doc, '[itemscope][itemtype*="schema.org/Person" i]', 200).map((p) => {
        // A person listed inside an organisation's item works there.
        const org = p.parentElement?.closest('[itemscope][itemtype*="Organization" i]');
        return person(
          'microdata',
          0.8,
          prop(p, 'name') || `${prop(p, 'givenName')} ${prop(p, 'familyName')}`,
          prop(p, 'worksFor') || prop(p, 'affiliation') || (org && prop(org, 'name')),
          prop(p, 'jobTitle'),
        );
      }),
    );
  },
};
