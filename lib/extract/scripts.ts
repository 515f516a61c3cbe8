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
import { page } from './page';
import { teamPage } from './team-page';
import { gmail, outlook } from './webmail';
import { googleCalendar, readMeeting } from './calendar';
import type { MeetingReading } from './meeting-types';
import { FIELDS_MODULE, MAIL_MODULE, MEETING_MODULE, PAGE_MODULE, READERS } from './files';
import { labelled } from './fields';
import { mail } from './mail';
import { lines, prose } from './prose';

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

/** The meeting reader (lib/extract/calendar.ts), the web mail script's second module: it lists nobody. */
export const meetingReaders = { module: MEETING_MODULE, extractors: [], meeting: readMeeting };

export const genericScript: ContentScript = {
  ...READERS.generic,
  extractors: [jsonld, microdata, hcard, opengraph, metaAuthor, teamPage],
};

/**
 * The page (lib/extract/page.ts), the prose and the lines (lib/extract/prose.ts) readers: on every page, in one module.
 */
export const pageReaders = { module: PAGE_MODULE, extractors: [page, prose, lines] };

/** The labelled fields' reader (lib/extract/fields.ts): on every page. */
export const fieldsReaders = { module: FIELDS_MODULE, extractors: [labelled] };

/** The mail reader (lib/extract/mail.ts): on every page. */
export const mailReaders = { module: MAIL_MODULE, extractors: [mail] };

/**
 * The readers of what pages have in common, in their order (the registry's: page, fields, mail, prose, lines; kept by
 * lib/extract/register.ts whatever order their modules load in).
 */
export const sharedReaders = [page, labelled, mail, prose, lines];
