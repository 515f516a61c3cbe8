import type { Extractor } from './types';
import { all, scoped, text } from './dom';
import { fold, found, person } from './names';

// microformats2 (h-card) and the classic hCard (vcard) share one reader.
const ROOT = '.h-card,.vcard';

export const hcard: Extractor = {
  id: 'hcard',
  extract(doc) {
    return found(
      all(doc, ROOT, 200).map((card) => {
        const get = (selector: string) => text(scoped(card, selector, ROOT));
        const org = get('.p-org,.org');
        const name =
          get('.p-name,.fn') ||
          `${get('.p-given-name,.given-name')} ${get('.p-family-name,.family-name')}`.trim() ||
          // an h-card with no properties names itself
          (card.children.length ? '' : text(card));
        // Cards of an organisation (name = org) and cards nested as someone's org are not people.
        return card.matches('.p-org,.org') || fold(name) == fold(org)
          ? null
          : person('hcard', 0.75, name, org, get('.p-job-title,.title,.p-role,.role'));
      }),
    );
  },
};
