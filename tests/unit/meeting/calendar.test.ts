import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { readMeeting } from '@/lib/extract/sites/calendar';
import { filesFor, SITE_MATCHES } from '@/lib/extract/sites';
import { meetingPeople, type Attendee } from '@/lib/meeting/attendees';
import { contentResponseSchema } from '@/lib/messaging';
import { meetingCases, readMeetingPage } from '../../fixtures/meetings/cases';
import { pageCases, readPage } from '../../fixtures/pages/cases';

const load = (html: string) => parseHTML(html).document as unknown as Document;
const line = (a: Attendee) => `${a.input.primeiro_nome} | ${a.input.ultimo_nome} | ${a.input.empresa}`;

describe.each(meetingCases)('$file', (c) => {
  const reading = readMeeting(load(readMeetingPage(c.file)), new URL(c.url));

  it('is read as a meeting: its title, its time and the account', () => {
    expect(reading).not.toBeNull();
    expect(reading!.source).toBe(c.source);
    expect(reading!.title).toBe(c.title);
    expect(reading!.when).toContain(c.when);
    expect(reading!.self).toBe(c.self);
    expect(reading!.unlisted).toBe(c.unlisted);
    // what the content script answers passes the extension's check
    expect(
      contentResponseSchema.safeParse({ url: c.url, title: '', candidates: [], meeting: reading }).success,
    ).toBe(true);
  });

  it('lists the external people, declined ones apart, and leaves out the seller, colleagues, rooms and lists', () => {
    const people = meetingPeople(reading!, []);
    expect(people.external.map(line)).toEqual(c.external);
    expect(people.declined.map(line)).toEqual(c.declined);
    expect(people.left).toEqual(c.left);
    expect(people.learned).toBe('acme.com.br');
  });

  it('never lists the names of other events, the description or the inbox', () => {
    const names = reading!.guests.map((g) => g.name);
    for (const n of c.noise) expect(names).not.toContain(n);
    // a guest's name is never an avatar's letter, a status word or an address
    for (const n of names.filter(Boolean)) {
      expect(n.length, n).toBeGreaterThan(2);
      expect(n).not.toMatch(/@|^(?:sim|não|talvez|aguardando|yes|no|maybe|declined|organizador|organizer)$/i);
    }
  });

  // a case that names no optional guest expects none: every page is checked, none skipped
  it('marks the guests the page says are optional, and no one else', () => {
    expect(
      reading!.guests
        .filter((g) => g.optional)
        .map((g) => g.email)
        .sort(),
    ).toEqual([...(c.optional ?? [])].sort());
  });
});

describe('readMeeting', () => {
  it('reads Google Calendar through the web-mail reader injected on the gesture: no site is declared for it', () => {
    expect(filesFor('https://calendar.google.com/calendar/u/0/r/week')).toEqual([
      '/content-webmail.js',
      '/extract-words.js',
      '/extract-names.js',
      '/extract-core.js',
      '/extract-page.js',
      '/extract-fields.js',
      '/extract-mail.js',
      '/extract-webmail.js',
      '/extract-meeting.js',
      '/extract-generic.js',
    ]);
    expect(SITE_MATCHES.some((m) => m.includes('calendar.google.com'))).toBe(false);
  });

  it('finds no meeting on the corpus pages that show none (messages, profiles, CRMs)', () => {
    for (const p of pageCases.filter((c) => c.family !== 'calendar-invite'))
      expect(readMeeting(load(readPage(p.file)), new URL(p.url)), p.file).toBeNull();
  });

  it('finds none in the calendar grid with no event open', () => {
    const html = readMeetingPage('gcal-bubble-pt.html').replace(
      /<div role="dialog"[\s\S]*<\/body>/,
      '</body>',
    );
    expect(readMeeting(load(html), new URL(meetingCases[0]!.url))).toBeNull();
  });

  it('counts the guests a long list leaves out of the page', () => {
    const html = readMeetingPage('gcal-bubble-pt.html').replace('6 convidados', '11 convidados');
    expect(readMeeting(load(html), new URL(meetingCases[0]!.url))!.unlisted).toBe(4);
  });

  it('takes colleagues from the domains the seller keeps, and from the account the page shows', () => {
    const reading = readMeeting(load(readMeetingPage('gcal-bubble-pt.html')), new URL(meetingCases[0]!.url))!;
    const people = meetingPeople(reading, ['nubank.com.br']);
    expect(people.external).toEqual([]);
    expect(people.declined).toEqual([]);
    expect(people.left.colleagues).toBe(4);
    const noAccount = meetingPeople({ ...reading, self: '' }, []);
    expect(noAccount.learned).toBeNull();
    expect(noAccount.left.self).toBe(0);
    expect(noAccount.external.map(line)).toContain('Beatriz | Campos | Acme');
  });
});
