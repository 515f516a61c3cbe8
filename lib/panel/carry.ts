import { WEBMAIL_HOSTS } from '@/lib/extract/sites/webmail-hosts';
import type { Candidate } from '@/lib/extract/types';
import type { LookupInput } from '@/lib/model';
import { fold } from '@/lib/text';

/*
 * The person the seller is working on follows them: an analysis (and its draft) stays on screen when the panel
 * moves to a tab where the seller writes, or to a page where nobody else is found. Another person on the new page
 * takes the panel, and the one before stays one click away.
 */

const WEBMAIL: readonly string[] = WEBMAIL_HOSTS;

const https = (url: string): URL | null => {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
};

/** Whether `url` is a webmail's (Gmail, Outlook on the web), over https. */
export const onWebmail = (url: string): boolean => WEBMAIL.includes(https(url)?.hostname ?? '');

/** Whether `url` is a place where the seller writes a message: webmail, or LinkedIn's messaging. */
export function writesHere(url: string): boolean {
  const u = https(url);
  return (
    !!u &&
    (WEBMAIL.includes(u.hostname) ||
      (u.hostname === 'www.linkedin.com' && /^\/messaging(\/|$)/.test(u.pathname)))
  );
}

export const personKey = (p: Pick<LookupInput, 'primeiro_nome' | 'ultimo_nome'>) =>
  fold(`${p.primeiro_nome} ${p.ultimo_nome}`);

/** Whether the page at `url` shows `person` among `candidates` (folded name). */
export const showsPerson = (
  person: Pick<LookupInput, 'primeiro_nome' | 'ultimo_nome'>,
  candidates: Candidate[],
) => candidates.some((c) => personKey(c) === personKey(person));

/**
 * Whether the analysis of `person` stays on screen on the page the panel now follows. `page` is null when the page
 * could not be read (not allowed, unsupported, failed). It stays where the page shows nobody or the same person. In
 * webmail the page's person is the open message's sender (the readers leave the mailbox's owner out): they take the
 * panel, unless the seller is writing (`composing`: a compose box has the focus). Elsewhere where the seller writes
 * (LinkedIn's messaging) it stays; on any other page, someone else takes its place.
 */
export function keepsPerson(
  person: Pick<LookupInput, 'primeiro_nome' | 'ultimo_nome'>,
  page: { url: string; candidates: Candidate[]; composing?: boolean } | null,
): boolean {
  if (!page || !page.candidates.length || showsPerson(person, page.candidates)) return true;
  if (onWebmail(page.url)) return page.composing === true;
  return writesHere(page.url);
}
