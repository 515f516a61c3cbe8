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
 * Loaded beside every reader module, on every page, on the first question: the word lists (lib/extract/lexicon.ts,
 * carried once however many readers use them) and the page reader (lib/extract/page.ts). The generic module, loaded
 * beside them all, carries the scoring of every reader's evidence (lib/extract/candidates.ts) and answers.
 */
export const WORDS_MODULE: ScriptPublicPath = '/extract-words.js';
export const PAGE_MODULE: ScriptPublicPath = '/extract-page.js';
/** The labelled fields' reader (lib/extract/fields.ts): record pages of every app, beside the page reader. */
export const FIELDS_MODULE: ScriptPublicPath = '/extract-fields.js';
/** The mail reader (lib/extract/mail.ts): the people who wrote the mail a page shows, on every page like the page reader. */
export const MAIL_MODULE: ScriptPublicPath = '/extract-mail.js';
/** The prose reader (lib/extract/prose.ts), beside the page reader: the person a page writes about in sentences. */
export const PROSE_MODULE: ScriptPublicPath = '/extract-prose.js';
export const SHARED_MODULES = [WORDS_MODULE, PAGE_MODULE, FIELDS_MODULE, MAIL_MODULE, PROSE_MODULE];
