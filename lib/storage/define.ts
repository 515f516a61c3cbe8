import * as z from 'zod/mini';
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

export function defineStored<T>(
  key: StorageKey,
  schema: z.ZodMiniType<T>,
  fallback: T,
  options: { version?: number; migrations?: Record<number, (old: unknown) => unknown> } = {},
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
  let queue: Promise<unknown> = Promise.resolve();
  return {
    key,
    fallback,
    parse,
    get: async () => parse(await item.getValue()),
    set: (value) => item.setValue(schema.parse(value)),
    // Read-modify-write calls made in this context run one after another, so none is lost.
    update(fn) {
      const next = queue.then(async () => {
        const value = fn(parse(await item.getValue()));
        await item.setValue(schema.parse(value));
        return value;
      });
      queue = next.catch(() => undefined);
      return next;
    },
    remove: () => item.removeValue(),
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
