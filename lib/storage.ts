import { z } from 'zod';
import { storage } from 'wxt/utils/storage';
import { creditsSchema, depths, emptyCredits, keyStatusSchema, langSchema } from '@/lib/model';

/**
 * Every stored item, defined once. Each is validated when read: a value that no longer fits its schema
 * falls back field by field to the default instead of breaking the page that reads it. Items carry a
 * version so later shapes can migrate the old ones.
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
}

export function defineStored<T>(
  key: StorageKey,
  schema: z.ZodType<T>,
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
    watch: (cb) => item.watch((raw) => cb(parse(raw))),
  };
}

export const environments = ['production', 'development', 'custom', 'sandbox'] as const;
export type Environment = (typeof environments)[number];

const buildEnvironment: Environment = import.meta.env?.WXT_API_ENV === 'sandbox' ? 'sandbox' : 'production';

const urlOrEmpty = z.string().max(2048).catch('');

export const settingsSchema = z.object({
  environment: z.enum(environments).catch(buildEnvironment),
  /** Per-environment base-URL overrides; '' means the build-time address. */
  baseUrls: z
    .object({ production: urlOrEmpty, development: urlOrEmpty, custom: urlOrEmpty, sandbox: urlOrEmpty })
    .catch({ production: '', development: '', custom: '', sandbox: '' }),
  llmBaseUrl: urlOrEmpty,
  llmModel: z.string().max(200).catch(''),
  language: z.enum(['auto', 'pt', 'en']).catch('auto'),
  analysisLanguage: langSchema.catch('pt'),
  defaultDepth: z.enum(depths).catch('quick'),
  confirmSpending: z.boolean().catch(true),
  confirmAboveCredits: z.number().int().min(1).max(1000).catch(3),
  reuseDays: z.number().int().min(0).max(365).catch(30),
  lowBalanceThreshold: z.number().int().min(0).max(100000).catch(10),
  historyRetentionDays: z.number().int().min(1).max(3650).catch(365),
  autoDetect: z.boolean().catch(true),
  /** What a click on the toolbar icon opens: the popup (balance at a glance) or the side panel. */
  actionOpens: z.enum(['popup', 'sidepanel']).catch('popup'),
});
export type Settings = z.infer<typeof settingsSchema>;
export const defaultSettings: Settings = settingsSchema.parse({});

export const settings = defineStored('local:settings', settingsSchema, defaultSettings);

/** The API key. Read only by the background; pages see `keyStatus`. */
export const apiKey = defineStored('local:apiKey', z.string().max(512).nullable(), null);

export const keyStatus = defineStored('local:keyStatus', keyStatusSchema, {
  present: false,
  masked: '',
  tier: null,
});

export const credits = defineStored('local:credits', creditsSchema, emptyCredits);

export const onboardingDone = defineStored('local:onboardingDone', z.boolean(), false);
