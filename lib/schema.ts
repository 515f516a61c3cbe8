import { z } from 'zod';
import { MAX_ITEMS, capList, capRecord, capText, capTexts } from '@/lib/text';

/*
 * The forgiving zod helpers every outside body is read with (profile API, analysis, model API): a known field of an
 * unexpected type reads as absent instead of rejecting the whole answer, a bad list item is dropped, and lists,
 * records and texts are cut to their caps (lib/text.ts) before they are parsed or shown.
 */

/**
 * A schema built on its first use rather than when its module loads. The worker loads every response schema at each
 * wake, and a classic zod schema costs its construction (a few microseconds each, several hundred of them): built
 * here on the first response that needs them instead. The stand-in passes everything on to the schema, so zod and
 * its callers see no difference.
 */
export function deferred<T extends object>(make: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= make());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(schema(), key);
      return d && { ...d, configurable: true };
    },
    defineProperty: (_, key, d) => Reflect.defineProperty(schema(), key, d),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}

/** A loose object (unknown fields pass), built with its shape on first use. */
export const looseLater = <S extends z.core.$ZodLooseShape>(shape: () => S) =>
  deferred(() => z.looseObject(shape()));

/** `make()`, optional and forgiving (a wrong type reads as absent), built on first use. */
const forgiving = <T extends z.ZodType>(make: () => T) => deferred(() => make().optional().catch(undefined));

/** Optional and forgiving: a wrong type reads as absent. */
export const opt = <T extends z.ZodType>(schema: T) => forgiving(() => schema);
export const num = () => forgiving(() => z.number());
export const bool = () => forgiving(() => z.boolean());
/** Any text, as sent. */
export const text = () => forgiving(() => z.string());
/** Service text shown to the user, capped (required: wrap it in `opt` or use `cappedText` where it may be absent). */
export const capped = () => deferred(() => z.string().transform((s) => capText(s)));
/** Service text shown to the user, capped, forgiving. */
export const cappedText = () => opt(capped());

/** Cut before parsing, so a huge list or record costs its cap, not its size. */
const firstItems =
  (max = MAX_ITEMS) =>
  (v: unknown) =>
    Array.isArray(v) ? capList(v, max) : v;
const firstEntries = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? capRecord(v as Record<string, unknown>) : v;

/** A list, capped, that keeps its good items. */
export const list = <T extends z.ZodType>(item: T) =>
  forgiving(() =>
    z.preprocess(
      firstItems(),
      z
        .array(item.optional().catch(undefined))
        .transform((items) => items.filter((x): x is NonNullable<typeof x> => x !== undefined)),
    ),
  );
/** A list, capped at `max`, whose items must all be good (one bad item fails the list). */
export const cappedArray = <T extends z.ZodType>(item: T, max = MAX_ITEMS) =>
  deferred(() => z.preprocess(firstItems(max), z.array(item)));
/** A list of texts, capped in count and length. */
export const texts = () =>
  forgiving(() =>
    z.preprocess(
      firstItems(),
      z
        .array(z.string().optional().catch(undefined))
        .transform((l) => capTexts(l.filter((s) => s !== undefined))),
    ),
  );
/** A record, capped. */
export const dict = <T extends z.ZodType>(value: T) =>
  forgiving(() => z.preprocess(firstEntries, z.record(z.string(), value)));

/**
 * An object taken as it came, for a reader that reads it field by field and reports what it could not read (the
 * analysis: lib/analysis/normalize.ts). Anything but an object fails.
 */
export const rawObject = () =>
  z.custom<Record<string, unknown>>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));
