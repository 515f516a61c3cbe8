import type { ScriptPublicPath } from 'wxt/utils/inject-script';
import type { Extractor } from './types';
import { crms } from './sites/crm';
import { github } from './sites/github';
import { hcard } from './evidence/hcard';
import { jsonld } from './evidence/jsonld';
import { linkedin } from './sites/linkedin';
import { metaAuthor } from './evidence/meta-author';
import { microdata } from './evidence/microdata';
import { opengraph } from './evidence/opengraph';
import { page } from './evidence/page';
import { teamPage } from './evidence/team-page';
import { gmail, outlook } from './sites/webmail';
import { googleCalendar, readMeeting } from './sites/calendar';
import type { MeetingReading } from './meeting-types';
import { FIELDS_MODULE, MAIL_MODULE, MEETING_MODULE, PAGE_MODULE, READERS } from './files';
import { labelled } from './evidence/fields';
import { mail } from './evidence/mail';
import { lines, prose } from './evidence/prose';

/**
 * A content script (built from entrypoints/<file>.ts), the reader module it loads when asked
 * (entrypoints/extract-<site>.ts) and the extractors that module carries. Each page gets the generic extractors and
 * those of its own site, and only once the extension asks.
 */
export interface ContentScript {
  /** Type-checked against the built files. */
  file: ScriptPublicPath;
  module: ScriptPublicPath;
  /** Where the manifest declares it; none for the generic script, which is injected on demand. */
  hosts: readonly string[];
  extractors: Extractor[];
  /** Reader modules its pages load beside `module` (the web mail script's meeting reader). */
  also?: ScriptPublicPath[];
  /** The meeting open on the page (calendars and invitations), read beside the people. */
  meeting?(doc: Document, url: URL): MeetingReading | null;
}

export const linkedinScript: ContentScript = {
  ...READERS.linkedin,
  extractors: [linkedin],
};

export const githubScript: ContentScript = {
  ...READERS.github,
  extractors: [github],
};

export const crmScript: ContentScript = {
  ...READERS.crm,
  extractors: crms,
};

export const webmailScript: ContentScript = {
  ...READERS.webmail,
  // Google Calendar too: it has no script of its own (a declared one would ask for its site at install); this
  // module is injected there on the user's gesture, like the generic reader elsewhere
  extractors: [gmail, outlook, googleCalendar],
  also: [MEETING_MODULE],
};

/** The meeting reader (lib/extract/sites/calendar.ts), the web mail script's second module: it lists nobody. */
export const meetingReaders = { module: MEETING_MODULE, extractors: [], meeting: readMeeting };

export const genericScript: ContentScript = {
  ...READERS.generic,
  extractors: [jsonld, microdata, hcard, opengraph, metaAuthor, teamPage],
};

/**
 * The page (lib/extract/evidence/page.ts), the prose and the lines (lib/extract/evidence/prose.ts) readers: on every page, in one module.
 */
export const pageReaders = { module: PAGE_MODULE, extractors: [page, prose, lines] };

/** The labelled fields' reader (lib/extract/evidence/fields.ts): on every page. */
export const fieldsReaders = { module: FIELDS_MODULE, extractors: [labelled] };

/** The mail reader (lib/extract/evidence/mail.ts): on every page. */
export const mailReaders = { module: MAIL_MODULE, extractors: [mail] };

/**
 * The readers of what pages have in common, in their order (the registry's: page, fields, mail, prose, lines; kept by
 * lib/extract/register.ts whatever order their modules load in).
 */
export const sharedReaders = [page, labelled, mail, prose, lines];
