import { browser } from 'wxt/browser';
import { isAllowedApiOrigin } from '@/lib/api/config';
import { KEY_FORMAT_ERROR, keyTier } from '@/lib/api/key-format';
import { UserError, type Text } from '@/lib/text';

/* Checks made on the page before anything is saved or sent. */

/** null when `key` looks like a key of the service (`basic_api_…` or `complete_api_…`). */
export function keyFormatError(key: string): Text | null {
  const k = key.trim();
  if (k === '') return { pt: 'Cole a chave de API.', en: 'Paste the API key.' };
  return keyTier(k) ? null : KEY_FORMAT_ERROR;
}

export type AddressCheck = { ok: true; url: string; origin: string } | { ok: false; error: Text };

/** An API address the key may be sent to: https, or http only on this machine. */
export function checkApiAddress(input: string): AddressCheck {
  const raw = input.trim();
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return {
      ok: false,
      error: {
        pt: 'Endereço inválido: use a forma https://api.exemplo.com.br',
        en: 'Invalid address: use the form https://api.example.com',
      },
    };
  }
  if (!isAllowedApiOrigin(raw)) {
    return {
      ok: false,
      error:
        url.protocol === 'http:'
          ? {
              pt: 'Endereço recusado: a chave só viaja por https://. O http:// só é aceito para localhost (o sandbox local).',
              en: 'Address refused: the key only travels over https://. http:// is accepted only for localhost (the local sandbox).',
            }
          : { pt: 'Endereço recusado: use https://.', en: 'Address refused: use https://.' },
    };
  }
  return { ok: true, url: raw.replace(/\/+$/, ''), origin: url.origin };
}

/**
 * Asks the browser for access to `origin` (http on this machine is granted by the manifest). Must be called
 * from the click itself, before any await: the browser only asks during a user gesture.
 */
export function requestOriginAccess(check: Extract<AddressCheck, { ok: true }>): Promise<boolean> {
  if (check.origin.startsWith('http:')) return Promise.resolve(true);
  return browser.permissions.request({ origins: [`${check.origin}/*`] });
}

/**
 * Checks the address that will be used (the one typed, else `fallback`, the default) and, for an https origin,
 * asks the browser for access to it within the click; `save` runs only when both pass.
 */
export async function saveAddress(address: string, fallback: string | null, save: () => Promise<unknown>) {
  const target = address.trim() || fallback;
  if (!target)
    throw new UserError({ pt: 'Informe o endereço (https://…).', en: 'Enter the address (https://…).' });
  const check = checkApiAddress(target);
  if (!check.ok) throw new UserError(check.error);
  if (!(await requestOriginAccess(check))) {
    throw new UserError({
      pt: `Permissão negada: sem ela a extensão não pode falar com ${check.origin}. Nada foi alterado.`,
      en: `Permission denied: without it the extension cannot reach ${check.origin}. Nothing was changed.`,
    });
  }
  await save();
}
