import type { Environment, Settings } from '@/lib/storage';
import type { Text } from '@/lib/text';

export type { Environment };

/** Build-time addresses from WXT_* variables, with defaults for a build that sets none. */
export function buildUrls(env: Partial<Record<string, string>>) {
  return {
    production: env.WXT_API_PROD_URL || 'https://api.perfilintel.com.br',
    development: env.WXT_API_DEV_URL || 'https://dev-api.perfilintel.com.br',
    llm: env.WXT_LLM_PROD_URL || 'https://llm.perfilintel.com.br',
    sandbox: 'http://127.0.0.1:8787',
  } as const;
}

/** This machine, where the sandbox and a local server run. */
export const LOCAL_HOST_PERMISSIONS = ['http://localhost/*', 'http://127.0.0.1/*'] as const;

/**
 * Install-time host permissions: the service's build-time addresses. This machine only in a sandbox build
 * (WXT_API_ENV=sandbox) or under `wxt` (dev server): a production build never holds it.
 */
export function hostPermissions(env: Partial<Record<string, string>>, command: 'build' | 'serve'): string[] {
  const urls = buildUrls(env);
  const api = [urls.production, urls.development, urls.llm].map((u) => `${new URL(u).origin}/*`);
  const local = command === 'serve' || env.WXT_API_ENV === 'sandbox';
  return [...new Set([...api, ...(local ? LOCAL_HOST_PERMISSIONS : [])])];
}

// import.meta.env is absent when this module runs outside a Vite build (a Node script).
export const BUILD_URLS = buildUrls(import.meta.env ?? {});

export type ApiConfig =
  | { ok: true; environment: Environment; baseUrl: string; llmBaseUrl: string }
  | { ok: false; environment: Environment; reason: Text };

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The key may only travel over https, or over http to this machine. */
export function isAllowedApiOrigin(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:') return parsed.hostname !== '';
  return parsed.protocol === 'http:' && LOCAL_HOSTS.has(parsed.hostname);
}

/** Trailing slashes and a trailing `/v1` go: the client appends its own paths. */
function normalizeBase(url: string): string {
  return url.trim().replace(/\/+$/, '').replace(/\/v1$/, '');
}

/**
 * The addresses to call for the chosen environment. The model API lives at its own production address;
 * elsewhere (development, a custom domain, the sandbox) it is served beside the profile API unless the
 * settings give it an address.
 */
export function resolveApiConfig(
  settings: Pick<Settings, 'environment' | 'baseUrls' | 'llmBaseUrl'>,
): ApiConfig {
  const { environment } = settings;
  const override = settings.baseUrls[environment].trim();
  if (environment === 'custom' && override === '') {
    return {
      ok: false,
      environment,
      reason: {
        pt: 'Informe o endereço do domínio personalizado (https://…) nas opções.',
        en: 'Enter the custom domain address (https://…) in the options.',
      },
    };
  }
  const baseUrl = normalizeBase(override || BUILD_URLS[environment as Exclude<Environment, 'custom'>]);
  const llmBaseUrl = normalizeBase(
    settings.llmBaseUrl || (environment === 'production' ? BUILD_URLS.llm : baseUrl),
  );
  for (const url of [baseUrl, llmBaseUrl]) {
    if (!isAllowedApiOrigin(url)) {
      return {
        ok: false,
        environment,
        reason: {
          pt: `Endereço não permitido: ${url}. Use https:// (http:// só para localhost).`,
          en: `Address not allowed: ${url}. Use https:// (http:// only for localhost).`,
        },
      };
    }
  }
  return { ok: true, environment, baseUrl, llmBaseUrl };
}
