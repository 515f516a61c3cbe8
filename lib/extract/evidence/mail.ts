import type { Candidate, Extractor } from '../types';
import { all, once, text } from '../dom';
import {
  addressNames,
  domainCompany,
  domainOf,
  fieldOf,
  hasCompanyWord,
  inNoise,
  isGivenName,
  isRole,
  nameScore,
} from './judge';
import { addresses, company } from './page-text';
import { EMAIL } from '../email-name';
import { cleanName, found, person, splitRole, tidy } from '../names';
import {
  ACCOUNT_LABELS,
  MAIL_TITLE_WORDS,
  PARTICLES,
  QUOTE_REGIONS,
  RECIPIENT_LABELS,
  SENDER_LABELS,
} from '../rules/words';
import { fold } from '../../text';

/*
 * The mail reader: on any page that shows mail (a webmail's thread or reading pane, a message printed or published),
 * the people who wrote it, whatever the site. Not the mailbox's owner (named by the page's title, its account button,
 * the "Para:" line of a message they received), not colleagues on the owner's domain, not the recipients; the
 * company from the sender's signature (the lines under their name), else the domain's name as the page writes it,
 * else a readable form of the domain.
 */

const EMAILS = new RegExp(EMAIL.source, 'g');
const emailsIn = (s: string | null | undefined) => (s ?? '').toLowerCase().match(EMAILS) ?? [];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** "De: Ana", "para mim, cc: …": a line (or label) that begins with one of `labels`. */
const labelled = (labels: readonly string[]) =>
  new RegExp(`^(?:${labels.map(escape).join('|')})(?:\\s*:\\s*|\\s+)`, 'i');
const SENDER = labelled(SENDER_LABELS);
const RECIPIENT = new RegExp(`(?:^|[\\s,;])(?:${RECIPIENT_LABELS.map(escape).join('|')})(?:\\s*:|\\s)`);
// where a web app shows whose account it is
const OWNER_AT = [
  'header,[role=banner],[id*=header i],[id*=MainLink_Me i]',
  ...ACCOUNT_LABELS.map((a) => `[aria-label^="${a}" i]`),
].join(',');
/** The page's main content, where a message's own header is (Roundcube's #message-header). */
const MESSAGE_AREA = 'main,[role=main],article';
const RECIPIENT_LABEL = new Set(RECIPIENT_LABELS);
const SENDER_LABEL = new Set(SENDER_LABELS);
/** A label's words: "Para:" → "para". */
const labelOf = (el: Element | null | undefined) => fold(text(el)).replace(/\s*:$/, '');
/** Whether a region labels a message's sender: a cell or a term that reads "De", "From", "Remetente". */
const labelsSender = (region: Element) =>
  all(region, 'td,th,dt,label,span,b,strong', 100).some(
    (e) => !e.childElementCount && SENDER_LABEL.has(labelOf(e)),
  );
/** The separators of a signature's one-line form ("Ana Souza | Gerente | Acme", "Ana · Acme"). */
const SEPARATOR = /\s*[|•·—–]\s*/;
const SMALL = new Set([...PARTICLES, '&', 'of', 'and', 'em', 'para', 'na', 'no', 'at', 'in']);

/** Whether a company's domain, not a free mail provider's. */
const companyDomain = (domain: string) => !!domain && !!domainCompany(`x@${domain}`);

/** The mailbox on screen: its owner's addresses and names, and the domains of the owner's company. */
export interface Mailbox {
  addresses: Set<string>;
  names: Set<string>;
  domains: Set<string>;
}

/**
 * Who owns the mailbox: the addresses and names of the page's title when it is a mailbox's ("Email - Ana Souza -
 * Outlook", "Assunto - ana@acme.com - Gmail"), of the account button ("Gerenciador de contas de Ana Souza"), and any
 * address the page shows under one of those names.
 */
export function mailbox(doc: Document, shown: [email: string, name: string][]): Mailbox {
  const parts = tidy(doc.title)
    .split(/\s+[-–—|]\s+/)
    .map((p) => tidy(p));
  const addresses = new Set(emailsIn(doc.title));
  const names = new Set<string>();
  if (!addresses.size && parts.some((p) => MAIL_TITLE_WORDS.includes(fold(p))))
    for (const p of parts) if (nameScore(cleanName(p)) >= 0.5) names.add(fold(cleanName(p)));
  for (const el of all(doc, OWNER_AT, 20)) {
    const label = tidy(el.getAttribute('aria-label'));
    const account = ACCOUNT_LABELS.find((a) => fold(label).startsWith(a));
    // a message's own header (in the page's main content, or labelling its sender) is not the app's
    if (!account && (el.closest(MESSAGE_AREA) || labelsSender(el))) continue;
    if (account) {
      const name = cleanName(label.slice(account.length).replace(EMAILS, ''));
      if (nameScore(name)) names.add(fold(name));
    }
    const own = [el, ...all(el, '[aria-label*="@"],[title*="@"]', 10)];
    for (const e of own)
      for (const a of emailsIn(`${e.getAttribute('aria-label')} ${e.getAttribute('title')}`))
        addresses.add(a);
    if (el.tagName === 'HEADER' || el.getAttribute('role') === 'banner') {
      const bar = emailsIn(el.textContent?.slice(0, 2000));
      bar.forEach((a) => addresses.add(a));
      // the account's name beside its address, which spells it ("Luana Ferraz", luana.ferraz@…)
      for (const e of bar.length ? all(el, '*', 200) : []) {
        const n = e.childElementCount ? '' : cleanName(text(e));
        if (n && bar.some((a) => addressNames(a, n))) names.add(fold(n));
      }
    }
  }
  for (const [email, name] of shown) if (names.has(fold(name))) addresses.add(email);
  return { addresses, names, domains: new Set([...addresses].map(domainOf).filter(companyDomain)) };
}

/** The text lines of the page's messages, quotes left out (the owner's earlier words and signature). */
export function messageLines(root: Element, max = 4000): string[] {
  const out: string[] = [];
  let line = '';
  const end = () => {
    if (line.trim()) out.push(tidy(line));
    line = '';
  };
  // an explicit stack, not recursion (5,000 nested elements never overflow the call stack); END closes a block
  const END = 0;
  const stack: (Node | typeof END)[] = [];
  const children = (of: Node) => {
    for (let n = of.lastChild; n; n = n.previousSibling) stack.push(n);
  };
  children(root);
  while (stack.length && out.length < max) {
    const n = stack.pop()!;
    if (n === END) {
      end();
      continue;
    }
    if (n.nodeType === 3) line += n.nodeValue;
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (/^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(el.tagName) || el.matches(QUOTE_REGIONS)) continue;
    if (!/^(SPAN|A|B|STRONG|I|EM|U|FONT|SMALL|LABEL|IMG)$/.test(el.tagName)) {
      end();
      stack.push(END);
    }
    children(el);
  }
  end();
  return out;
}

/** A sentence, not a name of anything: lower-case words that are not the small words of names ("Enviado do meu iPhone"). */
const sentence = (s: string) =>
  s.split(' ').some((w) => /^\p{Ll}/u.test(w) && !SMALL.has(fold(w))) ||
  /[.!?]$/.test(s.replace(/\b(?:S\.A|Ltd|Inc|Co)\.$/i, ''));

/** A text that names a company: short, not a sentence, a place, a phone, an address, a role or a person's name. */
export function companyText(raw: string): string {
  const s = tidy(raw);
  // not a sentence, a site ("vtex.com"), a label or a list ("Obrigatório: Ana; Rui")
  if (!s || s.length > 60 || s.split(' ').length > 6 || sentence(s) || /\S\.[a-z]{2,}(?:\/|$)|[:;]/i.test(s))
    return '';
  if (isRole(s) || nameScore(s) >= 0.5) return '';
  return company(s);
}

/**
 * The title and the company a sender's signature gives: the lines under the last line that begins with their name
 * (the name's line may go on: "Ana Souza | Gerente | Acme | Recife - PE"); '' for what it does not say. The company is
 * never a place, a phone, an address, a role, a sentence or a person.
 */
export function signatureOf(lines: string[], name: string): { role: string; company: string } {
  const key = fold(name);
  const at = lines.findLastIndex((l) => fold(l).startsWith(key) && !EMAIL.test(l));
  let role = '';
  let firm = '';
  if (!key || at < 0) return { role, company: firm };
  const segments = [
    ...lines[at]!.split(SEPARATOR).slice(1),
    ...lines.slice(at + 1, at + 7).flatMap((l) => l.split(SEPARATOR)),
  ];
  for (const seg of segments) {
    const s = tidy(seg);
    // the next person's name: another signature
    if (!s || nameScore(cleanName(s)) >= 0.5) break;
    const [title = '', where = ''] = (isRole(s) && splitRole(s)) || [];
    if (!role && isRole(s) && !sentence(s))
      [role, firm] = title ? [title, firm || companyText(where)] : [s, firm];
    else if (!firm) firm = companyText(s);
    if (role && firm) break;
  }
  return { role, company: firm };
}

/**
 * The company as the page writes its domain's name: a line (or a part of one) whose folded letters are the domain's
 * word ("atacadaoportoreal" -> "Atacadão Porto Real"), or hold it beside a company word ("valesereno" -> "Hospital
 * Vale Sereno"); '' for none.
 */
export function writtenAs(lines: string[], domain: string): string {
  const word = fold(domainCompany(`x@${domain}`)).replace(/[^a-z0-9]/g, '');
  if (word.length < 3) return '';
  let near = '';
  for (const l of lines)
    for (const part of l.split(SEPARATOR)) {
      const letters = fold(part).replace(/[^a-z0-9]/g, '');
      if (!letters.includes(word)) continue;
      const c = companyText(part);
      if (c && letters === word) return c;
      if (c && !near && hasCompanyWord(c)) near = c;
    }
  return near;
}

/** The sender of a header labelled so ("De: Ana Souza", "From: …"), with the address inside it when it shows one. */
function labelledSenders(doc: Document): [email: string, name: string, el: Element][] {
  const out: [string, string, Element][] = [];
  for (const el of all(doc, '[aria-label]', 500)) {
    const label = tidy(el.getAttribute('aria-label'));
    const m = SENDER.exec(label);
    if (!m || inNoise(el)) continue;
    const email =
      emailsIn(
        `${el.textContent} ${all(el, '[title*="@"]', 3)
          .map((e) => e.getAttribute('title'))
          .join(' ')}`,
      )[0] ?? '';
    out.push([email, cleanName(label.slice(m[0].length).replace(EMAILS, '')), el]);
  }
  return out;
}

/** The name an address's element shows ("Ana Souza", "Ana Souza <ana@acme.com>"). */
const shownName = (el: Element) =>
  cleanName(
    el.getAttribute('name') ||
      text(el)
        .replace(EMAILS, '')
        .replace(/[<>()]/g, ' '),
  );

/** Whether "Para:", "To:", "Cc:" stands before the element in its line ("para mim, Joana"). */
function inlineRecipient(el: Element): boolean {
  let before = '';
  for (let n = el.previousSibling; n && before.length < 300; n = n.previousSibling)
    before = `${n.textContent} ${before}`;
  return RECIPIENT.test(fold(before));
}

/**
 * A recipient in a mail's header: "Para:", "To:", "Cc:" stands before the element in its line ("para mim, Joana"),
 * or is the label of the cell or field it sits in (a headers table's "Para" cell, a "Cc" term before its value).
 */
function recipient(el: Element): boolean {
  if (inlineRecipient(el)) return true;
  for (let e: Element | null = el, up = 0; e && up < 3; e = e.parentElement, up++) {
    const label = labelOf(e.previousElementSibling);
    if (RECIPIENT_LABEL.has(label)) return true;
    if (SENDER_LABEL.has(label)) return false;
  }
  return false;
}

/** An element's text that is one address and nothing else ("ana.souza@acme.com"). */
const ADDRESS_ONLY = new RegExp(`^${EMAIL.source}$`);
/** Where a web app shows its signed-in user: its header, its top bar, its navigation. */
const APP_BAR = 'header,[role=banner],nav,[class*=navbar i]';

/** The name an address spells as a given name and a surname ("jessica.holloway@…" → "Jessica Holloway"); '' for none. */
export function spelledName(email: string): string {
  const words = (email.split('@')[0] ?? '').split(/[._-]+/);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
  return words.length === 2 &&
    words.every((w) => /^[a-z]{2,}$/.test(w)) &&
    isGivenName(words[0]!) &&
    nameScore(name) &&
    // "junior.ana@": a word that is a given name and a grade both is no sure spelling of a name
    !isRole(name)
    ? name
    : '';
}

/**
 * The elements of no element of their own whose text holds an '@', in the page's order: found by walking the page's
 * texts (a large page's thousands of elements are never each read and tidied).
 */
function atSigns(doc: Document): Element[] {
  const out = new Set<Element>();
  if (!doc.body) return [];
  const walker = doc.createTreeWalker(doc.body, 4 /* NodeFilter.SHOW_TEXT */);
  for (let n = walker.nextNode(), seen = 0; n && seen < 20_000; n = walker.nextNode(), seen++) {
    const el = n.parentElement;
    if (el && !el.childElementCount && n.nodeValue?.includes('@')) out.add(el);
  }
  return [...out];
}

/**
 * People an app lists by their address written out (an e-signature app's signers, recipients, parties): each
 * address alone in its element, with the name its own box shows (the element around it that holds no other
 * address) when its shape or the address vouches for it, else the name the address spells. Never in the app's bar
 * or in noise, never a labelled field's value (a record's own address).
 */
export function writtenAddresses(doc: Document): [email: string, name: string, el: Element][] {
  const out: [string, string, Element][] = [];
  for (const el of atSigns(doc)) {
    const t = text(el);
    if (
      t.length > 80 ||
      !ADDRESS_ONLY.test(t) ||
      el.closest(`a[href^="mailto:" i],${APP_BAR}`) ||
      inNoise(el)
    )
      continue;
    // a labelled field's value ("E-mail" + the address) is a record's, read with its fields
    if ([el, el.parentElement].some((e) => fieldOf(text(e?.previousElementSibling)))) continue;
    const email = t.toLowerCase();
    // the nearest box that shows a name: of its shape, or one the address spells too ("Hamid Qureshi", hamid.q…@)
    let name = '';
    for (let up = 0, p = el.parentElement; p && up < 4 && !name; up++, p = p.parentElement) {
      const whole = p.textContent ?? '';
      if (whole.length > 400 || whole.indexOf('@') !== whole.lastIndexOf('@')) break;
      name =
        all(p, '*', 40)
          .map((e) => (e.childElementCount ? '' : cleanName(text(e))))
          .find((n) => n && (nameScore(n) >= 0.5 || (nameScore(n) > 0 && addressNames(email, n)))) ?? '';
    }
    out.push([email, name || spelledName(email), el]);
  }
  return out;
}

/** The mail's people (the labelled senders first, then every address in the page's order) and the mailbox. */
const read = (doc: Document) => once(doc, 'mail', () => readMail(doc));

function readMail(doc: Document) {
  // a page that shows no address shows no mail: nothing more is read (the reader runs on every page)
  const mails = addresses(doc);
  const written = writtenAddresses(doc);
  const seen: [email: string, name: string, el: Element][] = (
    mails.length
      ? [
          ...labelledSenders(doc),
          ...mails.map(([email, el]): [string, string, Element] => [email, shownName(el), el]),
        ]
      : []
  ).filter(([, , el]) => !el.closest(QUOTE_REGIONS));
  const listed = written.filter(([, , el]) => !el.closest(QUOTE_REGIONS));
  if (!seen.length && !listed.length) return { seen, listed, box: undefined, own: () => false };
  const box = mailbox(
    doc,
    [...seen, ...listed].map(([e, n]) => [e, n]),
  );
  const own = ([email, name]: [string, string, Element?]) =>
    box.addresses.has(email) || box.domains.has(domainOf(email)) || box.names.has(fold(name));
  return { seen, listed, box, own };
}

/**
 * Of the people listed by their written address, those of the page: the first who is not the signed-in user (the
 * app's bar shows their name) and who is not written after "Para:", "Cc:" in their line, then the others at that
 * first person's domain (the customer's colleagues); a party at another domain is the other side (the sender's).
 */
function listedPeople(
  doc: Document,
  listed: [string, string, Element][],
  own: (s: [string, string]) => boolean,
) {
  if (!listed.length) return [];
  // the names the app's bar shows, each a text of its own
  const bar = new Set(
    all(doc, APP_BAR.replace(/,|$/g, ' *$&'), 300).map((e) =>
      e.childElementCount ? '' : fold(cleanName(text(e))),
    ),
  );
  let domain = '';
  return listed.filter(([email, name, el]) => {
    if (!name || own([email, name]) || bar.has(fold(name)) || inlineRecipient(el)) return false;
    domain ||= domainOf(email);
    return domainOf(email) === domain;
  });
}

/**
 * People known by their address or their header (a mail's sender, a guest of an invitation): the name shown, the
 * role and company of their signature, else the company of the domain as the page writes it, else the domain's.
 */
function mailPeople(doc: Document): Candidate[] {
  const { seen, listed, own } = read(doc);
  const people = seen.filter((s) => !own(s) && !recipient(s[2]));
  let lines: string[] | undefined;
  const out: (Candidate | null)[] = [];
  const named = new Set<string>();
  const fromList = new Set(listedPeople(doc, listed, own));
  for (const entry of [...people, ...fromList]) {
    const [email, name] = entry;
    const score = name ? nameScore(name) : 0;
    // a sender's header holds their address: one person
    if (!score || named.has(fold(name))) continue;
    named.add(fold(name));
    lines ??= messageLines(doc.body ?? doc.documentElement);
    // a listed person's box is no mail's signature: what follows it is the app's
    const sig = fromList.has(entry) ? { role: '', company: '' } : signatureOf(lines, name);
    // a name's shape alone is not enough: its address or its signature must back it
    if (score < 0.5 && !addressNames(email, name) && !sig.role) continue;
    const domain = domainOf(email);
    const firm = sig.company || (domain && (writtenAs(lines, domain) || domainCompany(email)));
    // a listed person's company is their domain's guess: any reader that writes it out is surer
    const sure = fromList.has(entry) ? 0.75 : 1;
    out.push(person('mail', (out.length ? 0.35 : 0.6) * sure, name, firm, sig.role));
  }
  return found(out);
}

export const mail: Extractor = {
  id: 'mail',
  extract: mailPeople,
  // the owner and the colleagues: whoever reads them (a title, a heading), they are not the page's person
  others(doc) {
    const { seen, listed, own, box } = read(doc);
    // full names only: an account button shows initials ("RQ")
    return [
      ...new Set([...(box?.names ?? []), ...[...seen, ...listed].filter(own).map(([, name]) => fold(name))]),
    ].filter((n) => n.includes(' '));
  },
};
