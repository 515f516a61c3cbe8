import { READERS } from '@/lib/extract/files';
import type { Candidate } from '@/lib/extract/types';
import type { LookupInput } from '@/lib/model';
import { fold } from '@/lib/text';

/*
 * The person the seller is working on follows them: an analysis (and its draft) stays on screen when the panel
 * moves to a tab where the seller writes, or to a page where nobody else is found. Another person on the new page
 * takes the panel, and the one before stays one click away.
 */

const WEBMAIL = READERS.webmail.hosts as readonly string[];

/** Whether `url` is a place where the seller writes a message: webmail, or LinkedIn's messaging. */
export function writesHere(url: string): boolean {
  try {
    const { protocol, hostname, pathname } = new URL(url);
    if (protocol !== 'https:') return false;
    return (
      WEBMAIL.includes(hostname) || (hostname === 'www.linkedin.com' && /^\/messaging(\/|$)/.test(pathname))
    );
  } catch {
    return false;
  }
}

const personKey = (p: Pick<LookupInput, 'primeiro_nome' | 'ultimo_nome'>) =>
  fold(`${p.primeiro_nome} ${p.ultimo_nome}`);

/** Whether the page at `url` shows `person` among `candidates` (folded name). */
export const showsPerson = (
  person: Pick<LookupInput, 'primeiro_nome' | 'ultimo_nome'>,
  candidates: Candidate[],
) => candidates.some((c) => personKey(c) === personKey(person));

/**
 * Whether the analysis of `person` stays on screen on the page the panel now follows. `page` is null when the page
 * could not be read (not allowed, unsupported, failed). It stays where the seller writes, where the page shows
 * nobody or the same person; it gives way where the page shows someone else.
 */
export function keepsPerson(
  person: Pick<LookupInput, 'primeiro_nome' | 'ultimo_nome'>,
  page: { url: string; candidates: Candidate[] } | null,
): boolean {
  if (!page || !page.candidates.length || writesHere(page.url)) return true;
  return showsPerson(person, page.candidates);
}
