import type { Candidate } from './types';
import { all } from './dom';
import { shared } from './shared';
import { fold } from '../text';

/*
 * The last word on every reading of a person, whichever reader made it (lib/extract/candidates.ts applies it to each
 * one before they are compared): what assistive technology and a careful reader would never take for a name or a
 * company, and a name written in capitals as registries write it, cased for the form.
 */

const lex = () => shared().lexicon;

// built once (the bundler writes a pattern with \p{…} as a `new RegExp` where it stands)
const LETTER = /\p{L}/u;
const LOWER = /\p{Ll}/u;
const WORD_START = /(^|[-'’])(\p{L})/gu;
const EDGES = /^[\s|·•:,;–—-]+|[\s|·•:,;–—-]+$/g;

/**
 * A name written all in capitals ("MARIA DAS GRAÇAS SILVA", as official registries write them), as people write it:
 * "Maria das Graças Silva" (particles in small letters, every other word and each part of a hyphenated or elided
 * word with a capital); any other name as written.
 */
export function niceCase(name: string): string {
  if (!LETTER.test(name) || LOWER.test(name)) return name;
  const particles = lex()?.particles;
  return name
    .split(' ')
    .map((w, i) => {
      const low = w.toLowerCase();
      return i > 0 && particles?.has(fold(low))
        ? low
        : low.replace(WORD_START, (_, a: string, b: string) => a + b.toUpperCase());
    })
    .join(' ');
}

/** The text begins with a word that puts it in the past ("ex-Ambev", "Anterior: Netshoes", "Former Nubank"). */
const pastMarked = (s: string) => !!lex()?.past?.has(fold(s).split(/[\s:–—-]/)[0] ?? '');

/**
 * Whether `empresa`, read with `cargo`, is not where the person works: a deal's status ("Ganho", "Em negociação"), a
 * part of the app ("Deals", "Atividades"), an employer put in the past ("ex-Ambev"), or the company of a role put in
 * the past ("Former Head of Sales at Nubank").
 */
export function notTheirCompany(empresa: string, cargo = ''): boolean {
  const key = fold(empresa);
  return (
    !!lex()?.notCompanies?.has(key) || pastMarked(empresa) || (pastMarked(cargo) && fold(cargo).includes(key))
  );
}

/**
 * `c` as the reading ends: a name in capitals cased for the form; the company without the separators around it, and
 * none where it is not theirs (the person's confidence halved, as for anyone without one).
 */
export function settle(c: Candidate): Candidate {
  const full = `${c.primeiro_nome} ${c.ultimo_nome}`.trim();
  const cased = niceCase(full);
  if (cased !== full) {
    const [first = '', ...rest] = cased.split(' ');
    c.primeiro_nome = first;
    c.ultimo_nome = rest.join(' ');
  }
  // a separator the page wrote before or after the company ("– Grupo Pão de Açúcar") is no part of it
  c.empresa = c.empresa.replace(EDGES, '');
  if (c.empresa && notTheirCompany(c.empresa, c.cargo)) {
    c.empresa = '';
    c.confidence /= 2;
  }
  return c;
}

const flat = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').toLowerCase();
const count = (text: string, part: string) => {
  let n = 0;
  for (let i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length)) n++;
  return n;
};

/**
 * A hidden element that only decorates: small (a region of the page hidden whole, as some apps hide their main
 * panel behind a dialog, is not a decoration), and not all the text of a link or a heading, which the page shows
 * as that link's or heading's name.
 */
function decorative(el: Element): boolean {
  const own = flat(el.textContent).trim();
  if (own.length > 200 || el.getElementsByTagName('*').length > 20) return false;
  const holder = el.closest('a[href],h1,h2,h3,h4,h5,h6,[role=heading],[role=link]');
  return !holder || flat(holder.textContent).trim() !== own;
}

/**
 * Who, of `people`, the page writes only where assistive technology reads nothing: every time their name appears
 * in the page's text it is under `aria-hidden="true"` or `hidden` (a letter in an avatar's circle, a hover card's
 * copy, a decorative duplicate), and no accessible name (`aria-label`, `alt`, `title`) carries it. Names the page's
 * text never shows (structured data, meta tags, attributes) are not judged here.
 */
export function unspoken(doc: Document, people: Candidate[]): Set<Candidate> {
  const out = new Set<Candidate>();
  const hidden = all(doc, 'body [aria-hidden="true"],body [hidden]', 2000).filter(
    (el) => !el.parentElement?.closest('[aria-hidden="true"],[hidden]') && decorative(el),
  );
  if (!hidden.length) return out;
  const silent = hidden.map((el) => flat(el.textContent)).join('\n');
  let page: string | undefined;
  let named: string | undefined;
  for (const c of people) {
    const name = flat(`${c.primeiro_nome} ${c.ultimo_nome}`.trim());
    const unheard = count(silent, name);
    if (!unheard) continue;
    page ??= flat(doc.body?.textContent);
    if (count(page, name) > unheard) continue;
    named ??= flat(
      all(doc, 'body [aria-label],body [alt],body [title]', 5000)
        .filter((el) => !el.closest('[aria-hidden="true"],[hidden]'))
        .map((el) => `${el.getAttribute('aria-label')} ${el.getAttribute('alt')} ${el.getAttribute('title')}`)
        .join('\n'),
    );
    if (!named.includes(name)) out.add(c);
  }
  return out;
}
