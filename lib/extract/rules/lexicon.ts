import { GIVEN_NAMES } from './given-names.data';
import { NAMES_MODULE, WORDS_MODULE } from '../site';
import {
  COMPANY_WORDS,
  DECORATIONS,
  FREE_MAIL,
  LABELS,
  NOISE_HEADINGS,
  NOISE_REGIONS,
  PAGE_WORDS,
  PARTICLES,
  PAST_ROLE,
  SECTION_WORDS,
  STATUS_WORDS,
  UI_WORDS,
  PLACES,
  PLATFORMS,
  PLATFORM_BOILERPLATE,
  ROLE_WORDS,
  SUFFIXES,
  type Field,
} from './words';
import { shared } from '../shared';
import type { Lexicon } from '../types';

const build = (): Lexicon => ({
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
  notCompanies: new Set([...STATUS_WORDS, ...SECTION_WORDS, ...UI_WORDS]),
  past: new Set(PAST_ROLE),
});

const installed = (file: string) => {
  const { modules } = shared();
  if (!modules.includes(file)) modules.push(file);
};

/**
 * Puts the word lists where every reader of the page finds them (the page's shared state): run by the words module
 * (entrypoints/extract-words.ts), loaded beside the reader modules when the extension first asks, so that the lists
 * cost nothing at page load and are carried in one file however many readers use them.
 */
export function installWords() {
  shared().lexicon ??= build();
  installed(WORDS_MODULE);
}

/** Puts the given names there too: run by the names module (entrypoints/extract-names.ts), loaded beside it. */
export function installNames() {
  shared().givenNames ??= new Set(GIVEN_NAMES.split(' '));
  installed(NAMES_MODULE);
}

/** Both: what the readers run in Node need (tests, benches). */
export function installLexicon() {
  installWords();
  installNames();
}
