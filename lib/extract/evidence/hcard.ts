import type { Extractor } from '../types';
import { all, scoped, text } from '../dom';
import { found, person } from '../names';
import { fold } from '../../text';

// microformats2 (h-card) and the classic hCard (vcard) share one reader.
const ROOT = '.h-card,.vcard';
// comments and replies under a post, and the citations of other posts: their people are not the page's
const ASIDE = '.p-comment,.u-comment,.h-cite,.u-in-reply-to,.u-like,.u-repost,[class*="comment" i]';

const bare = (href: string | null | undefined) => (href ?? '').split('#')[0]!.replace(/\/$/, '');

/** Letters and digits of a text, folded: "Mercado Libre" and "@mercadolibre" are one key. */
const key = (s: string | null) => fold(s ?? '').replace(/[^a-z0-9]/g, '');

/**
 * The name a page displays for a handle ("@mercadolibre" -> "Mercado Libre"): a link to the handle's page labelled
 * with the same letters. A display name beats a login; anything else is kept as written.
 */
function displayed(doc: Document, org: string): string {
  const handle = /^@?([\w-]+)$/.exec(org)?.[1];
  if (!handle) return org;
  const label = all(doc, `a[href$="/${handle}"][aria-label],a[href$="/${handle}"][title]`, 20)
    .map((a) => a.getAttribute('aria-label') || a.getAttribute('title'))
    .find((l) => key(l) === key(handle) && l !== handle);
  return label ?? org;
}

/**
 * h-card people. The page's main person is the author of the page's own h-entry (its `p-author`), else the
 * representative h-card (`u-url` = `u-uid` = the page, or a `rel=me` link); people in comments and in other
 * posts' entries are not read at all.
 */
export const hcard: Extractor = {
  id: 'hcard',
  extract(doc, url) {
    const here = bare(url?.href);
    // the page's own post: not one of a feed's, nor nested in another
    const entries = all(doc, '.h-entry', 100).filter(
      (e) => !e.parentElement?.closest('.h-entry,.h-feed,' + ASIDE),
    );
    const own =
      entries.find((e) => e.querySelector('h1')) ??
      entries.find(
        (e) =>
          scoped(e, '.u-url', '.h-entry') &&
          bare(scoped(e, '.u-url', '.h-entry')!.getAttribute('href')) === here,
      ) ??
      (entries.length === 1 ? entries[0] : undefined);
    const author = own && scoped(own, '.p-author', '.h-entry');
    const mainCard = author && (author.matches(ROOT) ? author : author.querySelector(ROOT));
    const cards = all(doc, ROOT, 200).filter(
      (card) =>
        !card.closest(ASIDE) &&
        // inside a post other than the page's own: a related post's author
        (!card.closest('.h-entry') || card.closest('.h-entry') === own),
    );
    const representative = (card: Element) => {
      const u = (s: string) =>
        bare(scoped(card, s, ROOT)?.getAttribute('href') ?? scoped(card, s, ROOT)?.getAttribute('value'));
      return (
        (u('.u-url') === here && u('.u-uid') === here) ||
        !!card.querySelector('[rel~=me]') ||
        card.matches('[rel~=me]')
      );
    };
    // the post's author, marked up as a card or as plain text, goes before the site's representative card
    const main = mainCard ?? (author ? undefined : cards.find(representative));
    const list = found(
      cards.map((card) => {
        const get = (selector: string) => text(scoped(card, selector, ROOT));
        const org = get('.p-org,.org');
        const name =
          get('.p-name,.fn') ||
          `${get('.p-given-name,.given-name')} ${get('.p-family-name,.family-name')}`.trim() ||
          // an h-card with no properties names itself
          (card.children.length ? '' : text(card));
        // Cards of an organisation (name = org) and cards nested as someone's org are not people.
        return card.matches('.p-org,.org') || fold(name) === fold(org)
          ? null
          : person(
              'hcard',
              card === main ? 0.95 : main || author ? 0.45 : 0.75,
              name,
              displayed(doc, org),
              get('.p-job-title,.title,.p-role,.role'),
            );
      }),
    );
    // the author marked up as plain text: "<span class="p-author">Ana Souza</span>"
    if (author && !mainCard) list.unshift(...found([person('hcard', 0.95, text(author))]));
    return list.sort((a, b) => b.confidence - a.confidence);
  },
};
