import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { readers } from './candidates';
import { GENERIC_MODULE, SHARED_MODULES } from './files';
import {
  crmScript,
  genericScript,
  githubScript,
  linkedinScript,
  sharedReaders,
  webmailScript,
  type ContentScript,
} from './scripts';

/** Every content script, the site scripts first. */
export const scripts: ContentScript[] = [
  linkedinScript,
  githubScript,
  crmScript,
  webmailScript,
  genericScript,
];

/** Every extractor: the sites' readers, the format readers, then the readers of what pages have in common. */
export const extractors = [...scripts.flatMap((s) => s.extractors), ...sharedReaders];

export const matchesOf = (script: ContentScript) => script.hosts.map((host) => `https://${host}/*`);

/** Where the manifest declares the site scripts: the sites with an extractor of their own. */
export const SITE_MATCHES = scripts.flatMap(matchesOf);

/**
 * The files to inject on demand, in order: the content script of the site reader that knows the page, else the
 * generic one; then the modules loaded on every page (the word lists and the core module first: the others take their
 * helpers from it), its reader module and the generic one (injected beside it, since a page outside the scripts'
 * sites may not load them).
 */
export function filesFor(url: string): ScriptPublicPath[] {
  let script = genericScript;
  try {
    const known = readers(extractors, new URL(url)).find((x) => x.matches);
    script = scripts.find((s) => known && s.extractors.includes(known)) ?? genericScript;
  } catch {
    // not an address: the generic reader
  }
  return [
    ...new Set([script.file, ...SHARED_MODULES, script.module, ...(script.also ?? []), GENERIC_MODULE]),
  ];
}
