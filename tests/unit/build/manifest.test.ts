import { afterEach, describe, expect, it } from 'vitest';
import { hostPermissions, LOCAL_HOST_PERMISSIONS } from '@/lib/api/config';
import config from '../../../wxt.config';

/* Install-time host permissions of each kind of build, read from the build configuration itself. */

type Env = { mode: string; command: 'build' | 'serve'; browser: string; manifestVersion: 3 };
const saved = process.env.WXT_API_ENV;
afterEach(() => {
  if (saved === undefined) delete process.env.WXT_API_ENV;
  else process.env.WXT_API_ENV = saved;
});

async function manifestHosts(command: 'build' | 'serve', apiEnv?: string): Promise<string[]> {
  if (apiEnv === undefined) delete process.env.WXT_API_ENV;
  else process.env.WXT_API_ENV = apiEnv;
  const manifest = config.manifest;
  const env: Env = {
    mode: command === 'build' ? 'production' : 'development',
    command,
    browser: 'chrome',
    manifestVersion: 3,
  };
  const value =
    typeof manifest === 'function' ? await (manifest as (e: Env) => unknown)(env) : await manifest;
  return (value as { host_permissions: string[] }).host_permissions;
}

describe('host permissions per build', () => {
  it('a production build holds the service addresses and never this machine', async () => {
    const hosts = await manifestHosts('build');
    expect(hosts).toContain('https://api.perfilintel.com.br/*');
    expect(hosts.some((h) => /localhost|127\.0\.0\.1/.test(h))).toBe(false);
  });

  it('the sandbox build (npm run build:sandbox) and the dev server keep this machine', async () => {
    for (const hosts of [await manifestHosts('build', 'sandbox'), await manifestHosts('serve')]) {
      expect(hosts).toEqual(
        expect.arrayContaining([...LOCAL_HOST_PERMISSIONS, 'https://api.perfilintel.com.br/*']),
      );
    }
  });

  it('other environments given at build time do not bring this machine either', () => {
    expect(hostPermissions({ WXT_API_ENV: 'development' }, 'build')).not.toContain('http://localhost/*');
    expect(hostPermissions({ WXT_API_PROD_URL: 'https://x.example.com/api' }, 'build')).toContain(
      'https://x.example.com/*',
    );
  });
});
