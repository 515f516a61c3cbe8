import { fold } from '../../text';
import type { Lexicon } from '../types';
import { DOMAIN_CATEGORIES, PERSON_LABELS, TEAM_LABELS, UI_WORDS, type Field } from '../rules/words';
import { CAPITAL, DEGREE_ONLY, NAME_LETTERS } from '../names';
import { shared } from '../shared';
import { PHONE } from '../rules/words';

/*
 * What a text is, from the tables of lib/extract/rules/words.ts (brought by the words module, lib/extract/rules/lexicon.ts): a
 * person's name (and how sure), a place, a phone, a role, a company; and which regions of a page hold people who
 * are not the page's. Pure, never throws; without the word lists (a module that failed to load) they know nothing.
 */

const none = new Set<string>();
const EMPTY: Lexicon = {
  particles: none,
  suffixes: none,
  places: none,
  freeMail: none,
  platforms: none,
  boilerplate: none,
  pageWords: none,
  decorations: none,
  companyWords: none,
  roleWords: none,
  rolePrefixes: [],
  labels: new Map(),
  noiseRegions: 'aside,nav,footer',
  noiseHeadings: [],
};
const lex = () => shared().lexicon ?? EMPTY;

// built once (the bundler writes a pattern with \p{…} as a `new RegExp` where it stands, made again at each call)
const ENDS = /^[^\p{L}\d&]+|[^\p{L}\d&.]+$/gu;
const LETTER = /\p{L}/u;

/** Folded words of a text, without punctuation at their ends. */
const wordsOf = (s: string) =>
  fold(s)
    .split(/[\s,;|/()]+/)
    .map((w) => w.replace(ENDS, ''))
    .filter(Boolean);

/** Whether one folded word is a word of job titles. */
export const roleWord = (w: string) => {
  const { roleWords, rolePrefixes } = lex();
  return roleWords.has(w) || roleWords.has(w.replace(/\.$/, '')) || rolePrefixes.some((p) => w.startsWith(p));
};

/** A job title: it begins with a title word ("Diretora de Compras", "Head of Sales", "CEO"). */
export function isRole(s: string): boolean {
  const words = wordsOf(s).filter((w) => !lex().particles.has(w));
  return !!words.length && roleWord(words[0]!);
}

/** Any word of job titles in the text ("Transformando vendas, Head de Vendas"). */
export const hasRoleWord = (s: string) =>
  wordsOf(s).some((w) => !lex().particles.has(w) && roleWord(w) && w.length > 2);

/** Only title words ("Sales", "Gerente Comercial"): a role, never anything's name. */
const onlyRole = (s: string) => {
  const words = wordsOf(s).filter((w) => !lex().particles.has(w));
  return !!words.length && words.every(roleWord);
};

/** A place: a state ("SP"), a city, a country, or a few of them ("Campinas - SP", "São Paulo, Brasil"). */
export function isPlace(s: string): boolean {
  const parts = fold(s)
    .split(/\s*(?:[,/|•·–—(]|\s-\s|-(?=\s*[a-z]{2}\)?$))\s*/)
    .map((p) => p.replace(/[().]/g, '').trim())
    .filter(Boolean);
  const { places } = lex();
  if (parts.length && parts.every((p) => places.has(p))) return true;
  // "Caruaru - PE", "Feira de Santana/BA", "Austin, TX": a town, then its state's two letters
  const [town = '', state = ''] = parts;
  return parts.length === 2 && state.length === 2 && places.has(state) && /^[a-z' ]{3,40}$/.test(town);
}

/** A phone number, or a line that gives one ("Tel: (11) 99999-0000"). */
export const isPhone = (s: string) => PHONE.test(s.trim()) && (s.match(/\d/g)?.length ?? 0) >= 7;

/** Whether a text could be a company's name: never a place, a phone, an address, a role, a decoration or a URL. */
export function couldBeCompany(s: string): boolean {
  const t = s.trim();
  return (
    !!t &&
    LETTER.test(t) &&
    !/@|https?:|www\.|^\d/.test(t) &&
    !isPlace(t) &&
    !isPhone(t) &&
    !onlyRole(t) &&
    !DEGREE_ONLY.test(t) &&
    // "Anfitrião", "Responsável": a box's label
    !boxLabel(t) &&
    // "Dr.", "Sra.", "Contato": decoration is nobody's company
    !wordsOf(t).every((w) => lex().decorations.has(w.replace(/\.$/, ''))) &&
    // "Bruno Azevedo (brunoazevedo12)": a person with their handle
    !(HANDLE.test(t) && nameScore(t.replace(HANDLE, '')) >= 0.5)
  );
}

// a handle in parentheses at a text's end: "(brunoazevedo12)", "(@ana.souza)"
const HANDLE = /\s*\(@?[\w.-]+\)$/;

/** Company words in a text ("Ltda", "S.A.", "Tecnologia"): it names an organisation. */
export const hasCompanyWord = (s: string) =>
  wordsOf(s).some((w) => lex().companyWords.has(w) || lex().companyWords.has(w.replace(/\.$/, '')));

/**
 * A site where pages are published or records kept ("LinkedIn", "HubSpot"), alone or with its own words around it
 * ("Instagram photos and videos"): never someone's company.
 */
export function isPlatform(s: string): boolean {
  // "Fotos e vídeos do Instagram": without the platform's own words around its name
  const words = wordsOf(s.replace(/\.com(\.br)?$/i, '')).filter(
    (w, _, a) => a.length < 2 || !lex().boilerplate.has(w),
  );
  // "LinkedIn Corporation", "Google LLC": the platform with its legal form
  while (words.length > 1 && lex().companyWords.has(words.at(-1)!)) words.pop();
  return lex().platforms.has(words.join(' '));
}

/** A word pages use for themselves ("Pessoas", "Pesquisa", "Home"): never a company. */
export const isPageWord = (s: string) => lex().pageWords.has(wordsOf(s)[0] ?? '');

/** Whether `w` (one word) is a known given name. */
export const isGivenName = (w: string) => !!shared().givenNames?.has(fold(w));

// an app's interface words (rules.ts UI_WORDS), as a set on first use
let ui: Set<string> | undefined;

let boxes: Map<string, 'person' | 'team'> | undefined;
const boxMap = () =>
  (boxes ??= new Map([
    ...PERSON_LABELS.map((l) => [l, 'person'] as const),
    ...TEAM_LABELS.map((l) => [l, 'team'] as const),
  ]));
/**
 * What a box's label says of the person it shows (rules.ts PERSON_LABELS, TEAM_LABELS): 'person' for the page's
 * ("Anfitrião", "Solicitante", "Instructor:"), 'team' for the viewer's own ("Responsável", "Members"), else undefined.
 */
export const boxLabel = (label: string) => (label.length < 40 ? boxMap().get(labelKey(label)) : undefined);

/** Every box label (rules.ts PERSON_LABELS, TEAM_LABELS), folded. */
export const boxLabels = () => [...boxMap().keys()];

/**
 * How much a text reads as a person's full name, from evidence and never from capitals alone: 0 for none (one
 * word, a sentence, a role, a place, a company's name, decoration); 0.9 when it begins with a known given name;
 * 0.3 with particles or a suffix in a name's places ("Xingu das Graças Souza", "Pedro Alves Filho"); 0.25 for the
 * shape alone (2 to 6 capitalised words). Below 0.5 a reader must back the name with other evidence (a label, a
 * role beside it, an e-mail address that names it, the page's title).
 */
export function nameScore(raw: string): number {
  const s = raw.trim();
  if (!NAME_LETTERS.test(s) || s.length > 70) return 0;
  const words = s.split(/\s+/);
  const folded = words.map((w) => fold(w).replace(/\.$/, ''));
  if (words.length < 2 || words.length > 6) return 0;
  const caps = s === s.toUpperCase();
  const { particles: PARTICLE, decorations: DECORATION, companyWords: COMPANY, suffixes: SUFFIX } = lex();
  let particles = 0;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const f = folded[i]!;
    if (PARTICLE.has(f) && i > 0 && i < words.length - 1) {
      particles++;
      continue;
    }
    if (!caps && !CAPITAL.test(w)) return 0;
    if (DECORATION.has(f) || COMPANY.has(f) || (roleWord(f) && !SUFFIX.has(f) && !isGivenName(f))) return 0;
  }
  // a place, an app's interface ("Custom Fields"), a box's label ("Ministrado por")
  if (isPlace(s) || folded.some((w) => (ui ??= new Set(UI_WORDS)).has(w)) || boxMap().has(folded.join(' ')))
    return 0;
  if (isGivenName(folded[0]!)) return 0.9;
  // particles and suffixes are a name's shape too ("Blog do Tiago" has one): shape alone stays weak
  return particles || SUFFIX.has(folded.at(-1)!) ? 0.3 : 0.25;
}

/** The field a label names ("Empresa:", "Account Name *", "E-mail"), or undefined. */
export const fieldOf = (label: string): Field | undefined =>
  label.length < 40 ? lex().labels.get(labelKey(label)) : undefined;

/** A label as the tables write it: folded, without its ':', '*' or '?' ("Empresa *" -> "empresa"). */
export const labelKey = (label: string) =>
  fold(label)
    .replace(/[:*?]+\s*$/, '')
    .trim();

// regions already judged by their own heading, per page (a list's hundred cards share their ancestors)
const judged = new WeakMap<Element, boolean>();

/** Whether a region's own heading names it as not the page's people ("Pessoas também viram", "Outros palestrantes"). */
export function noisyHeading(s: Element): boolean {
  let noisy = judged.get(s);
  if (noisy === undefined) {
    // the region's own heading heads it: a "See also" after an article's body does not make the body noise
    const heading = Array.from(s.children)
      .slice(0, 2)
      .find((c) => /^H[2-4]$/.test(c.tagName) || c.tagName === 'HEADER');
    const h = fold(heading?.textContent?.slice(0, 200) ?? '');
    noisy = !!h && lex().noiseHeadings.some((n) => h.startsWith(n));
    judged.set(s, noisy);
  }
  return noisy;
}

/** Whether an element sits in a region whose people are not the page's (a sidebar, comments, "see also"). */
export function inNoise(el: Element): boolean {
  if (el.closest(lex().noiseRegions)) return true;
  for (let s = el.parentElement, up = 0; s && up < 8; s = s.parentElement, up++)
    if (noisyHeading(s)) return true;
  return false;
}

// a mail domain's name: the label before its category ("coop" in valeverde.coop.br) and its country
const DOMAIN_NAME = new RegExp(
  `@(?:[\\w-]+\\.)*?([\\w-]+)(?:\\.(?:${DOMAIN_CATEGORIES.join('|')}))?\\.[a-z]{2,}$`,
  'i',
);

/** The company of a mail address's domain ("ana@mail.nubank.com.br" -> "Nubank"); '' for free mail. */
export function domainCompany(email: string | null | undefined): string {
  const domain = DOMAIN_NAME.exec((email ?? '').trim())?.[1] ?? '';
  return !domain || lex().freeMail.has(domain.toLowerCase())
    ? ''
    : domain.replace(/^./, (c) => c.toUpperCase());
}

/** The domain of a mail address, lower case ('' for none). */
export const domainOf = (email: string | null | undefined) =>
  /@([\w.-]+\.[a-z]{2,})$/i.exec((email ?? '').trim())?.[1]?.toLowerCase() ?? '';

/** Whether a mail address's local part names the person ("ana.souza@", "asouza@", "ana@"). */
export function addressNames(email: string, name: string): boolean {
  const local = fold(email.split('@')[0] ?? '')
    .replace(/[^a-z]/g, ' ')
    .trim();
  const words = fold(name)
    .split(' ')
    .filter((w) => !lex().particles.has(w));
  const [first = '', last = ''] = [words[0], words.at(-1)];
  const joined = local.replace(/ /g, '');
  return (
    !!first &&
    (joined === first ||
      joined.includes(first + last) ||
      joined.includes(last + first) ||
      joined === first[0] + last ||
      (local.split(' ').includes(first) && local.split(' ').includes(last)))
  );
}
