import type { Text } from '@/lib/text';

/*
 * What an API key looks like, for the options page (before saving) and the worker (before sending): the
 * documented prefix, `basic_api_` or `complete_api_`, then a random part of any length. The random part is
 * only required to be non-empty and printable without spaces (it travels in a header); the service judges
 * the rest.
 */
const KEY_FORMAT = /^(basic|complete)_api_[\x21-\x7e]+$/;

/** The key's tier from its prefix, or null when it is not of the documented form. */
export function keyTier(key: string): 'basic' | 'complete' | null {
  const m = KEY_FORMAT.exec(key);
  return m ? (m[1] as 'basic' | 'complete') : null;
}

const TIER_NAMES: Record<string, string> = { basic: 'Basic', complete: 'Complete', plus: 'Plus' };
/** A tier as the user reads it (`complete` → `Complete`); an unknown one as the service named it. */
export const tierLabel = (tier: string): string => TIER_NAMES[tier.toLowerCase()] ?? tier;

export const KEY_FORMAT_ERROR: Text = {
  pt: 'Formato de chave inválido: a chave começa com basic_api_ ou complete_api_, seguida da parte aleatória, sem espaços.',
  en: 'Invalid key format: a key starts with basic_api_ or complete_api_, followed by its random part, without spaces.',
};
