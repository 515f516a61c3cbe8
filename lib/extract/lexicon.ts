import { GIVEN_NAMES } from './given-names.data';
import { WORDS_MODULE } from './files';
import {
  COMPANY_WORDS,
  DECORATIONS,
  FREE_MAIL,
  LABELS,
  NOISE_HEADINGS,
  NOISE_REGIONS,
  PAGE_WORDS,
  PARTICLES,
  PLACES,
  PLATFORMS,
  PLATFORM_BOILERPLATE,
  ROLE_WORDS,
  SUFFIXES,
  type Field,
} from './rules';
import { shared } from './shared';
import type { Lexicon } from './types';

/** The front-coded list (tests/data/given-names.ts) as a set of folded given names. */
export function decodeNames(coded: string): Set<string> {
  const names = new Set<string>();
  let prev = '';
  for (const [, keep, rest] of coded.matchAll(/(\d)([^\d]+)/g))
    names.add((prev = prev.slice(0, +keep!) + rest));
  return names;
}

const build = (): Lexicon => ({
  names: decodeNames(GIVEN_NAMES),
  particles: new Set(PARTICLES),
  suffixes: new Set(SUFFIXES),
  places: new Set(PLACES),
  freeMail: new Set(FREE_MAIL),
  platforms: new Set(PLATFORMS),
  boilerplate: new Set(PLATFORM_BOILERPLATE),
  pageWords: new Set(PAGE_WORDS),
  decorations: new Set(DECORATIONS),
  companyWords: new Set(COMPANY_WORDS),
  roleWords: new Set(ROLE_WORDS.filter((w) => !w.endsWith('*'))),
  rolePrefixes: ROLE_WORDS.filter((w) => w.endsWith('*')).map((w) => w.slice(0, -1)),
  labels: new Map(
    (Object.entries(LABELS) as [Field, readonly string[]][]).flatMap(([field, words]) =>
      words.map((w) => [w, field] as const),
    ),
  ),
  noiseRegions: NOISE_REGIONS,
  noiseHeadings: NOISE_HEADINGS,
});

/**
 * Puts the word lists where every reader of the page finds them (the page's shared state): run by the words module
 * (entrypoints/extract-words.ts), loaded beside the reader modules when the extension first asks, so that the lists
 * cost nothing at page load and are carried in one file however many readers use them.
 */
export function installLexicon() {
  const s = shared();
  s.lexicon ??= build();
  if (!s.modules.includes(WORDS_MODULE)) s.modules.push(WORDS_MODULE);
}
