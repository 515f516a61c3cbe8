import type { Extractor } from './types';
import { pick } from './dom';
import { found, person } from './names';

export const github: Extractor = {
  id: 'github',
  // github.com/<login>; only a user's page shows a login under the name
  matches: (url) => url.hostname == 'github.com' && /^\/[^/]+\/?$/.test(url.pathname),
  extract(doc) {
    const card = doc.querySelector('.vcard-username,.p-nickname')?.closest('.h-card');
    return card
      ? found([
          person(
            'github',
            0.85,
            pick(card, '.p-name,[itemprop=name]'),
            pick(card, '[itemprop=worksFor],.p-org'),
          ),
        ])
      : [];
  },
};
