import { tidy } from './names';
import { shared } from './shared';

// Reading only: textContent and attributes, never markup into a live document, never page code.

/**
 * One reading of the page (lib/extract/candidates.ts collect): what its readers work out with `once` is worked out
 * once, whichever module's reader asks (the memo is in the page's shared state). The page does not change while it
 * is read (the reading is synchronous); the memo is gone when the reading ends.
 */
export function reading<T>(run: () => T): T {
  const s = shared();
  if (s.memo) return run();
  s.memo = new Map();
  try {
    return run();
  } finally {
    s.memo = undefined;
  }
}

/** `compute()`, worked out once per reading for `key` of `root`; each time outside a reading. */
export function once<T>(root: object, key: string, compute: () => T): T {
  const memo = shared().memo;
  if (!memo) return compute();
  let of = memo.get(root);
  if (!of) memo.set(root, (of = new Map()));
  if (!of.has(key)) of.set(key, compute());
  return of.get(key) as T;
}

export const text = (el: Element | null | undefined) => tidy(el?.textContent);

/** Text of the first element matching the selector list. */
export const pick = (root: ParentNode, selector: string) => text(root.querySelector(selector));

/** At most `max` elements, so a page with a huge number of them stays cheap; one query per reading and selector. */
export const all = (root: ParentNode, selector: string, max = 500) =>
  once(root, selector, () => Array.from(root.querySelectorAll(selector))).slice(0, max);

/**
 * A meta tag's content, once per reading: looked for in the head first, where pages put them (a large page's body is
 * walked only when the head has none).
 */
export const meta = (doc: Document, key: string) =>
  once(doc, `meta ${key}`, () => {
    const selector = `meta[property="${key}"],meta[name="${key}"]`;
    return tidy((doc.head?.querySelector(selector) ?? doc.querySelector(selector))?.getAttribute('content'));
  });

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

/**
 * A string, the name of a thing (`{name}`), or the first of a list; at most 32 levels down (a name nested 60,000
 * lists deep is nobody's, and never overflows the stack).
 */
export const str = (v: unknown, depth = 0): string =>
  typeof v === 'string'
    ? v
    : depth > 32
      ? ''
      : Array.isArray(v)
        ? str(v[0], depth + 1)
        : v && typeof v === 'object'
          ? str((v as Json).name, depth + 1)
          : '';
