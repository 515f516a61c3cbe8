import type { Extractor } from '../types';
import {
  MAX_GUESTS,
  type Guest,
  type GuestKind,
  type GuestSays,
  type MeetingReading,
  type Response,
} from '../meeting-types';
import {
  ACCEPTED,
  CONTROLS,
  DECLINED,
  GROUP_MARK,
  GUEST_LABEL,
  MORE,
  OPTIONAL,
  ORGANIZER,
  OUTLOOK_MEETING,
  PENDING,
  ROOM_MARK,
  STATUS_PARTS,
  TENTATIVE,
  TITLE_LABELS,
  TOTAL,
  VIEWER,
} from '../rules/meeting';
import { all, text } from '../dom';
import { EMAIL, emailParts, notName, titleAddress } from '../email-name';
import { MAILBOX_PLACES } from '../rules/address';
import { cleanName, tidy } from '../names';
import { fold } from '../../text';
import { MEETING_MODULE, type ReaderModule } from '../site';

/*
 * The meeting open on the page: a Google Calendar event (its detail bubble in the day/week view, or the full event
 * page), an Outlook on the web calendar event (peek or full view), or a meeting invitation e-mail in Gmail or
 * Outlook. Pure functions over a Document: they read text and attributes only, and never the meeting's
 * description (the invitation's body is read only inside its guest list).
 */

const emailIn = (s: string | null | undefined) => (EMAIL.exec(s ?? '')?.[0] ?? '').toLowerCase();
// the time a page writes for an event: "10:00", "10h", "10am", "10:00 – 11:00"
const TIME = /\b\d{1,2}(?::\d{2}|h\d{0,2}|\s?[ap]m)\b/i;

/** One part of a label as what it says of the guest, or null when it is not a status word. */
export function statusOf(part: string): GuestSays | null {
  const f = fold(part)
    .replace(/[()[\].:!?]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!f) return null;
  return STATUS_PARTS.find(([re]) => re.test(f))?.[1] ?? null;
}

/** A guest's name as a page shows it: a name, never a status word, an address, a pronoun or an avatar's letter (cleanName). */
export function guestName(raw: string): string {
  const name = cleanName(raw);
  if (!name || name.includes('@') || statusOf(name)) return '';
  if (VIEWER.test(fold(name))) return '';
  return name;
}

/**
 * A guest row's accessible name ("Ana Paula Ribeiro, Organizador, Talvez") read as the guest's name and what the
 * row says of them: the parts that are status words are taken out, the address is never the name.
 */
export function parseGuestLabel(label: string): { name: string; says: GuestSays } {
  const says: GuestSays = {};
  let name = '';
  for (const raw of label.split(/\s*[,;·•|\n]\s*|\s+[-–—]\s+/)) {
    const part = raw.trim();
    if (!part) continue;
    const s = statusOf(part);
    if (s) {
      if (s.response && !says.response) says.response = s.response;
      if (s.organizer) says.organizer = true;
      if (s.optional) says.optional = true;
    } else if (!name && !EMAIL.test(part)) name = guestName(part);
  }
  return { name, says };
}

/** Inside something the page hides from assistive technology (an avatar's letter, an icon). */
const hidden = (el: Element) => !!el.closest('[aria-hidden="true"]');

/** Text and accessible labels of an element, folded. */
function said(el: Element): string {
  const labels = all(el, '[aria-label],[title],[data-tooltip]', 40)
    .filter((e) => !hidden(e))
    .map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('data-tooltip') ?? ''}`);
  return fold(`${el.getAttribute('aria-label') ?? ''} ${el.textContent ?? ''} ${labels.join(' ')}`);
}

/** A section's header: a heading, or the button that opens and closes the section ("Recusado (1)"). */
const isHeader = (el: Element | null | undefined): el is Element =>
  !!el &&
  (el.getAttribute('role') === 'heading' ||
    /^H[2-5]$/.test(el.tagName) ||
    (el.hasAttribute('aria-expanded') && (el.tagName === 'BUTTON' || el.getAttribute('role') === 'button')));

/**
 * What a group says of itself, folded: its label, the element that labels it, its own header ("Recusados (1)") or
 * the header just before it (Outlook's tracking pane: a section's button, then its list).
 */
const groupLabel = (el: Element) => {
  const by = el.getAttribute('aria-labelledby');
  const labelledBy = by ? el.ownerDocument.getElementById(by.split(/\s+/)[0]!) : null;
  const header = Array.from(el.children).find(isHeader);
  const before = el.previousElementSibling;
  return fold(
    `${el.getAttribute('aria-label') ?? ''} ${text(labelledBy)} ${text(header)} ${isHeader(before) ? text(before) : ''}`,
  );
};

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
    if (PENDING.test(label)) return 'pending';
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
  return words.some((w) => MAILBOX_PLACES.has(w)) ? 'room' : 'group';
}

/**
 * The guest's name and what the row says of them, from the row's accessible name and attributes first (the
 * `aria-label` of the row or of what it holds, minus its status words; `name`, `data-name`), then its visible texts.
 * Nothing hidden from assistive technology is read: an avatar's letter is not a name.
 */
function nameIn(row: Element, email: string): { name: string; says: GuestSays } {
  const says: GuestSays = {};
  let name = '';
  const labelled = [row, ...all(row, '[aria-label]', 40)].filter(
    (el) =>
      el.hasAttribute('aria-label') &&
      !hidden(el) &&
      el.tagName !== 'BUTTON' &&
      el.getAttribute('role') !== 'button',
  );
  for (const el of labelled) {
    const read = parseGuestLabel(el.getAttribute('aria-label')!);
    if (!says.response && read.says.response) says.response = read.says.response;
    says.organizer ||= read.says.organizer;
    says.optional ||= read.says.optional;
    if (!name && fold(read.name) !== email) name = read.name;
  }
  if (name) return { name, says };
  const texts = [
    row.getAttribute('name') ?? '',
    row.getAttribute('data-name') ?? '',
    ...all(row, '*', 60)
      .filter((el) => !el.children.length && !hidden(el))
      .map((el) => el.textContent ?? ''),
    row.children.length ? '' : (row.textContent ?? ''),
  ];
  for (const t of texts) {
    const clean = tidy(t);
    if (!clean || clean.includes('@') || fold(clean) === email) continue;
    const f = fold(clean);
    if (ORGANIZER.test(f) || DECLINED.test(f) || TENTATIVE.test(f) || ACCEPTED.test(f) || OPTIONAL.test(f))
      continue;
    name = guestName(clean);
    if (name) break;
  }
  return { name, says };
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
    const own = nameIn(el, email);
    const inRow = row === el ? own : nameIn(row, email);
    const name = own.name || inRow.name;
    const told: GuestSays = {
      response: own.says.response ?? inRow.says.response,
      organizer: own.says.organizer || inRow.says.organizer,
      optional: own.says.optional || inRow.says.optional,
    };
    const seen = byEmail.get(email);
    const guest: Guest = {
      name: seen?.name || name,
      email,
      response:
        seen && seen.response !== 'pending'
          ? seen.response
          : (told.response ?? responseOf(row, scope, labels)),
      organizer: (seen?.organizer ?? false) || !!told.organizer || ORGANIZER.test(says),
      kind: 'person',
    };
    if (seen?.optional || told.optional || OPTIONAL.test(says)) guest.optional = true;
    guest.kind = kindOf(email, guest.name, says);
    byEmail.set(email, guest);
    if (byEmail.size >= MAX_GUESTS) break;
  }
  return [...byEmail.values()];
}

/**
 * How many guests the page does not list, only from what it says in an element of its own: "Mais N convidados"
 * (those N), or "N convidados" minus the `listed` ones. A number that only runs into the word in the page's text
 * ("Sala 9" beside "2 convidados") is not a count.
 */
function unlistedIn(scope: Element, listed: number): number {
  let total = 0;
  let more = 0;
  for (const el of all(scope, 'div,span,button,a,h2,h3,h4,p,li,[role=button]', 3000)) {
    const t = el.textContent ?? '';
    if (t.length > 60 || el.children.length > 3) continue;
    const f = fold(tidy(t));
    const m = MORE.exec(f);
    if (m) more = Math.max(more, Number(m[1] ?? m[2]));
    const c = TOTAL.exec(f);
    if (c) total = Math.max(total, Number(c[1]));
  }
  return more || Math.max(0, total - listed);
}

const noControls = (t: string) => tidy(t.replace(CONTROLS, ' '), 200);

/** The first short text in `scope` that reads as a time, outside `skip`, without the page's controls. */
function timeIn(scope: Element, skip: (el: Element) => boolean): string {
  for (const el of all(scope, 'div,span,time,p,td', 400)) {
    // a section with its heading ("Quando", "When") is not the time: the line under the heading is
    if (el.children.length > 3 || hidden(el) || el.querySelector('h1,h2,h3,h4,h5,h6,[role=heading]'))
      continue;
    const t = noControls(el.textContent ?? '');
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

/** The row a guest's element sits in: the list item around it. */
const rowAround = (el: Element) => el.closest('[role=listitem],[role=treeitem],[role=option],li');

function googleEvent(doc: Document, url: URL): MeetingReading | null {
  const GUEST = '[data-hovercard-id*="@"],[data-email*="@"]';
  const bubble = all(doc, '[role=dialog]', 20).find((d) => d.querySelector(GUEST));
  const page = /\/(?:eventedit|event)\b/.test(url.pathname) ? doc.querySelector('[role=main]') : null;
  const scope = bubble ?? page;
  if (!scope) return null;
  const rows = all(scope, GUEST, MAX_GUESTS * 2);
  const guests = guestsFrom(
    scope,
    rows,
    (row) => emailIn(row.getAttribute('data-hovercard-id') || row.getAttribute('data-email')),
    rowAround,
  );
  // the event's fields by their labels: an input's value, or the text of the control that shows it
  const field = (labels: string) => {
    const el = all(
      scope,
      'input[aria-label],[role=button][aria-label],button[aria-label],[role=combobox][aria-label]',
      80,
    ).find((i) => new RegExp(`^(?:${labels})$`, 'i').test(i.getAttribute('aria-label')!.trim()));
    return tidy(el?.tagName === 'INPUT' ? el.getAttribute('value') : el?.textContent);
  };
  const heading = scope.querySelector('[role=heading]');
  const title = text(heading) || field(TITLE_LABELS);
  const [startDate, startTime, endTime, endDate] = [
    'data de início|start date',
    'horário de início|start time',
    'horário de término|end time',
    'data de término|end date',
  ].map(field);
  const range = [startTime, endTime].filter(Boolean).join(' – ');
  const fields = [startDate, range, endDate && endDate !== startDate ? endDate : '']
    .filter(Boolean)
    .join(' ');
  const inGuests = (el: Element) =>
    (!!heading && el.contains(heading)) || rows.some((r) => r.contains(el) || el.contains(r));
  const when = fields || timeIn(scope, inGuests);
  return finish({
    source: 'google-calendar',
    title,
    when,
    self: googleAccount(doc),
    guests,
    unlisted: unlistedIn(scope, guests.length),
  });
}

const MAILTO = 'a[href^="mailto:" i]';
// node.compareDocumentPosition: the other node follows
const FOLLOWS = 4;
const after = (a: Node, b: Node) => (a.compareDocumentPosition(b) & FOLLOWS) !== 0;

interface GuestList {
  scope: Element;
  people: Element[];
  addressOf: (el: Element) => string;
  rowOf: (el: Element) => Element | null;
}

/** The line of a list an element sits on: its widest ancestor inside `list` that holds no other address. */
function lineOf(el: Element, list: Element, people: Element[]): Element {
  let line = el;
  for (let p = el.parentElement; p && p !== list; p = p.parentElement) {
    if (people.some((o) => o !== el && p.contains(o))) break;
    line = p;
  }
  return line;
}

/**
 * The guest list of an invitation's body (Google Calendar's invitation e-mail, wherever it is shown): the people its
 * event markup names (`itemprop=attendee`, each with its address in `meta[itemprop=email]` or its mailto link), or
 * else the mailto lines after the "Convidados"/"Guests" heading, up to the next heading. Nothing else of the body
 * (its description) is read.
 */
function invitationList(body: Element): GuestList | null {
  const marked = all(body, '[itemprop=attendee],[itemprop=organizer]', MAX_GUESTS * 2);
  if (marked.length) {
    const addressOf = (el: Element) =>
      emailIn(
        el.querySelector('meta[itemprop=email]')?.getAttribute('content') ||
          el.querySelector(MAILTO)?.getAttribute('href')?.slice(7) ||
          el.getAttribute('content'),
      );
    const scope = marked[0]!.parentElement?.parentElement ?? body;
    return { scope, people: marked, addressOf, rowOf: (el) => lineOf(el, body, marked) };
  }
  const label = all(body, 'div,span,td,th,h2,h3,h4,b,strong,p', 2000).find(
    (el) => !el.querySelector(MAILTO) && GUEST_LABEL.test(fold(el.textContent ?? '')),
  );
  if (!label) return null;
  // the nearest block around the label that holds addresses after it
  let list = label.parentElement;
  while (list && list !== body && !all(list, MAILTO, 400).some((a) => after(label, a)))
    list = list.parentElement;
  if (!list) return null;
  const next = all(list, 'h1,h2,h3,h4,[role=heading]', 50).find(
    (h) => h !== label && !h.contains(label) && !label.contains(h) && after(label, h),
  );
  const people = all(list, MAILTO, MAX_GUESTS * 2).filter(
    (a) => after(label, a) && (!next || after(a, next)),
  );
  if (!people.length) return null;
  return {
    scope: list,
    people,
    addressOf: (a) => emailIn(a.getAttribute('href')?.slice(7)),
    rowOf: (a) => a.closest('li') ?? lineOf(a, list, people),
  };
}

/** The guests of an invitation's list. */
const listGuests = (l: GuestList) => guestsFrom(l.scope, l.people, l.addressOf, l.rowOf);

/**
 * An invitation's `.ics` text where the page shows it (an attachment's preview): the lines of RFC 5545 that name the
 * event and its people. Pure; reads nothing else.
 */
export function readIcs(source: string): { title: string; when: string; guests: Guest[] } | null {
  if (!/BEGIN:VEVENT/i.test(source)) return null;
  // a long line goes on over lines that start with a space
  const lines = source.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);
  const unescape = (v: string) => v.replace(/\\([,;\\nN])/g, (_, c: string) => (/n/i.test(c) ? ' ' : c));
  let title = '';
  let when = '';
  const byEmail = new Map<string, Guest>();
  for (const line of lines.slice(0, 5000)) {
    const m = /^([A-Z-]+)((?:;[^:]*)?):(.*)$/i.exec(line.trim());
    if (!m) continue;
    const key = m[1]!.toUpperCase();
    const params = new Map(
      (m[2] ?? '')
        .split(';')
        .filter(Boolean)
        .map((p) => {
          const [k = '', ...v] = p.split('=');
          return [k.toUpperCase(), v.join('=').replace(/^"|"$/g, '')] as const;
        }),
    );
    const value = m[3] ?? '';
    if (key === 'SUMMARY' && !title) title = tidy(unescape(value), 300);
    else if (key === 'DTSTART' && !when) when = tidy(value, 200);
    else if (key === 'ATTENDEE' || key === 'ORGANIZER') {
      const email = emailIn(value.replace(/^mailto:/i, ''));
      if (!emailParts(email) || byEmail.size >= MAX_GUESTS) continue;
      const seen = byEmail.get(email);
      const part = (params.get('PARTSTAT') ?? '').toUpperCase();
      const response: Response =
        part === 'ACCEPTED'
          ? 'accepted'
          : part === 'DECLINED'
            ? 'declined'
            : part === 'TENTATIVE'
              ? 'tentative'
              : 'pending';
      const type = (params.get('CUTYPE') ?? '').toUpperCase();
      const name = guestName(unescape(params.get('CN') ?? ''));
      const guest: Guest = {
        name: seen?.name || name,
        email,
        response: seen && seen.response !== 'pending' ? seen.response : response,
        organizer: (seen?.organizer ?? false) || key === 'ORGANIZER',
        kind: type === 'ROOM' || type === 'RESOURCE' ? 'room' : type === 'GROUP' ? 'group' : 'person',
      };
      if (guest.kind === 'person') guest.kind = kindOf(email, guest.name);
      if (seen?.optional || /^(?:OPT|NON)-PARTICIPANT$/i.test(params.get('ROLE') ?? ''))
        guest.optional = true;
      byEmail.set(email, guest);
    }
  }
  return byEmail.size ? { title, when, guests: [...byEmail.values()] } : null;
}

/** The `.ics` text a page shows (an attachment's preview, a text body), in `scope`. */
function icsIn(scope: Element | Document) {
  // one look at the whole text first: most pages show none
  if (!/BEGIN:VCALENDAR/.test(scope.textContent ?? '')) return null;
  for (const el of all(scope, 'pre,code,[role=document],div', 3000)) {
    if (el.children.length > 20) continue;
    const t = el.textContent ?? '';
    if (t.length < 50_000 && /BEGIN:VCALENDAR/.test(t)) return readIcs(t);
  }
  return null;
}

function gmailInvite(doc: Document): MeetingReading | null {
  const subject = text(doc.querySelector('h2.hP,[data-thread-perm-id]'));
  // Google's invitation mail: "Convite: Título @ qui 27 de nov de 2025 10:00 - 11:00 (BRT) (ana@acme.com)"
  const m =
    /^(?:convite(?: atualizado)?|invitation|updated invitation)\s*:\s*(.+?)(?:\s+@\s+(.+?))?(?:\s+\(([^()\s]+@[^()\s]+)\))?$/i.exec(
      subject,
    );
  const self = emailIn(m?.[3]) || googleAccount(doc);
  const bodies = all(doc, '.a3s', 50);
  for (const body of bodies.reverse()) {
    const list = invitationList(body);
    const guests = list ? listGuests(list) : [];
    if (list && guests.length) {
      const inGuests = (el: Element) => list.people.some((r) => r.contains(el) || el.contains(r));
      return finish({
        source: 'gmail-invite',
        title: m?.[1] ?? (text(body.querySelector('[itemprop=name]:not([itemprop=attendee] *)')) || subject),
        when: m?.[2] ?? timeIn(body, inGuests),
        self,
        guests,
        unlisted: unlistedIn(list.scope, guests.length),
      });
    }
  }
  const ics = icsIn(doc.querySelector('[role=main]') ?? doc);
  if (!ics) return null;
  return finish({
    source: 'gmail-invite',
    title: m?.[1] ?? (ics.title || subject),
    when: m?.[2] ?? ics.when,
    self,
    guests: ics.guests,
    unlisted: 0,
  });
}

// a meeting, not a message: an organizer, required attendees or the invitation's answers

function outlookMeeting(doc: Document, url: URL): MeetingReading | null {
  const calendar = url.pathname.includes('/calendar');
  const PERSONA = '[title*="@"],[data-hovercard-id*="@"]';
  const body =
    '[aria-label="Message body" i],[aria-label="Corpo da mensagem" i],[aria-label="Corpo do evento" i]';
  const scope =
    all(doc, '[role=dialog]', 20).find((d) => d.querySelector(PERSONA)) ??
    doc.querySelector('#ReadingPaneContainerId,[data-app-section=MailReadCompose],[role=main]');
  if (!scope) return null;
  const self = emailIn(
    doc.querySelector('#O365_MainLink_Me [title*="@"],#O365_MainLink_Me[title*="@"]')?.getAttribute('title'),
  );
  // the description is never read: neither its text nor the addresses in it
  const outside = (el: Element) => !el.closest(body);
  const heads = fold(
    all(scope, 'label,span,div,button,h3,h4', 1500)
      .filter((el) => outside(el) && el.children.length === 0)
      .map((el) => `${el.textContent ?? ''} ${el.getAttribute('aria-label') ?? ''}`)
      .join(' | '),
  );
  const title = text(all(scope, '[role=heading]', 10).find(outside));
  if (!calendar) {
    // a Google Calendar invitation read in Outlook's mail: its body's guest list is the meeting's, whether or not
    // Outlook shows the invitation's answers; only that list is read of the body
    const message = scope.querySelector(body);
    const list = message ? invitationList(message) : null;
    const guests = list ? listGuests(list) : [];
    if (list && guests.length) {
      const inGuests = (el: Element) => list.people.some((r) => r.contains(el) || el.contains(r));
      return finish({
        source: 'outlook-invite',
        title: title
          .replace(/^(?:convite(?: atualizado)?|invitation|updated invitation)\s*:\s*/i, '')
          .replace(/\s+@\s+.*$/, ''),
        when: timeIn(message!, inGuests),
        self,
        guests,
        unlisted: unlistedIn(list.scope, guests.length),
      });
    }
  }
  if (!OUTLOOK_MEETING.test(heads)) {
    // an invitation's .ics shown as text
    const ics = calendar ? null : icsIn(scope);
    return ics
      ? finish({
          source: 'outlook-invite',
          title: ics.title || title,
          when: ics.when,
          self,
          guests: ics.guests,
          unlisted: 0,
        })
      : null;
  }
  const rows = all(scope, PERSONA, MAX_GUESTS * 2).filter(outside);
  const guests = guestsFrom(
    scope,
    rows,
    (el) => emailIn(el.getAttribute('title') || el.getAttribute('data-hovercard-id')),
    (el) => el.closest('[role=listitem],li') ?? el.parentElement,
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
    title,
    when: timeIn(scope, inGuests),
    self,
    guests,
    unlisted: unlistedIn(scope, guests.length),
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

/** The meeting reader, web mail's second module (`also`): it lists nobody. */
export const meetingReaders: ReaderModule = { module: MEETING_MODULE, readers: [], meeting: readMeeting };
