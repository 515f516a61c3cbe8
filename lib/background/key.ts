import { ApiFailure, toApiError } from '@/lib/api/errors';
import { KEY_FORMAT_ERROR, keyTier } from '@/lib/api/key-format';
import type { Responses } from '@/lib/messaging';
import { apiKey, keyStatus } from '@/lib/storage';
import type { CreditsService } from './credits';
import { refusal } from './refusal';
import type { KeyStatus } from '@/lib/model';

export const NO_KEY_STATUS: KeyStatus = { present: false, masked: '', tier: null };

/** The status pages may see: the prefix and the last 4 characters, never the key. */
export function keyStatusOf(key: string | null): KeyStatus {
  const tier = key === null ? null : keyTier(key);
  if (key === null || !tier) return NO_KEY_STATUS;
  return { present: true, masked: `${tier}_api_…${key.slice(-4)}`, tier };
}

function checkFormat(key: string): void {
  if (!keyTier(key)) throw new ApiFailure(refusal('INVALID_API_KEY', KEY_FORMAT_ERROR));
}

export function createKeyService({ credits }: { credits: CreditsService }) {
  return {
    async set(key: string): Promise<KeyStatus> {
      checkFormat(key);
      const status = keyStatusOf(key);
      const changed = (await apiKey.get()) !== key;
      await apiKey.set(key);
      await keyStatus.set(status);
      if (changed) await credits.reset();
      return status;
    },

    /** Asks /creditos with `key`, or with the saved key; answers the credits or the service's exact error. */
    async test(key: string | undefined): Promise<Responses['key.test']> {
      try {
        if (key !== undefined) checkFormat(key);
        const saved = await apiKey.get();
        const value = await credits.test(key === undefined || key === saved ? undefined : key);
        return { ok: true, credits: value };
      } catch (e) {
        return { ok: false, error: toApiError(e) };
      }
    },

    async remove(): Promise<KeyStatus> {
      await apiKey.remove();
      await keyStatus.set(NO_KEY_STATUS);
      await credits.reset();
      return NO_KEY_STATUS;
    },

    /** At start: the status always describes the stored key (an older copy may have written neither or one). */
    async reconcile(): Promise<void> {
      const status = keyStatusOf(await apiKey.get());
      const stored = await keyStatus.get();
      if (JSON.stringify(stored) !== JSON.stringify(status)) await keyStatus.set(status);
    },
  };
}
