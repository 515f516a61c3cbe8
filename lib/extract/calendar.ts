import type { Extractor } from './types';
import { MAX_GUESTS, type Guest, type GuestKind, type MeetingReading, type Response } from './meeting-types';
import { all, text } from './dom';
import { EMAIL, emailParts, notName, PLACE_WORDS, titleAddress } from './email-name';
import { cleanName, tidy } from './names';
import { fold } from '../text';

/*
 * The meeting open on the page: a Google Calendar event (its detail bubble in the day/week view, or the full event
 * page), an Outlook on the web calendar event (peek or full view), or a meeting invitation e-mail in Gmail or
 * Outlook. Pure functions over a Document: they read text and attributes only, and never the meeting's
 * description (the invitation's body is read only inside its guest list).
 */

const emailIn = (s: string | null | undefined) => (EMAIL.exec(s ?? '')?.[0] ?? '').toLowerCase();
// the time a page writes for an event: "10:00", "10h", "10am", "10:00 – 11:00"
const TIME = /\b\d{1,2}(?::\d{2}|h\d{0,2}|\s?[ap]m)\b/i;

const DECLINED = /\b(?:recusou|recusad[oa]s?|recusaram|declined|nao vai|not going|rejected)\b/;
const TENTATIVE = /\b(?:talvez|maybe|tentative|provisori[oa]s?|provisoriamente)\b/;
const ACCEPTED = /\b(?:aceit(?:o|ou|aram|ado|os)|accepted|confirmad[oa]s?|vai participar|going)\b/;
const ORGANIZER = /\b(?:organizador[a]?|organi[sz]er)\b/;
const GROUP_MARK = /\b(?:grupo|group|lista de distribuicao|distribution list|\d+ (?:membros|members))\b/;
const ROOM_MARK = /\b(?:sala|room|auditorio|auditorium|recurso|resource)\b/;

/** Text and accessible labels of an element, folded. */
function said(el: Element): string {
  const labels = all(el, '[aria-label],[title],[data-tooltip]', 40).map(
    (e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('data-tooltip') ?? ''}`,
  );
  return fold(`${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''} ${labels.join(' ')}`);
}

/** What a group says of itself: its label and its own heading ("Recusados (1)"), folded. */
const groupLabel = (el: Element) =>
  fold(
    `${el.getAttribute('aria-label') ?? ''} ${text(
      Array.from(el.children).find((c) => c.getAttribute('role') === 'heading' || /^H[34]$/.test(c.tagName)),
    )}`,
  );

/**
 * The response an element's text, or the label of the group it sits in (up to `scope`), gives. `labels` keeps each
 * group's label for the next guest of the same group.
 */
function responseOf(row: Element, scope: Element, labels: Map<Element, string>): Response {
  const mine = said(row);
  const own = DECLINED.test(mine)
    ? 'declined'
    : TENTATIVE.test(mine)
      ? 'tentative'
      : ACCEPTED.test(mine)
        ? 'accepted'
        : null;
  if (own) return own;
  // Outlook groups its attendees under "Aceitos", "Recusados", "Não responderam"
  for (let el = row.parentElement; el && el !== scope; el = el.parentElement) {
    let label = labels.get(el);
    if (label === undefined) labels.set(el, (label = groupLabel(el)));
    if (DECLINED.test(label)) return 'declined';
    if (TENTATIVE.test(label)) return 'tentative';
    if (ACCEPTED.test(label)) return 'accepted';
  }
  return 'pending';
}

/** Room, group or person, from the address and what the page says of the guest. */
export function kindOf(email: string, name: string, says = ''): GuestKind {
  const parts = emailParts(email);
  const domain = parts?.domain ?? '';
  if (/(?:^|\.)resource\.calendar\.google\.com$/.test(domain)) return 'room';
  if (/(?:^|\.)(?:group\.calendar\.google\.com|googlegroups\.com)$/.test(domain)) return 'group';
  if (ROOM_MARK.test(fold(name))) return 'room';
  if (GROUP_MARK.test(says)) return 'group';
  const shown = cleanName(name);
  // the shown name when there is one, else the address's own words
  const words = fold(shown || (parts?.local ?? '').replace(/[._+\d-]+/g, ' ')).split(/\s+/);
  if (!words.some(notName)) return 'person';
  return words.some((w) => PLACE_WORDS.has(w)) ? 'room' : 'group';
}

/** The guest's name among the row's own texts: the first that reads as a name and is not its address or a label. */
function nameIn(row: Element, email: string): string {
  const texts = [
    row.getAttribute('name') ?? '',
    ...all(row, '*', 60)
      .filter((el) => !el.children.length)
      .map((el) => el.textContent ?? ''),
    row.children.length ? '' : (row.textContent ?? ''),
  ];
  for (const t of texts) {
    const clean = tidy(t);
    if (!clean || clean.includes('@') || fold(clean) === email) continue;
    const f = fold(clean);
    if (ORGANIZER.test(f) || DECLINED.test(f) || TENTATIVE.test(f) || ACCEPTED.test(f)) continue;
    if (/^(?:opcional|optional|obrigatorio|required|voce|you|eu|me)$/.test(f)) continue;
    const name = cleanName(clean);
    if (name) return name;
  }
  return '';
}

/**
 * Guests from the elements that carry their address (`addressOf`), one per address, in the page's order. What the
 * page says of a guest (organizer, answer) is read in the guest's row (`rowOf`) when that row holds no one else.
 */
function guestsFrom(
  scope: Element,
  people: Element[],
  addressOf: (el: Element) => string,
  rowOf: (el: Element) => Element | null = () => null,
): Guest[] {
  const byEmail = new Map<string, Guest>();
  const labels = new Map<Element, string>();
  for (const el of people) {
    const email = addressOf(el);
    if (!emailParts(email)) continue;
    const around = rowOf(el);
    const row =
      around && people.filter((p) => around.contains(p) && addressOf(p) !== email).length === 0 ? around : el;
    const says = said(row);
    const name = nameIn(el, email) || nameIn(row, email);
    const seen = byEmail.get(email);
    const guest: Guest = {
      name: seen?.name || name,
      email,
      response: seen && seen.response !== 'pending' ? seen.response : responseOf(row, scope, labels),
      organizer: (seen?.organizer ?? false) || ORGANIZER.test(says),
      kind: 'person',
    };
    guest.kind = kindOf(email, guest.name, says);
    byEmail.set(email, guest);
    if (byEmail.size >= MAX_GUESTS) break;
  }
  return [...byEmail.values()];
}

/** "12 convidados", "14 guests": how many the page counts, or 0. */
function counted(scope: Element): number {
  const m = /\b(\d{1,4}) (?:convidados|guests|participantes|attendees|pessoas|people)\b/.exec(
    fold(scope.textContent ?? ''),
  );
  return m ? Number(m[1]) : 0;
}

/** The first short text in `scope` that reads as a time, outside `skip`. */
function timeIn(scope: Element, skip: (el: Element) => boolean): string {
  for (const el of all(scope, 'div,span,time,p,td', 400)) {
    if (el.children.length > 3) continue;
    const t = tidy(el.textContent, 200);
    // the guest list is looked at last: it is the costly test
    if (t.length <= 120 && TIME.test(t) && !skip(el)) return t;
  }
  return '';
}

/** The account's address from Google's account button ("Conta do Google: Ana Souza (ana@acme.com)"). */
function googleAccount(doc: Document): string {
  for (const el of all(doc, 'a[aria-label*="@"],button[aria-label*="@"],[data-email][aria-label]', 20)) {
    const label = el.getAttribute('aria-label') ?? '';
    if (/google/i.test(label)) return emailIn(/\(([^()]+)\)\s*$/.exec(label)?.[1] ?? label);
  }
  // Gmail's title: "Assunto - ana@acme.com - Gmail"
  return titleAddress(doc.title);
}

const finish = (m: MeetingReading): MeetingReading | null =>
  m.guests.length ? { ...m, title: tidy(m.title, 300), when: tidy(m.when, 200) } : null;

function googleEvent(doc: Document, url: URL): MeetingReading | null {
  const GUEST = '[data-hovercard-id*="@"],[data-email*="@"]';
  const bubble = all(doc, '[role=dialog]', 20).find((d) => d.querySelector(GUEST));
  const page = /\/(?:eventedit|event)\b/.test(url.pathname) ? doc.querySelector('[role=main]') : null;
  const scope = bubble ?? page;
  if (!scope) return null;
  const rows = all(scope, GUEST, MAX_GUESTS * 2);
  const guests = guestsFrom(scope, rows, (row) =>
    emailIn(row.getAttribute('data-hovercard-id') || row.getAttribute('data-email')),
  );
  const input = (labels: string) =>
    all(scope, 'input[aria-label]', 40).find((i) =>
      new RegExp(labels, 'i').test(i.getAttribute('aria-label')!),
    );
  const title =
    text(scope.querySelector('[role=heading]')) ||
    tidy(input('^(?:título|title|adicionar título|add title)$')?.getAttribute('value'));
  const inputs = ['data de início|start date', 'horário de início|start time', 'horário de término|end time']
    .map((l) => tidy(input(l)?.getAttribute('value')))
    .filter(Boolean);
  const inGuests = (el: Element) => rows.some((r) => r.contains(el) || el.contains(r));
  const when = inputs.join(' ') || timeIn(scope, inGuests);
  return finish({
    source: 'google-calendar',
    title,
    when,
    self: googleAccount(doc),
    guests,
    unlisted: Math.max(0, counted(scope) - guests.length),
  });
}

const GUEST_LABEL = /^(?:convidados|guests|participantes|attendees|quem|who)(?: \(\d+\))?:?$/;

function gmailInvite(doc: Document): MeetingReading | null {
  const subject = text(doc.querySelector('h2.hP,[data-thread-perm-id]'));
  // Google's invitation mail: "Convite: Título @ qui 27 de nov de 2025 10:00 - 11:00 (BRT) (ana@acme.com)"
  const m =
    /^(?:convite(?: atualizado)?|invitation|updated invitation)\s*:\s*(.+?)(?:\s+@\s+(.+?))?(?:\s+\(([^()\s]+@[^()\s]+)\))?$/i.exec(
      subject,
    );
  const bodies = all(doc, '.a3s', 50);
  for (const body of bodies.reverse()) {
    // the guest list only: the element labelled "Convidados" and the mail addresses beside it
    const label = all(body, 'div,span,td,th,h2,h3,h4,b,strong,p', 2000).find(
      (el) => !el.querySelector('a[href^="mailto:"]') && GUEST_LABEL.test(fold(el.textContent ?? '')),
    );
    const list = label?.parentElement;
    if (!list) continue;
    const rows = all(list, 'a[href^="mailto:"]', MAX_GUESTS * 2);
    const guests = guestsFrom(
      list,
      rows,
      (a) => emailIn(a.getAttribute('href')?.slice(7)),
      (a) => a.closest('li') ?? a.parentElement,
    );
    if (!guests.length) continue;
    return finish({
      source: 'gmail-invite',
      title: m?.[1] ?? subject,
      when: m?.[2] ?? '',
      self: emailIn(m?.[3]) || googleAccount(doc),
      guests,
      unlisted: Math.max(0, counted(list) - guests.length),
    });
  }
  return null;
}

// a meeting, not a message: an organizer, required attendees or the invitation's answers
const OUTLOOK_MEETING =
  /\b(?:organizador[a]?|organizer|obrigatorio|obrigatorios|required|participantes|attendees|aceitar|accept)\b/;

function outlookMeeting(doc: Document, url: URL): MeetingReading | null {
  const calendar = url.pathname.includes('/calendar');
  const PERSONA = '[title*="@"],[data-hovercard-id*="@"]';
  const body =
    '[aria-label="Message body" i],[aria-label="Corpo da mensagem" i],[aria-label="Corpo do evento" i]';
  const scope =
    all(doc, '[role=dialog]', 20).find((d) => d.querySelector(PERSONA)) ??
    doc.querySelector('#ReadingPaneContainerId,[data-app-section=MailReadCompose],[role=main]');
  if (!scope) return null;
  // the description is never read: neither its text nor the addresses in it
  const outside = (el: Element) => !el.closest(body);
  const heads = fold(
    all(scope, 'label,span,div,button,h3,h4', 1500)
      .filter((el) => outside(el) && el.children.length === 0)
      .map((el) => `${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''}`)
      .join(' | '),
  );
  if (!OUTLOOK_MEETING.test(heads)) return null;
  const rows = all(scope, PERSONA, MAX_GUESTS * 2).filter(outside);
  const guests = guestsFrom(
    scope,
    rows,
    (el) => emailIn(el.getAttribute('title') || el.getAttribute('data-hovercard-id')),
    (el) => el.closest('[role=listitem],li') ?? el.parentElement,
  );
  const self = emailIn(
    doc.querySelector('#O365_MainLink_Me [title*="@"],#O365_MainLink_Me[title*="@"]')?.getAttribute('title'),
  );
  // an invitation's sender is its organizer: the first address of the header (the account's own is never it)
  const organizerMarked = guests.some((g) => g.organizer);
  if (!calendar && !organizerMarked) {
    const sender = guests.find((g) => g.email !== self);
    if (sender) sender.organizer = true;
  }
  const inGuests = (el: Element) => !outside(el) || rows.some((r) => r.contains(el) || el.contains(r));
  return finish({
    source: calendar ? 'outlook-calendar' : 'outlook-invite',
    title: text(all(scope, '[role=heading]', 10).find(outside)),
    when: timeIn(scope, inGuests),
    self,
    guests,
    unlisted: Math.max(0, counted(scope) - guests.length),
  });
}

const OUTLOOK_HOST = /^outlook\.(?:office|office365|live)\.com$|^outlook\.cloud\.microsoft$/;

/** The meeting open on the page, or null when the page shows none. Never throws. */
export function readMeeting(doc: Document, url: URL): MeetingReading | null {
  try {
    if (url.hostname === 'calendar.google.com') return googleEvent(doc, url);
    if (url.hostname === 'mail.google.com') return gmailInvite(doc);
    if (OUTLOOK_HOST.test(url.hostname)) return outlookMeeting(doc, url);
  } catch {
    // a page we cannot read is a page without a meeting
  }
  return null;
}

/**
 * Google Calendar has no reader of people of its own: this one claims its pages so that the web-mail reader module
 * (injected there on the user's gesture) answers, with the meeting beside an empty list of people.
 */
export const googleCalendar: Extractor = {
  id: 'google-calendar',
  matches: (url) => url.hostname === 'calendar.google.com',
  extract: () => [],
};
