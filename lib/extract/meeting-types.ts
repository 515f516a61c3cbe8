/* The shape of a meeting read from a page (lib/extract/sites/calendar.ts), shared with the protocol and the panel. */

export const MEETING_SOURCES = [
  'google-calendar',
  'outlook-calendar',
  'gmail-invite',
  'outlook-invite',
] as const;
export type MeetingSource = (typeof MEETING_SOURCES)[number];
export const RESPONSES = ['accepted', 'declined', 'tentative', 'pending'] as const;
export type Response = (typeof RESPONSES)[number];
export const GUEST_KINDS = ['person', 'room', 'group'] as const;
export type GuestKind = (typeof GUEST_KINDS)[number];

/** One guest as the page shows them. `name` is '' when the page shows only the address. */
export interface Guest {
  name: string;
  email: string;
  response: Response;
  organizer: boolean;
  /** The page marks the guest optional ("Opcional", "Optional"). */
  optional?: boolean;
  kind: GuestKind;
}

export interface MeetingReading {
  source: MeetingSource;
  title: string;
  /** The time as the page writes it ("quinta-feira, 27 de novembro ⋅ 10:00 – 11:00"); '' when not shown. */
  when: string;
  /** The signed-in account's address (the seller), '' when the page does not show it. */
  self: string;
  guests: Guest[];
  /** Guests the page counts but does not list (a long list collapsed to "e mais N"). */
  unlisted: number;
}

/** The most guests one reading keeps. */
export const MAX_GUESTS = 200;

/** What a guest row says of its guest besides the name: the answer, organizer, optional. */
export interface GuestSays {
  response?: Response;
  organizer?: boolean;
  optional?: boolean;
}
