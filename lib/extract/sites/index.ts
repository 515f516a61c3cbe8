import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import { readers } from '../candidates';
import { GENERIC_MODULE, SHARED_MODULES, type Site } from '../site';
import { sharedReaders } from '../evidence/modules';
import linkedin from './linkedin';
import github from './github';
import crm from './crm';
import webmail from './webmail';
import generic from './generic';

/**
 * Every site, in order: the sites with readers of their own first, then any other site. The order is part of the
 * answer: equally sure readings of one person keep the first reader's name.
 */
export const sites: Site[] = [linkedin, github, crm, webmail, generic];

/** Every extractor: the sites' readers, the format readers, then the readers of what pages have in common. */
export const extractors = [...sites.flatMap((s) => s.readers), ...sharedReaders];

export const matchesOf = (site: Site) => site.hosts.map((host) => `https://${host}/*`);

/** Where the manifest declares the site scripts: the sites with an extractor of their own. */
export const SITE_MATCHES = sites.flatMap(matchesOf);

/**
 * The files to inject on demand, in order: the content script of the site whose reader knows the page, else the
 * generic one; then the modules loaded on every page (the word lists and the core module first: the others take their
 * helpers from it), its reader module and the generic one (injected beside it, since a page outside the scripts'
 * sites may not load them).
 */
export function filesFor(url: string): ScriptPublicPath[] {
  let site = generic;
  try {
    const page = new URL(url);
    site = sites.find((s) => readers(s.readers, page).some((x) => x.matches)) ?? generic;
  } catch {
    // not an address: the generic reader
  }
  return [...new Set([site.file, ...SHARED_MODULES, site.module, ...(site.also ?? []), GENERIC_MODULE])];
}
