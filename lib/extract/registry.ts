import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { readers } from './candidates';
import {
  crmScript,
  genericScript,
  githubScript,
  linkedinScript,
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

/** Every extractor, the site extractors first. */
export const extractors = scripts.flatMap((s) => s.extractors);

export const matchesOf = (script: ContentScript) => script.hosts.map((host) => `https://${host}/*`);

/** Where the manifest declares the site scripts: the sites with an extractor of their own. */
export const SITE_MATCHES = scripts.flatMap(matchesOf);

/**
 * The files to inject on demand, in order: the content script whose extractor reads the page, else the generic one,
 * and its reader module (injected beside it, since a page outside the scripts' sites may not load it).
 */
export function filesFor(url: string): ScriptPublicPath[] {
  let script = genericScript;
  try {
    const [first] = readers(extractors, new URL(url));
    script = scripts.find((s) => first && s.extractors.includes(first)) ?? genericScript;
  } catch {
    // not an address: the generic reader
  }
  return [script.file, script.module];
}
