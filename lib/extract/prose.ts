import type { Extractor } from './types';
import { all, meta, text } from './dom';
import { inNoise, isPlatform, nameScore } from './evidence';
import { cleanName, found, person, tidy } from './names';
import { company, roleLine } from './page';
import { INTRODUCERS, PAST_ROLE } from './rules';
import { fold } from '../text';

/*
 * The prose reader: the person a page writes about in sentences, on pages with no fields and no cards: a press
 * release's spokesperson ("…", afirma Fulano, cargo da Empresa), a podcast's guest ("My guest today is Jane Doe, VP
 * Finance at Acme"), an author's or a channel's own words ("Eu sou a Fulana, diretora na Empresa"), a proposal's
 * addressee ("Para: Sr. Fulano — Diretor, Empresa"), a search result's heading ("Fulano - Cargo - Empresa |
 * LinkedIn"), a speaker's name over their role line. Only the first such person: the page's; quoted third parties
 * after them, and anyone in a sidebar, "see also" or comments, are not the page's people. A name and its role are not
 * enough: the role line must say where the person works.
 */

// where pages write about their person: paragraphs, quotes, headings of results (tags alone: attribute selectors
// cost a large page's reader several times more), and the block the page calls its description
const PROSE_AT = 'p,blockquote,h2,h3';
// capitalised words, with a small lower-case word between two of them ("Maria das Graças Souza", "Sr. Moacir Lins")
const RUN = /\p{Lu}[\p{L}\p{M}'’.-]*(?:\s+(?:\p{Ll}{1,3}\s+)?\p{Lu}[\p{L}\p{M}'’.-]*)+/gu;
// between a name and its role line: a comma or a dash
const SEPARATOR = /^(?:,\s*|\s+[-–—]\s+)/;

/** A person a text presents: their name, company and role. */
type Presented = [name: string, company: string, title: string];

/** Whether the text before a name introduces the person (lib/extract/rules.ts INTRODUCERS): "afirma", "Para:". */
export function introduced(before: string): boolean {
  const t = fold(before).replace(/[\s:,;"'“”‘’!.…—–-]+$/, '');
  return INTRODUCERS.some((w) => t === w || t.endsWith(` ${w}`));
}

/**
 * The person a sentence presents with their role and company: "…, afirma Rogério Leal, vice-presidente da
 * Fertilizantes Aurora" -> [name, company, title]; undefined when no name is followed by a role line that says where.
 * A name needs a known given name, or words before it that introduce a person.
 */
export function presented(sentence: string): Presented | undefined {
  for (const m of sentence.matchAll(RUN)) {
    const rest = sentence.slice(m.index + m[0].length);
    const sep = SEPARATOR.exec(rest);
    if (!sep) continue;
    const words = m[0].split(/\s+/);
    for (let i = 0; i < words.length - 1; i++) {
      const name = cleanName(words.slice(i).join(' '));
      const score = name ? nameScore(name) : 0;
      if (!score || (score < 0.5 && !introduced(sentence.slice(0, m.index) + words.slice(0, i).join(' '))))
        continue;
      const line = rest.slice(sep[0].length).split(/(?<=\p{Ll}[.!?])\s+/u)[0]!;
      // "former Head of Design": where they worked, not where they work
      if (PAST_ROLE.includes(fold(line).split(/[\s-]/)[0]!)) break;
      const [title = '', where = ''] = roleLine(line) ?? [];
      // a result's heading, shaped as a profile's title: "Fulano - Cargo - Empresa | LinkedIn"
      const parts = line.split(/\s+[-–—|]\s+|\s*\|\s*/);
      const titled = parts.length === 3 && isPlatform(parts[2]!) ? company(parts[1]) : '';
      if (title && (where || titled)) return [name, where || titled, title];
      break;
    }
  }
  return undefined;
}

/** A name standing alone with its role line in the next element ("<strong>Fulana</strong><p>Head na Empresa</p>"). */
function captioned(el: Element, t: string): Presented | undefined {
  const line = text(el.nextElementSibling);
  // only a line that can say where ("… na Empresa", "…, Empresa") is worth reading the name over it (a list's
  // hundred names under "Analista" cost more to read than the page)
  if (!/\s(?:at|@|na|no|da|do|of)\s|[,|]/.test(line)) return undefined;
  const name = cleanName(t);
  if (name !== t || nameScore(name) < 0.5) return undefined;
  const [title = '', where = ''] = roleLine(line) ?? [];
  return title && where ? [name, where, title] : undefined;
}

/**
 * Who signs the page, where it says so (a byline, rel=author, meta author), folded; '' for nobody. In an article
 * by someone, the people quoted are the author's sources, not the page's person.
 */
const authorOf = (doc: Document) =>
  fold(text(doc.querySelector('[rel=author],[itemprop=author],[class*=byline i]')) || meta(doc, 'author'));

/** The person the page's description presents (og:description, else description): one look at its meta elements. */
function described(doc: Document): Presented | undefined {
  const metas = Array.from(doc.querySelectorAll('meta'));
  const content = (key: string) =>
    tidy(
      metas
        .find((m) => m.getAttribute('property') === key || m.getAttribute('name') === key)
        ?.getAttribute('content'),
    );
  return presented(content('og:description')) ?? presented(content('description'));
}

export const prose: Extractor = {
  id: 'prose',
  extract(doc) {
    // the person presented, where no author signs the page or they are its author (who signs is read only then)
    const own = (confidence: number, hit?: Presented) => {
      const author = hit && authorOf(doc);
      return hit && (!author || author.includes(fold(hit[0]))) ? [person('prose', confidence, ...hit)] : [];
    };
    const description = doc.getElementById('description');
    for (const el of [...all(doc, PROSE_AT, 300), ...(description ? [description] : [])]) {
      const t = text(el).slice(0, 1000);
      const hit = t.length < 5 ? undefined : (captioned(el, t) ?? presented(t));
      // the first person presented is the page's; whoever the text presents after them is not (noise is judged
      // only where someone is presented: it costs more than the reading)
      if (hit && !inNoise(el)) return found(own(0.55, hit));
    }
    // the page's description when its body has none ("Naledi Dlamini, VP Finance at Brightlane, on …")
    return found(own(0.5, described(doc)));
  },
};
