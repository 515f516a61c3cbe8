import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import type { Extractor } from './types';
import { crms } from './crm';
import { github } from './github';
import { hcard } from './hcard';
import { jsonld } from './jsonld';
import { linkedin } from './linkedin';
import { metaAuthor } from './meta-author';
import { microdata } from './microdata';
import { opengraph } from './opengraph';
import { teamPage } from './team-page';
import { gmail, outlook } from './webmail';

/**
 * A content script (built from entrypoints/<file>.ts) and the extractors it carries. Each page gets only the
 * extractors of its own site, so every script stays small.
 */
export interface ContentScript {
  /** Type-checked against the built files. */
  file: ScriptPublicPath;
  /** Where the manifest declares it; none for the generic script, which is injected on demand. */
  hosts: string[];
  extractors: Extractor[];
}

/** Also loaded by a site script on a page of its site that no site extractor reads (a LinkedIn article). */
export const GENERIC_FILE: ScriptPublicPath = '/content-generic.js';

export const linkedinScript: ContentScript = {
  file: '/content-linkedin.js',
  hosts: ['www.linkedin.com'],
  extractors: [linkedin],
};

export const githubScript: ContentScript = {
  file: '/content-github.js',
  hosts: ['github.com'],
  extractors: [github],
};

export const crmScript: ContentScript = {
  file: '/content-crm.js',
  hosts: ['*.hubspot.com', '*.pipedrive.com', 'crm.rdstation.com', 'plugcrm.net', '*.lightning.force.com'],
  extractors: crms,
};

export const webmailScript: ContentScript = {
  file: '/content-webmail.js',
  hosts: [
    'mail.google.com',
    'outlook.office.com',
    'outlook.office365.com',
    'outlook.live.com',
    'outlook.cloud.microsoft',
  ],
  extractors: [gmail, outlook],
};

export const genericScript: ContentScript = {
  file: GENERIC_FILE,
  hosts: [],
  extractors: [jsonld, microdata, hcard, opengraph, metaAuthor, teamPage],
};
