import { fold } from '../text';
import { FREE_MAIL as FREE_MAIL_PROVIDERS } from './rules/words';
import {
  ADDRESS_PARTICLE as PARTICLE,
  DOMAIN_PREFIX as PREFIX,
  DOMAIN_SUFFIX as SUFFIX,
  MAILBOX_LISTS,
  MAILBOX_PLACES,
  MAILBOX_ROLES,
} from './rules/address';

/*
 * A guest shown only as an e-mail address: a name read from the address and a company read from its domain. Both
 * are guesses the seller can edit; both stay empty rather than turn a mailbox, a role or a place into a person.
 */

/** Free-mail providers (the label before the public suffix, the rules' table): their domain names no company. */
const FREE_MAIL = new RegExp(`^(?:${FREE_MAIL_PROVIDERS.join('|')})$`);

/** Each word capitalised; the small words of names stay lower-case ("Ana Paula da Silva"). */
const capital = (w: string, i: number) => (i > 0 && PARTICLE.test(w) ? w : w[0]!.toUpperCase() + w.slice(1));

/** An e-mail address in a text. */
export const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** The mailbox's own address in a webmail's title ("Assunto - ana@acme.com - Gmail"), lower-case; '' if none. */
export const titleAddress = (title: string) =>
  (/[^\s<>]+@[^\s<>]+(?= - )/.exec(title)?.[0] ?? '').toLowerCase();

/** The address split at its last "@", lower-case; null for anything that is not one. */
export function emailParts(address: string): { local: string; domain: string } | null {
  const m =
    /^([^\s@<>"'`]{1,64})@([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+)$/i.exec(
      address.trim(),
    );
  return m ? { local: m[1]!.toLowerCase(), domain: m[2]!.toLowerCase() } : null;
}

/** Not a word of a person's name: a role, a list or a place. */
export const notName = (w: string) => MAILBOX_ROLES.has(w) || MAILBOX_LISTS.has(w) || MAILBOX_PLACES.has(w);
/** Not a company: a role or a place ("Grupo Boticário" is one). */
const notCompany = (w: string) => MAILBOX_ROLES.has(w) || MAILBOX_PLACES.has(w);

/**
 * The name an address spells: `ana.paula.ribeiro@…` → Ana / Paula Ribeiro, `joao_silva@…` → Joao / Silva (an address
 * carries no accents; the seller edits). Null when the address does not spell a person: initials, digits, a role or
 * team mailbox, a room or a place.
 */
export function nameFromEmail(address: string): { primeiro_nome: string; ultimo_nome: string } | null {
  const parts = emailParts(address);
  if (!parts) return null;
  // "ana+news" is ana; each word of the rest is letters only
  const words = parts.local
    .split('+')[0]!
    .split(/[._-]+/)
    .filter(Boolean);
  if (!words.length || words.length > 5) return null;
  if (words.some((w) => !/^[a-z]+$/.test(w) || notName(w))) return null;
  // "aribeiro", "a.ribeiro": an initial alone is not a first name
  if (words[0]!.length < 2 || words.every((w) => w.length < 3)) return null;
  const [first, ...rest] = words.filter((w, i) => i === 0 || w.length > 1 || PARTICLE.test(w)).map(capital);
  return { primeiro_nome: first!, ultimo_nome: rest.join(' ') };
}

/** Where a domain's name ends: before its top-level label and the generic ones before it ("acme" in acme.com.br). */
function nameEnd(labels: string[]): number {
  let end = labels.length - 1;
  while (end > 1 && SUFFIX.test(labels[end - 1]!)) end--;
  return end;
}
// names of three letters or fewer read as acronyms: "ibm.com" -> IBM, "xp.com.br" -> XP
const ACRONYM_MAX = 3;

/**
 * A readable company from an address's domain: `mail.grupo-boticario.com.br` → "Grupo Boticario", `ibm.com` → "IBM".
 * '' for a free-mail provider, a role or place word, or a domain without a readable name.
 */
export function companyFromDomain(domain: string): string {
  const labels = fold(domain).replace(/^@/, '').split('.').filter(Boolean);
  if (labels.length < 2 || labels.some((l) => !/^[a-z0-9-]+$/.test(l))) return '';
  const end = nameEnd(labels);
  let start = 0;
  while (start < end - 1 && PREFIX.test(labels[start]!)) start++;
  // the company is the label just before the public suffix ("vendas.acme.com.br" is Acme)
  const name = labels[end - 1] ?? '';
  if (!name || start >= end) return '';
  if (FREE_MAIL.test(name) || /\d/.test(name) || name.length < 2) return '';
  const words = name.split('-').filter(Boolean);
  if (!words.length || words.some(notCompany)) return '';
  return words
    .map((w) =>
      words.length === 1 && w.length <= ACRONYM_MAX ? w.toUpperCase() : w[0]!.toUpperCase() + w.slice(1),
    )
    .join(' ');
}

/** The domain of an address, lower-case; '' for none. */
export const domainOf = (address: string) => emailParts(address)?.domain ?? '';

/** A free-mail address or domain ("ana@gmail.com", "hotmail.com.br"). */
export function isFreeMail(addressOrDomain: string): boolean {
  const domain = addressOrDomain.includes('@') ? domainOf(addressOrDomain) : fold(addressOrDomain);
  return FREE_MAIL.test(domain.split('.')[nameEnd(domain.split('.')) - 1] ?? '');
}
