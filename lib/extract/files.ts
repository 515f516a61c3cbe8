/**
 * The built files of the readers and the hosts where the manifest declares them, with no code of their own, so the
 * content scripts (and the pages) that name them stay tiny.
 *
 * Each site has two files: a content script (`content-<site>.js`), declared in the manifest or injected, which only
 * listens; and a reader module (`extract-<site>.js`) with the extractors and the name rules, which the content script
 * loads the first time the extension asks who is on the page.
 */
import type { ScriptPublicPath } from 'wxt/utils/inject-script';

export const READERS = {
  linkedin: { file: '/content-linkedin.js', module: '/extract-linkedin.js', hosts: ['www.linkedin.com'] },
  github: { file: '/content-github.js', module: '/extract-github.js', hosts: ['github.com'] },
  crm: {
    file: '/content-crm.js',
    module: '/extract-crm.js',
    hosts: ['*.hubspot.com', '*.pipedrive.com', 'crm.rdstation.com', 'plugcrm.net', '*.lightning.force.com'],
  },
  webmail: {
    file: '/content-webmail.js',
    module: '/extract-webmail.js',
    hosts: [
      'mail.google.com',
      'outlook.office.com',
      'outlook.office365.com',
      'outlook.live.com',
      'outlook.cloud.microsoft',
    ],
  },
  // none: injected on demand
  generic: { file: '/content-generic.js', module: '/extract-generic.js', hosts: [] },
} as const satisfies Record<
  string,
  { file: ScriptPublicPath; module: ScriptPublicPath; hosts: readonly string[] }
>;

/** Loaded beside every site's reader module: the generic readers run on every page, a site's reader adds to them. */
export const GENERIC_MODULE: ScriptPublicPath = READERS.generic.module;

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
 * beside web mail's (`also` of the web mail script, lib/extract/scripts.ts): with it, web mail's module would be over
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
