import { FIELDS_MODULE, MAIL_MODULE, PAGE_MODULE, type ReaderModule } from '../site';
import { labelled } from './fields';
import { mail } from './mail';
import { page } from './page';
import { lines, prose } from './prose';

/**
 * The page (lib/extract/evidence/page.ts), the prose and the lines (lib/extract/evidence/prose.ts) readers: on every
 * page, in one module.
 */
export const pageReaders: ReaderModule = { module: PAGE_MODULE, readers: [page, prose, lines] };

/** The labelled fields' reader (lib/extract/evidence/fields.ts): on every page. */
export const fieldsReaders: ReaderModule = { module: FIELDS_MODULE, readers: [labelled] };

/** The mail reader (lib/extract/evidence/mail.ts): on every page. */
export const mailReaders: ReaderModule = { module: MAIL_MODULE, readers: [mail] };

/**
 * The readers of what pages have in common, in their order (the registry's: page, fields, mail, prose, lines; kept by
 * lib/extract/register.ts whatever order their modules load in).
 */
export const sharedReaders = [page, labelled, mail, prose, lines];
