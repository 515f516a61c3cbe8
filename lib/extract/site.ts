/**
 * What a site is, as data (`defineSite`), and the built files of the readers, with no reader code of their own, so
 * the content scripts (and the pages) that import this stay tiny: a site's definition, which carries its readers,
 * lives in lib/extract/sites/<site>.ts, and the ordered list of them in lib/extract/sites/index.ts.
 *
 * Each site has two files: a content script (`content-<site>.js`), declared in the manifest or injected, which only
 * listens; and a reader module (`extract-<site>.js`) with the extractors and the name rules, which the content script
 * loads the first time the extension asks who is on the page.
 */
import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import type { Extractor } from './types';
import type { MeetingReading } from './meeting-types';

/** A site's content script, built from entrypoints/content-<id>.ts. */
export const contentFile = (id: string) => `/content-${id}.js` as ScriptPublicPath;
/** A site's reader module, built from entrypoints/extract-<id>.ts. */
export const moduleFile = (id: string) => `/extract-${id}.js` as ScriptPublicPath;

/**
 * What a site's readers may do on the pages they know: `people`, they decide who is listed there and every other
 * reader only adds what it knows of those people (company, title, certainty); `evidence`, they only add evidence,
 * like the readers that run on every page. Where a site's readers find nobody, the other readers decide.
 */
export type Claims = 'people' | 'evidence';

/** A reader module: its file, the extractors it carries, and the meeting reader if it has one. */
export interface ReaderModule {
  module: ScriptPublicPath;
  readers: Extractor[];
  /** The meeting open on the page (calendars and invitations), read beside the people. */
  meeting?(doc: Document, url: URL): MeetingReading | null;
}

/** A site as written in lib/extract/sites/<id>.ts. */
export interface SiteInput {
  /** Names its files: entrypoints/content-<id>.ts and entrypoints/extract-<id>.ts. */
  id: string;
  /** Where the manifest declares its content script; none for a script injected on demand. */
  hosts: readonly string[];
  /** Its extractors; each says with `matches` which pages of the hosts it reads. */
  readers: Extractor[];
  /** Whether its readers decide who is listed on the pages they know, or only add evidence. */
  claims: Claims;
  /** Reader modules its pages load beside its own (web mail's meeting reader). */
  also?: ScriptPublicPath[];
}

/** A site, with its built files and its readers marked with the precedence its definition declares. */
export interface Site extends ReaderModule {
  id: string;
  file: ScriptPublicPath;
  hosts: readonly string[];
  claims: Claims;
  also?: ScriptPublicPath[];
}

/** The one description of a site: its files, its hosts, its readers and what they may decide. */
export function defineSite(site: SiteInput): Site {
  const decides = site.claims === 'people';
  return {
    ...site,
    file: contentFile(site.id),
    module: moduleFile(site.id),
    readers: site.readers.map((x) => (decides ? { ...x, decides } : x)),
  };
}

/** Loaded beside every site's reader module: the generic readers run on every page, a site's reader adds to them. */
export const GENERIC_MODULE: ScriptPublicPath = '/extract-generic.js';

/**
 * Loaded beside every reader module, on every page, on the first question: the word lists and the given names
 * (lib/extract/rules/lexicon.ts, carried once however many readers use them), and the core module: the helpers every
 * reader uses (`CORE`), which the other reader modules take from it instead of carrying their own copies.
 */
export const WORDS_MODULE: ScriptPublicPath = '/extract-words.js';
export const CORE_MODULE: ScriptPublicPath = '/extract-core.js';
/** The given names (lib/extract/rules/given-names.data.ts), in a module of their own beside the words module. */
export const NAMES_MODULE: ScriptPublicPath = '/extract-names.js';
/**
 * The readers of what every page has in common, loaded on every page: the page reader (lib/extract/evidence/page.ts) with the
 * prose reader (lib/extract/evidence/prose.ts) — what a page shows in headings, cards and sentences —; the labelled fields'
 * reader (lib/extract/evidence/fields.ts) — what a record shows in labelled fields —; and the mail reader
 * (lib/extract/evidence/mail.ts) — what a mail or a document shows in headers and written addresses. The generic module,
 * loaded beside them all, carries the scoring of every reader's evidence (lib/extract/candidates.ts) and answers.
 */
export const PAGE_MODULE: ScriptPublicPath = '/extract-page.js';
export const FIELDS_MODULE: ScriptPublicPath = '/extract-fields.js';
export const MAIL_MODULE: ScriptPublicPath = '/extract-mail.js';
/**
 * The meeting reader (lib/extract/sites/calendar.ts: a calendar's event, an invitation in a mail), in a module of its own
 * beside web mail's (`also` of the web mail site, lib/extract/sites/webmail.ts): with it, web mail's module would be over
 * the reader modules' 16 kB.
 */
export const MEETING_MODULE: ScriptPublicPath = '/extract-meeting.js';
/** Loaded on every page. */
export const SHARED_MODULES = [
  WORDS_MODULE,
  NAMES_MODULE,
  CORE_MODULE,
  PAGE_MODULE,
  FIELDS_MODULE,
  MAIL_MODULE,
];
/**
 * Built to run as they arrive; every other reader module takes its helpers from the core module, and waits for it when
 * it arrives first (wxt.config.ts). The worker injects these first.
 */
export const FIRST_MODULES: ScriptPublicPath[] = [WORDS_MODULE, NAMES_MODULE, CORE_MODULE];

/**
 * The helpers every reader module uses, carried once, by the core module (entrypoints/extract-core.ts puts them in
 * the page's shared object, `core`); the build (wxt.config.ts) has every other reader module read them from there
 * instead of bundling its own copy: by name, the source file each one is.
 */
export const CORE = {
  names: 'lib/extract/names.ts',
  dom: 'lib/extract/dom.ts',
  shared: 'lib/extract/shared.ts',
  register: 'lib/extract/register.ts',
  evidence: 'lib/extract/evidence/judge.ts',
  pageText: 'lib/extract/evidence/page-text.ts',
} as const;
