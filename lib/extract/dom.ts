import { tidy } from './names';

// Reading only: textContent and attributes, never markup into a live document, never page code.

export const text = (el: Element | null | undefined) => tidy(el?.textContent);

/** Text of the first element matching the selector list. */
export const pick = (root: ParentNode, selector: string) => text(root.querySelector(selector));

/** At most `max` elements, so a page with a huge number of them stays cheap. */
export const all = (root: ParentNode, selector: string, max = 500) =>
  Array.from(root.querySelectorAll(selector)).slice(0, max);

export const meta = (doc: Document, key: string) =>
  tidy(doc.querySelector(`meta[property="${key}"],meta[name="${key}"]`)?.getAttribute('content'));

/** The first element matching `selector` that belongs to `scope`, not to a scope nested in it. */
export const scoped = (scope: Element, selector: string, scopes: string) =>
  all(scope, selector).find((el) => el.parentElement?.closest(scopes) === scope);

export type Json = Record<string, unknown>;

/** Every object of a JSON text, breadth first; texts above `max` characters are not parsed at all. */
export function jsonObjects(source: string | null | undefined, max: number, limit = 5000): Json[] {
  const out: Json[] = [];
  const queue: unknown[] = [];
  try {
    if (source && source.length <= max) queue.push(JSON.parse(source));
  } catch {
    // not JSON: nothing to read
  }
  for (let i = 0; i < queue.length && out.length < limit; i++) {
    const v = queue[i];
    if (v && typeof v === 'object') {
      if (!Array.isArray(v)) out.push(v as Json);
      queue.push(...Object.values(v).slice(0, limit));
    }
  }
  return out;
}

/** A string, the name of a thing (`{name}`), or the first of a list. */
export const str = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? str(v[0])
      : v && typeof v === 'object'
        ? str((v as Json).name)
        : '';
