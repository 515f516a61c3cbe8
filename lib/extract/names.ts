import { fold, tidy } from '../text';
import { HONORIFICS } from './rules/words';
import { DEGREE, NAME_PARTICLE as PARTICLE, NOT_COMPANY, RECORD_LABEL as LABEL } from './rules/names';
import type { Candidate } from './types';

// The one cleaner of outside text, shared with the importer.
export { tidy };

// honorifics (lib/extract/rules/words.ts), and the record type a CRM puts in the same heading: never a name on their own
// (short words only: folding every word of every text read would cost on large pages)
const honorific = (w: string) => w.length <= 6 && HONORIFICS.includes(fold(w).replace(/\.$/, ''));
const LABEL_WORD = new RegExp(`^${LABEL}:?$`, 'i');
// before the name: "Contato Sr. João Lima", "Lead Dra. Ana Souza" (a label only before a name of two words or more)
const LABELLED = new RegExp(`^${LABEL} ?[:|·-]? (?=\\S+ )`, 'i');

/** A name without the honorifics and record labels written before it ("Contato Irmã Teresinha Bortolini"). */
function undecorated(name: string): string {
  let out = name;
  for (let prev = ''; out !== prev; ) {
    prev = out;
    const [first = '', ...rest] = out.split(' ');
    out = out.replace(LABELLED, '');
    if (out === prev && rest.length && honorific(first)) out = rest.join(' ');
  }
  return out;
}

// The patterns with \p{…}, built once (the bundler writes each as a `new RegExp` where it stands, made again at
// each call): pronouns, notes and emoji; a name's letters; a capital or a small first letter.
const NOTES = /\([^)]*\)?|\[[^\]]*\]?|[\p{So}\p{Sk}\p{Cs}\p{Co}\ufe0f]/gu;
export const NAME_LETTERS = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
export const CAPITAL = /^\p{Lu}/u;
const SMALL = /^\p{Ll}/u;
const INITIALS = /^(?:\S\p{M}*\.?(?: |$))+$/u;

const DEGREES = new RegExp(`\\b${DEGREE}\\b\\.?|\\S*\\/\\S*`, 'g');
export const DEGREE_ONLY = new RegExp(`^${DEGREE}\\.?$`, 'i');

/** A person's name as people write it, or '' when the text is not a plausible name. */
export function cleanName(raw: unknown): string {
  const bare = tidy(raw)
    // pronouns and notes ("(ela/dela)", "[she/her]"), emoji
    .replace(NOTES, ' ')
    // what follows a comma or a separator is not the name: "Ana Souza, MBA", "Ana Souza | Nubank"
    .split(/[,|•·–—]| - /)[0]!
    .replace(DEGREES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const name = undecorated(bare);
  const words = name.split(' ');
  return name.length < 80 &&
    words.length < 9 &&
    // "Contato Sr.", "Lead", "Dr.": nobody is named
    !words.every((w) => honorific(w) || LABEL_WORD.test(w)) &&
    NAME_LETTERS.test(name) &&
    // only initials ("R", "J. R."): the letter of an avatar's circle, never a person's name
    !INITIALS.test(name) &&
    // a sentence is not a name: capitalised words mixed with lower-case ones that are not particles
    !(CAPITAL.test(name) && words.some((w) => SMALL.test(w) && !PARTICLE.test(w)))
    ? name
    : '';
}

/** The company as written ("Ltda.", "S.A." kept), without employment type, dates or durations. */
export const cleanCompany = (raw: unknown) =>
  tidy(raw)
    .split(/ ?[·•|] ?/)
    .map((part) => part.replace(/^(?:@ ?)+/, ''))
    .find((part) => part && !NOT_COMPANY.test(part)) ?? '';

/** "Head of Sales at Nubank", "Gerente na Nubank", "CEO @ Nubank", "CFO @Nubank" -> [title, company]. */
export const splitRole = (s: string) => /^(.+?) (?:at |@ ?|na |no )(.+)$/i.exec(s)?.slice(1);

/** A candidate from raw page text; null without a plausible name. The only way extractors build one. */
export function person(
  source: string,
  confidence: number,
  name: unknown,
  company?: unknown,
  cargo?: unknown,
): Candidate | null {
  const [primeiro_nome, ...rest] = cleanName(name).split(' ');
  // markup is never part of a company or a title
  const [empresa = '', title = ''] = [cleanCompany(company), tidy(cargo)].map((s) =>
    /[<>]/.test(s) ? '' : s,
  );
  return primeiro_nome
    ? {
        primeiro_nome,
        ultimo_nome: rest.join(' '),
        empresa,
        ...(title && { cargo: title }),
        // without a company the API cannot look the person up: the user has to complete it
        confidence: empresa ? confidence : confidence / 2,
        source,
      }
    : null;
}

export const found = (list: (Candidate | null | undefined)[]) => list.filter((c): c is Candidate => !!c);
