/**
 * The built files of the readers, with no code of their own, so the content scripts that name them stay tiny.
 *
 * Each site has two files: a content script (`content-<site>.js`), declared in the manifest or injected, which only
 * listens; and a reader module (`extract-<site>.js`) with the extractors and the name rules, which the content script
 * loads the first time the extension asks who is on the page.
 */
import type { ScriptPublicPath } from 'wxt/utils/inject-script';

export const READERS = {
  linkedin: { file: '/content-linkedin.js', module: '/extract-linkedin.js' },
  github: { file: '/content-github.js', module: '/extract-github.js' },
  crm: { file: '/content-crm.js', module: '/extract-crm.js' },
  webmail: { file: '/content-webmail.js', module: '/extract-webmail.js' },
  generic: { file: '/content-generic.js', module: '/extract-generic.js' },
} as const satisfies Record<string, { file: ScriptPublicPath; module: ScriptPublicPath }>;

/** Also loaded by a site script on a page of its site that no site extractor reads (a LinkedIn article). */
export const GENERIC_MODULE: ScriptPublicPath = READERS.generic.module;
