import * as z from 'zod/mini';
import { creditsSchema, depths, emptyCredits, keyStatusSchema, langSchema } from '@/lib/model';
import { defineStored } from './define';
import { LOCAL_KEYS } from './keys';

/* What is kept in storage.local: it outlives a browser restart. */

export const environments = ['production', 'development', 'custom', 'sandbox'] as const;
export type Environment = (typeof environments)[number];

const buildEnvironment: Environment = import.meta.env?.WXT_API_ENV === 'sandbox' ? 'sandbox' : 'production';

const intIn = (min: number, max: number) => z.int().check(z.minimum(min), z.maximum(max));
const urlOrEmpty = z.catch(z.string().check(z.maxLength(2048)), '');

export const settingsSchema = z.object({
  environment: z.catch(z.enum(environments), buildEnvironment),
  /** Per-environment base-URL overrides; '' means the build-time address. */
  baseUrls: z.catch(
    z.object({ production: urlOrEmpty, development: urlOrEmpty, custom: urlOrEmpty, sandbox: urlOrEmpty }),
    { production: '', development: '', custom: '', sandbox: '' },
  ),
  llmBaseUrl: urlOrEmpty,
  llmModel: z.catch(z.string().check(z.maxLength(200)), ''),
  language: z.catch(z.enum(['auto', 'pt', 'en']), 'auto'),
  analysisLanguage: z.catch(langSchema, 'pt'),
  defaultDepth: z.catch(z.enum(depths), 'quick'),
  confirmSpending: z.catch(z.boolean(), true),
  confirmAboveCredits: z.catch(intIn(1, 1000), 3),
  reuseDays: z.catch(intIn(0, 365), 30),
  lowBalanceThreshold: z.catch(intIn(0, 100000), 10),
  historyRetentionDays: z.catch(intIn(1, 3650), 365),
  autoDetect: z.catch(z.boolean(), true),
  /** What a click on the toolbar icon opens: the popup (balance at a glance) or the side panel. */
  actionOpens: z.catch(z.enum(['popup', 'sidepanel']), 'popup'),
});
export type Settings = z.infer<typeof settingsSchema>;
export const defaultSettings: Settings = settingsSchema.parse({});

/* The worker keeps the items a charging request reads in memory (`remember`; see `keepInMemory`). */

export const settings = defineStored(`local:${LOCAL_KEYS.settings}`, settingsSchema, defaultSettings, {
  remember: true,
});

/** The API key. Read only by the background; pages see `keyStatus`. */
export const apiKey = defineStored(
  `local:${LOCAL_KEYS.apiKey}`,
  z.nullable(z.string().check(z.maxLength(512))),
  null,
  { remember: true },
);

export const keyStatus = defineStored(
  `local:${LOCAL_KEYS.keyStatus}`,
  keyStatusSchema,
  { present: false, masked: '', tier: null },
  { remember: true },
);

export const credits = defineStored(`local:${LOCAL_KEYS.credits}`, creditsSchema, emptyCredits, {
  remember: true,
});

export const onboardingDone = defineStored(`local:${LOCAL_KEYS.onboardingDone}`, z.boolean(), false);
