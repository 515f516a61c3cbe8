import { z } from 'zod';
import {
  batchJobSchema,
  creditsSchema,
  depths,
  emptyCredits,
  keyStatusSchema,
  langSchema,
} from '@/lib/model';
import { defineStored, recordOf } from './define';
import { LOCAL_KEYS } from './keys';

/* What is kept in storage.local: it outlives a browser restart. */

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

export const settings = defineStored(`local:${LOCAL_KEYS.settings}`, settingsSchema, defaultSettings);

/** The API key. Read only by the background; pages see `keyStatus`. */
export const apiKey = defineStored(`local:${LOCAL_KEYS.apiKey}`, z.string().max(512).nullable(), null);

export const keyStatus = defineStored(`local:${LOCAL_KEYS.keyStatus}`, keyStatusSchema, {
  present: false,
  masked: '',
  tier: null,
});

export const credits = defineStored(`local:${LOCAL_KEYS.credits}`, creditsSchema, emptyCredits);

export const onboardingDone = defineStored(`local:${LOCAL_KEYS.onboardingDone}`, z.boolean(), false);

/** Batch jobs by id: they outlive the panel, a worker restart and a browser restart. Only the background writes. */
export const batchJobs = defineStored(`local:${LOCAL_KEYS.batchJobs}`, recordOf(batchJobSchema), {});
