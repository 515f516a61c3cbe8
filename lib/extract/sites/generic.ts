import { defineSite } from '../site';
import { hcard } from '../evidence/hcard';
import { jsonld } from '../evidence/jsonld';
import { metaAuthor } from '../evidence/meta-author';
import { microdata } from '../evidence/microdata';
import { opengraph } from '../evidence/opengraph';
import { teamPage } from '../evidence/team-page';

/**
 * Any other site: the format readers, injected on demand into pages the user granted or invoked the extension on,
 * and loaded beside every site's module (its module also carries the scoring). They only add evidence.
 */
export default defineSite({
  id: 'generic',
  hosts: [],
  readers: [jsonld, microdata, hcard, opengraph, metaAuthor, teamPage],
  claims: 'evidence',
});
