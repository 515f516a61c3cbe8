import { describe, expect, it } from 'vitest';
import { BUILD_URLS, isAllowedApiOrigin, resolveApiConfig } from '@/lib/api/config';
import { defaultSettings, type Settings } from '@/lib/storage';

const with_ = (patch: Partial<Settings>): Settings => ({ ...defaultSettings, ...patch });
const noOverrides = { production: '', development: '', custom: '', sandbox: '' };

describe('isAllowedApiOrigin', () => {
  it('allows https anywhere and http only to this machine', () => {
    expect(isAllowedApiOrigin('https://api.example.com.br')).toBe(true);
    expect(isAllowedApiOrigin('http://localhost:8787')).toBe(true);
    expect(isAllowedApiOrigin('http://127.0.0.1:8787/')).toBe(true);
    expect(isAllowedApiOrigin('http://[::1]:8787')).toBe(true);
    expect(isAllowedApiOrigin('http://api.example.com')).toBe(false);
    expect(isAllowedApiOrigin('http://127.0.0.1.evil.com')).toBe(false);
    expect(isAllowedApiOrigin('ftp://localhost')).toBe(false);
    expect(isAllowedApiOrigin('javascript:alert(1)')).toBe(false);
    expect(isAllowedApiOrigin('https://user:pass@api.example.com')).toBe(false);
    expect(isAllowedApiOrigin('not a url')).toBe(false);
  });
});

describe('resolveApiConfig', () => {
  it('uses the build-time addresses for production and development', () => {
    expect(
      resolveApiConfig(with_({ environment: 'production', baseUrls: noOverrides, llmBaseUrl: '' })),
    ).toEqual({
      ok: true,
      environment: 'production',
      baseUrl: BUILD_URLS.production,
      llmBaseUrl: BUILD_URLS.llm,
    });
    const dev = resolveApiConfig(
      with_({ environment: 'development', baseUrls: noOverrides, llmBaseUrl: '' }),
    );
    expect(dev).toMatchObject({
      ok: true,
      baseUrl: BUILD_URLS.development,
      llmBaseUrl: BUILD_URLS.development,
    });
    expect(BUILD_URLS.production.startsWith('https://')).toBe(true);
    expect(BUILD_URLS.development.startsWith('https://')).toBe(true);
  });

  it('serves both APIs from the sandbox address by default', () => {
    expect(
      resolveApiConfig(with_({ environment: 'sandbox', baseUrls: noOverrides, llmBaseUrl: '' })),
    ).toMatchObject({
      ok: true,
      baseUrl: 'http://127.0.0.1:8787',
      llmBaseUrl: 'http://127.0.0.1:8787',
    });
  });

  it('lets the settings override an address, trimming slashes and a trailing /v1', () => {
    const config = resolveApiConfig(
      with_({
        environment: 'production',
        baseUrls: { ...noOverrides, production: 'https://perfil.minhaempresa.com.br/' },
        llmBaseUrl: 'https://llm.minhaempresa.com.br/v1/',
      }),
    );
    expect(config).toMatchObject({
      ok: true,
      baseUrl: 'https://perfil.minhaempresa.com.br',
      llmBaseUrl: 'https://llm.minhaempresa.com.br',
    });
  });

  it('needs a custom address for the custom environment, and refuses plain http off this machine', () => {
    const missing = resolveApiConfig(with_({ environment: 'custom', baseUrls: noOverrides, llmBaseUrl: '' }));
    expect(missing.ok).toBe(false);
    const insecure = resolveApiConfig(
      with_({
        environment: 'custom',
        baseUrls: { ...noOverrides, custom: 'http://api.minhaempresa.com.br' },
        llmBaseUrl: '',
      }),
    );
    expect(insecure).toMatchObject({ ok: false, environment: 'custom' });
    if (!insecure.ok) expect(insecure.reason.pt).toContain('https://');
    const custom = resolveApiConfig(
      with_({
        environment: 'custom',
        baseUrls: { ...noOverrides, custom: 'https://api.minhaempresa.com.br' },
        llmBaseUrl: '',
      }),
    );
    expect(custom).toMatchObject({
      ok: true,
      baseUrl: 'https://api.minhaempresa.com.br',
      llmBaseUrl: 'https://api.minhaempresa.com.br',
    });
  });
});
