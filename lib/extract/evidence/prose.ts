import type { Extractor } from '../types';
import { all, meta, text } from '../dom';
import { inNoise, isPlatform, isRole, nameScore } from './judge';
import { cleanName, found, person } from '../names';
import { company, roleLine } from './page-text';
import { INTRODUCERS, PAST_ROLE } from '../rules/words';
import { fold } from '../../text';
import { COMPANY_JOINS } from '../rules/words';

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

/** Whether the text before a name introduces the person (lib/extract/rules/words.ts INTRODUCERS): "afirma", "Para:". */
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
  if (!COMPANY_JOINS.test(line)) return undefined;
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

/** The person presented, where no author signs the page or they are its author (asked only once someone is). */
const own = (doc: Document, confidence: number, hit?: Presented) => {
  const author = hit ? authorOf(doc) : '';
  return found(
    hit && (!author || author.includes(fold(hit[0]))) ? [person('prose', confidence, ...hit)] : [],
  );
};

export const prose: Extractor = {
  id: 'prose',
  extract(doc) {
    const description = doc.getElementById('description');
    for (const el of [...all(doc, PROSE_AT, 300), ...(description ? [description] : [])]) {
      const t = text(el).slice(0, 1000);
      const hit = t.length < 5 ? undefined : (captioned(el, t) ?? presented(t));
      // the first person presented is the page's; whoever the text presents after them is not (noise is judged
      // only where someone is presented: it costs more than the reading)
      if (hit && !inNoise(el)) return own(doc, 0.55, hit);
    }
    // the page's description when its body has none ("Naledi Dlamini, VP Finance at Brightlane, on …")
    return own(doc, 0.5, presented(meta(doc, 'og:description')) ?? presented(meta(doc, 'description')));
  },
};

/**
 * A line that presents one person of a list: a name, then in parentheses or after a dash or a comma their role and
 * company in either order ("Sônia Kerber (Metalúrgica Brasfort — Gerente de Engenharia)", "Karina Volpato —
 * Diretora de Suprimentos, Implementos Serra", "Contato: Edson Rabelo – Diretor Industrial"). The name must be a
 * known one and a role must be there; the company is the line's, else none.
 */
export function personLine(line: string): Presented | undefined {
  const m = /^(?:[\p{L} ]{2,25}:\s*)?([^,()–—:]+?)\s*(?:\((.+)\)\.?|\s[-–—]\s*(.+)|,\s*(.+))$/u.exec(line);
  const name = cleanName(m?.[1]);
  const rest = m?.[2] ?? m?.[3] ?? m?.[4];
  if (!rest || rest.length > 140 || nameScore(name) < 0.5) return undefined;
  const said = roleLine(rest);
  if (said?.[1]) return [name, said[1], said[0]];
  const parts = rest.split(/\s*[,;|–—]\s*|\s-\s/);
  const title = parts.find(isRole);
  if (!title) return undefined;
  return [name, parts.map((p) => (p === title || isRole(p) ? '' : company(p))).find(Boolean) ?? '', title];
}

/**
 * Lists of people written as lines (an event's speakers, a meeting's attendees, a directory's contacts): two lines
 * of one list at least (the same parent), each presenting a person with a role (`personLine`), outside noise.
 */
export const lines: Extractor = {
  id: 'lines',
  extract(doc) {
    const lists = new Map<Element, Presented[]>();
    for (const el of all(doc, 'li,p,div', 3000)) {
      const parent = el.parentElement;
      // the cheap tests first: most of a page's elements are passed over without reading their text
      if (el.childElementCount > 3 || !parent) continue;
      const t = text(el);
      const hit = t.length <= 200 && personLine(t);
      if (!hit) continue;
      const list = lists.get(parent);
      if (list) list.push(hit);
      else lists.set(parent, [hit]);
    }
    const out = [];
    for (const [parent, hits] of lists)
      if (hits.length >= 2 && !inNoise(parent))
        out.push(...hits.slice(0, 100).map((h) => person('lines', 0.5, ...h)));
    return found(out);
  },
};
