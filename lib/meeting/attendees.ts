import { cleanName } from '@/lib/extract/names';
import { companyFromDomain, domainOf, isFreeMail, nameFromEmail } from '@/lib/extract/email-name';
import type { MeetingReading, Response } from '@/lib/extract/meeting-types';
import type { LookupInput } from '@/lib/model';
import { fold } from '@/lib/text';

/*
 * Who of a meeting's guests the seller prepares for: the external people. The seller, colleagues on the seller's own
 * domains, rooms and group mailboxes are left out (and counted); those who declined are set apart.
 */

export interface Attendee {
  email: string;
  /** What a lookup would send (name and company only), editable by the seller. */
  input: LookupInput;
  /** Where the name came from: the page's own text, the address, or nowhere (the seller types it). */
  named: 'page' | 'address' | 'none';
  organizer: boolean;
  /** The page marks them optional. */
  optional?: boolean;
  response: Response;
}

export interface MeetingPeople {
  external: Attendee[];
  declined: Attendee[];
  /** Left out: the seller, colleagues, rooms, group mailboxes. */
  left: { self: number; colleagues: number; rooms: number; groups: number };
  /** The seller's own company domain as the page shows it (the account's), when it is not free mail. */
  learned: string | null;
}

/** A domain as stored and compared: lower-case, without "@" or "www.". */
export const normalDomain = (d: string) =>
  fold(d)
    .replace(/^.*@/, '')
    .replace(/^www\./, '')
    .replace(/[^a-z0-9.-]/g, '');

/** `domain` is one of `own`, or a sub-domain of one ("mail.acme.com.br" of "acme.com.br"). */
export const ownDomain = (domain: string, own: readonly string[]) =>
  own.some((o) => o && (domain === o || domain.endsWith(`.${o}`)));

export function meetingPeople(reading: MeetingReading, ownDomains: readonly string[]): MeetingPeople {
  const self = fold(reading.self);
  const selfDomain = domainOf(self);
  const learned = selfDomain && !isFreeMail(selfDomain) ? selfDomain : null;
  const own = [...ownDomains.map(normalDomain), ...(learned ? [learned] : [])];
  const left = { self: 0, colleagues: 0, rooms: 0, groups: 0 };
  const external: Attendee[] = [];
  const declined: Attendee[] = [];
  for (const g of reading.guests) {
    const email = fold(g.email);
    const domain = domainOf(email);
    if (email === self) left.self++;
    else if (g.kind === 'room') left.rooms++;
    else if (g.kind === 'group') left.groups++;
    else if (ownDomain(domain, own)) left.colleagues++;
    else {
      const shown = cleanName(g.name);
      const [first = '', ...rest] = shown.split(' ');
      const fromAddress = shown ? null : nameFromEmail(email);
      const input: LookupInput = {
        primeiro_nome: shown ? first : (fromAddress?.primeiro_nome ?? ''),
        ultimo_nome: shown ? rest.join(' ') : (fromAddress?.ultimo_nome ?? ''),
        empresa: companyFromDomain(domain),
      };
      const a: Attendee = {
        email,
        input,
        named: shown ? 'page' : fromAddress ? 'address' : 'none',
        organizer: g.organizer,
        response: g.response,
        ...(g.optional ? { optional: true } : {}),
      };
      (g.response === 'declined' ? declined : external).push(a);
    }
  }
  // the organizer first, then the page's order
  const first = (list: Attendee[]) => [
    ...list.filter((a) => a.organizer),
    ...list.filter((a) => !a.organizer),
  ];
  return { external: first(external), declined, left, learned };
}

const DOMAIN =
  /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/;
/** The most own domains kept. */
export const MAX_OWN_DOMAINS = 20;

/** "Domínios da minha empresa" as typed (one a line, or separated by commas): the domains, and what is not one. */
export function parseDomains(text: string): { domains: string[]; invalid: string[] } {
  const domains: string[] = [];
  const invalid: string[] = [];
  for (const raw of text.split(/[\n,;\s]+/)) {
    const line = raw.trim();
    if (!line) continue;
    const d = normalDomain(line);
    if (
      !DOMAIN.test(d) ||
      line
        .replace(/^.*@/, '')
        .replace(/^www\./i, '')
        .toLowerCase() !== d
    )
      invalid.push(line);
    else if (!domains.includes(d)) domains.push(d);
  }
  return { domains: domains.slice(0, MAX_OWN_DOMAINS), invalid };
}
