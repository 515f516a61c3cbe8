import * as z from 'zod/mini';
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';

/**
 * How every stored item is defined (the items themselves: ./local.ts, ./session.ts; IndexedDB: ./idb.ts). Each is validated when read: a value that no longer fits its schema
 * falls back field by field to the default instead of breaking the page that reads it. Items carry a
 * version so later shapes can migrate the old ones. Every page reads these: their schemas are zod/mini.
 */
type StorageKey = `local:${string}` | `session:${string}`;

export interface StoredItem<T> {
  key: StorageKey;
  fallback: T;
  get(): Promise<T>;
  set(value: T): Promise<void>;
  update(fn: (old: T) => T): Promise<T>;
  remove(): Promise<void>;
  watch(cb: (value: T) => void): () => void;
  parse(raw: unknown): T;
  /** The stored value as it is, unvalidated (undefined when nothing is stored). */
  getRaw(): Promise<unknown>;
}

/** The items a context may keep in memory (defined with `remember`), by area and name as storage.onChanged says them. */
const rememberable = new Map<string, { refresh(): void; forget(): void }>();
/** The change listener that keeps them current, once `keepInMemory()` has been called in this context. */
let keeping: ((changes: Record<string, unknown>, area: string) => void) | null = null;

/**
 * From now on this context keeps the items defined with `remember` in memory: each is read from storage once, then
 * served from memory; this context's own writes replace it, and any change storage reports (another page, or a write
 * that did not go through the item) reads it again at once. Called again, it starts over, as a new context would.
 * The memory is trusted only while its change listener is registered: without it, every read goes to storage.
 */
export function keepInMemory(): void {
  if (keeping) browser.storage.onChanged.removeListener(keeping);
  for (const item of rememberable.values()) item.forget();
  keeping = (changes, area) => {
    for (const name of Object.keys(changes)) rememberable.get(`${area}:${name}`)?.refresh();
  };
  browser.storage.onChanged.addListener(keeping);
}

const inMemory = () => keeping !== null && browser.storage.onChanged.hasListener(keeping);

export function defineStored<T>(
  key: StorageKey,
  schema: z.ZodMiniType<T>,
  fallback: T,
  options: {
    version?: number;
    migrations?: Record<number, (old: unknown) => unknown>;
    /** Kept in memory by a context that asks for it (`keepInMemory`): read on the way to a charging request. */
    remember?: boolean;
  } = {},
): StoredItem<T> {
  const item = storage.defineItem<unknown>(key, {
    fallback,
    version: options.version ?? 1,
    migrations: options.migrations,
  });
  const parse = (raw: unknown): T => {
    const result = schema.safeParse(raw);
    return result.success ? result.data : fallback;
  };
  const read = async () => parse(await item.getValue());
  // The value in memory: a read (in flight or done) or this context's last write. Readers share it: never changed.
  let held: Promise<T> | null = null;
  const hold = (value: Promise<T>) => {
    held = value;
    // A failed read is not kept: the next one asks storage again.
    value.catch(() => {
      if (held === value) held = null;
    });
  };
  /** After this context's own write: what it wrote is the value now. */
  const wrote = (value: T) => {
    if (options.remember && inMemory()) hold(Promise.resolve(value));
  };
  if (options.remember) {
    rememberable.set(key, {
      // Read again at once (not at the next get), so the next reader does not wait for it.
      refresh: () => held && hold(read()),
      forget: () => (held = null),
    });
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    key,
    fallback,
    parse,
    get() {
      if (!options.remember || !inMemory()) return read();
      if (!held) hold(read());
      return held!;
    },
    async set(value) {
      const stored = schema.parse(value);
      await item.setValue(stored);
      wrote(stored);
    },
    // Read-modify-write calls made in this context run one after another, so none is lost.
    update(fn) {
      const next = queue.then(async () => {
        const value = fn(parse(await item.getValue()));
        const stored = schema.parse(value);
        await item.setValue(stored);
        wrote(stored);
        return value;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    async remove() {
      await item.removeValue();
      wrote(fallback);
    },
    getRaw: async () => (await storage.getItem<unknown>(key)) ?? undefined,
    watch: (cb) => item.watch((raw) => cb(parse(raw))),
  };
}

/** A map of records where a damaged record is dropped instead of the whole map. */
export const recordOf = <T>(schema: z.ZodMiniType<T>) =>
  z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((r) =>
      Object.fromEntries(
        Object.entries(r).flatMap(([k, v]) => {
          const parsed = schema.safeParse(v);
          return parsed.success ? [[k, parsed.data] as const] : [];
        }),
      ),
    ),
  ) as unknown as z.ZodMiniType<Record<string, T>>;
