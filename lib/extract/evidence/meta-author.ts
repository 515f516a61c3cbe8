import type { Extractor } from '../types';
import { meta } from '../dom';
import { nameScore } from './judge';
import { siteOrganization } from './jsonld';
import { found, person } from '../names';
import { fold } from '../../text';

/**
 * `<meta name=author>`: a name, never a company. The site's own name (og:site_name, its Organization) is where
 * the author publishes, not where they work; a Person in the page's structured data brings the company, and the
 * two readings merge.
 */
export const metaAuthor: Extractor = {
  id: 'meta-author',
  extract(doc) {
    const author = meta(doc, 'author');
    // A team or a brand ("Redação", "Dolibarr Development Team") does not read as a name; nor is the site's own name.
    return nameScore(author) &&
      ![siteOrganization(doc), meta(doc, 'og:site_name')].some((site) => fold(site) === fold(author))
      ? found([person('meta-author', 0.5, author)])
      : [];
  },
};
