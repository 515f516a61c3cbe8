/*
 * Bounds on outside text: what a page, an imported file or the service gives us is cleaned and capped here, in
 * one place, before anything shows it, stores it or sends it on.
 */

/** The longest text the service may put on screen in one field (analyses, error details, plans, status). */
export const MAX_TEXT = 5_000;
/** The most items of one list the service may put on screen. */
export const MAX_ITEMS = 50;

/** How far past the cut a character may reach (a long emoji sequence, a letter with many marks). */
const LOOKAHEAD = 64;

/** Built on the first cut that needs it: creating one loads the browser's break rules, a cost every context that
 * merely imports this module (the worker at each wake, every page, every reader module) would otherwise pay. */
let graphemes: Intl.Segmenter | null | undefined;
const segmenter = () =>
  (graphemes ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null);

/**
 * Where grapheme segmentation may start near `from`: a boundary certainly lies between two printable ASCII
 * characters. -1 when none is close.
 */
function asciiBoundary(text: string, from: number): number {
  for (let p = from; p > 0 && p > from - 4 * LOOKAHEAD; p--) {
    const a = text.charCodeAt(p - 1);
    const b = text.charCodeAt(p);
    if (a >= 0x20 && a < 0x7f && b >= 0x20 && b < 0x7f) return p;
  }
  return from - 4 * LOOKAHEAD < 0 ? 0 : -1;
}

/**
 * Whether a cut at `at` certainly falls between two characters: both code units below U+0300 (ASCII, Latin-1 and
 * Latin Extended: no combining mark, joiner, surrogate or prepended character among them), other than CR before LF.
 */
function latinBoundary(text: string, at: number): boolean {
  const a = text.charCodeAt(at - 1);
  const b = text.charCodeAt(at);
  return a < 0x300 && b < 0x300 && !(a === 0x0d && b === 0x0a);
}

/**
 * The longest start of `text` of at most `max` UTF-16 units that ends between two characters as the reader
 * sees them (grapheme clusters: an emoji with its modifiers, a flag, a letter with its accents). Only a short
 * window around the cut is segmented: the cost does not grow with the text or with `max`.
 */
export function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 0) return '';
  // Most cuts fall between two Latin letters (accented ones included): that is always a boundary, and asking the
  // segmenter would cost a fresh page ~20 ms to load its rules on the first reading.
  if (latinBoundary(text, max)) return text.slice(0, max);
  const segments = segmenter();
  if (segments) {
    let start = asciiBoundary(text, Math.max(0, max - LOOKAHEAD));
    if (start < 0) {
      // No sure boundary close by (a long run of emoji or non-Latin text): start on a whole code point.
      start = Math.max(0, max - LOOKAHEAD);
      const c = text.charCodeAt(start);
      if (c >= 0xdc00 && c <= 0xdfff) start--;
    }
    let end = start;
    for (const { index, segment } of segments.segment(text.slice(start, max + LOOKAHEAD))) {
      if (start + index + segment.length > max) break;
      end = start + index + segment.length;
    }
    return text.slice(0, end);
  }
  // Without grapheme segmentation, at least never keep half of a surrogate pair.
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** Service text capped to `max` units; a cut text ends with "…" (counted within `max`). */
export function capText(text: string, max = MAX_TEXT): string {
  if (text.length <= max) return text;
  return `${cutAt(text, Math.max(0, max - 1)).trimEnd()}…`;
}

/** The first `max` items of a list from the service. */
export function capList<T>(items: readonly T[], max = MAX_ITEMS): T[] {
  return items.slice(0, max);
}

/** Capped texts, at most `maxItems` of them. */
export function capTexts(items: readonly string[], maxItems = MAX_ITEMS, maxText = MAX_TEXT): string[] {
  return capList(items, maxItems).map((t) => capText(t, maxText));
}

/** A record from the service with at most `max` entries, keys capped and no `__proto__` key. */
export function capRecord<V>(record: Record<string, V>, max = MAX_ITEMS, maxKey = 200): Record<string, V> {
  const out: Record<string, V> = {};
  let n = 0;
  for (const key of Object.keys(record)) {
    if (n >= max) break;
    const k = capText(key, maxKey);
    if (k === '__proto__') continue;
    Object.defineProperty(out, k, {
      value: record[key],
      enumerable: true,
      writable: true,
      configurable: true,
    });
    n++;
  }
  return out;
}

// Control, zero-width and direction-override characters.
// eslint-disable-next-line no-control-regex -- removing them is the point
const INVISIBLE = /[\0-\x08\x0e-\x1f\x7f-\x9f\xad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/g;
/** Half of a surrogate pair with no other half: not a character at all. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Outside text made safe to show and to send: invisible, control and direction-override characters removed,
 * one line, trimmed, at most `max` characters and never a character cut in half. Page text (the extractors)
 * and imported text (CSV, paste) both go through it.
 */
export const tidy = (value: unknown, max = 200): string =>
  typeof value === 'string'
    ? cutAt(
        // cut first, so a huge text costs little
        cutAt(value, 4 * max)
          .replace(INVISIBLE, '')
          .replace(LONE_SURROGATE, '')
          .replace(/\s+/g, ' ')
          .trim(),
        max,
      ).trim()
    : '';

/** The text without accents or other marks: "São Paulo" → "Sao Paulo". */
// built once: the bundler writes a pattern with \p{…} as a `new RegExp` where it stands, made again at each call
const MARKS = /\p{Diacritic}/gu;
const ASCII = /^[^\u0080-\uffff]*$/;
/**
 * Without accents. Plain ASCII needs no decomposition (NFD leaves it as it is): only its two diacritics, ^ and `,
 * go; the cheap path most of a page's text takes.
 */
export const stripMarks = (text: string): string =>
  ASCII.test(text) ? text.replace(/[\^`]/g, '') : text.normalize('NFD').replace(MARKS, '');

/** Lower case, no accents, single spaces, trimmed: how names, companies and the service's words are compared. */
export const fold = (text: string): string => stripMarks(text).toLowerCase().replace(/\s+/g, ' ').trim();

/** Lower-case ASCII letters and digits, every other run of characters replaced by `separator`. */
export const slug = (text: string, separator: string): string =>
  stripMarks(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator);

/** The object without its undefined fields. */
export const compact = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A text the UI shows in Portuguese or English. */
export type Text = { pt: string; en: string };

/** A failure whose message is already written for the user, in both languages. */
export class UserError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
  }
}
