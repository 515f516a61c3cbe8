import { createApiClient, type ApiClient } from '@/lib/api/client';
import { resolveApiConfig } from '@/lib/api/config';
import { ApiFailure } from '@/lib/api/errors';
import { apiKey, settings } from '@/lib/storage';
import { refusal } from './refusal';

/**
 * Services get their API client from a factory, so tests and the benchmark can hand in their own (a counting
 * wrapper, a recording fetch) while the worker uses the stored settings and key.
 */
export type ClientFactory = (options?: {
  /** A key to use instead of the saved one (key.test). */
  key?: string;
  /** Free endpoints work without a key; the saved one is still sent when there is one. */
  keyOptional?: boolean;
}) => Promise<ApiClient>;

export const NO_KEY = {
  pt: 'Nenhuma chave de API salva. Cadastre sua chave nas opções.',
  en: 'No API key saved. Add your key in the options.',
};

export function createClientFactory(extra: { fetch?: typeof globalThis.fetch } = {}): ClientFactory {
  return async (options = {}) => {
    // Both read at once: a charging request waits for this before it leaves.
    const [stored, saved] = await Promise.all([
      settings.get(),
      options.key === undefined ? apiKey.get() : undefined,
    ]);
    const config = resolveApiConfig(stored);
    if (!config.ok) throw new ApiFailure(refusal('INVALID_REQUEST', config.reason, 'fix_key'));
    const key = options.key ?? saved ?? '';
    if (!key && !options.keyOptional) throw new ApiFailure(refusal('INVALID_API_KEY', NO_KEY));
    // The client refuses any address that is not https (or http to this machine): the key goes nowhere else.
    return createApiClient({
      baseUrl: config.baseUrl,
      llmBaseUrl: config.llmBaseUrl,
      apiKey: key,
      fetch: extra.fetch,
    });
  };
}
