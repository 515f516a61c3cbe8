import type { Extractor } from './types';
import { meta } from './dom';
import { siteOrganization } from './jsonld';
import { found, person } from './names';

export const metaAuthor: Extractor = {
  id: 'meta-author',
  extract(doc) {
    const author = meta(doc, 'author');
    // A single word is usually a team or a brand ("Redação"), not a person.
    return /\S\s+\S/.test(author) ? found([person('meta-author', 0.5, author, siteOrganization(doc))]) : [];
  },
};
