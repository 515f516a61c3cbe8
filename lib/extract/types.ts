import type { Field } from './rules/words';

/** The most people one reading of a page gives (what a content script answers is cut to it, and checked). */
export const MAX_CANDIDATES = 50;

/** A person found on a page, in the API's own input names so it can be sent as it is (after the user checks it). */
export interface Candidate {
  primeiro_nome: string;
  ultimo_nome: string;
  empresa: string;
  cargo?: string;
  /** 0..1: how sure the extractor is that this is a person with that company. */
  confidence: number;
  /** Id of the extractor that found it, e.g. `linkedin`, `jsonld`, `hcard`. */
  source: string;
}

export interface Extractor {
  id: string;
  /** Cheap URL test; extractors without it run on every page. */
  matches?(url: URL): boolean;
  extract(doc: Document, url: URL): Candidate[];
  /**
   * A reader's word on who is NOT the page's person although the page still shows them (folded names): a
   * single-page site keeps the previous page's title, meta tags and JSON after in-app navigation; a call's roster
   * marks the viewer's own row. Whoever reads them, they are not listed.
   */
  others?(doc: Document, url: URL): string[];
  /**
   * Whether it decides who is listed on the pages it reads (the other readers only add evidence there): set from its
   * site's definition (`claims`, lib/extract/site.ts), never by the reader itself.
   */
  decides?: boolean;
}

/** The tables of lib/extract/rules/words.ts and the given names, ready to look words up in. */
export interface Lexicon {
  particles: Set<string>;
  suffixes: Set<string>;
  places: Set<string>;
  freeMail: Set<string>;
  platforms: Set<string>;
  /** Words a platform writes around its name ("photos and videos"). */
  boilerplate: Set<string>;
  pageWords: Set<string>;
  decorations: Set<string>;
  companyWords: Set<string>;
  roleWords: Set<string>;
  rolePrefixes: string[];
  labels: Map<string, Field>;
  noiseRegions: string;
  noiseHeadings: string[];
  /** Texts that are a status or a part of an app, never a company (rules.ts STATUS_WORDS, SECTION_WORDS, UI_WORDS). */
  notCompanies?: Set<string>;
  /** Words that put a role or an employer in the past (rules.ts PAST_ROLE). */
  past?: Set<string>;
}
