import type { Extractor } from '../types';
import { meta } from '../dom';
import { isPlatform } from './judge';
import { found, person } from '../names';
import { splitLine } from '../selection';
import { fold } from '../../text';

export const opengraph: Extractor = {
  id: 'opengraph',
  extract(doc) {
    if (meta(doc, 'og:type') !== 'profile') return [];
    const [name, title, company] = splitLine(meta(doc, 'og:title'));
    const given = meta(doc, 'profile:first_name');
    return found([
      person(
        'opengraph',
        0.6,
        given ? `${given} ${meta(doc, 'profile:last_name')}` : name,
        // "Ana Souza | Medium", "… • Instagram photos and videos": the site is not the person's company
        fold(company) === fold(meta(doc, 'og:site_name')) || isPlatform(company) ? '' : company,
        title,
      ),
    ]);
  },
};
