import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserError } from '@/lib/text';
import { checkApiAddress, keyFormatError, saveAddress } from '@/lib/options/validate';

describe('key format check', () => {
  it('accepts basic_api_ and complete_api_ keys, with spaces around', () => {
    expect(keyFormatError('basic_api_sandboxDemoBasic01')).toBeNull();
    expect(keyFormatError('  complete_api_0123456789abcdef  ')).toBeNull();
  });

  it('refuses anything else before it is sent', () => {
    for (const key of [
      '',
      'sk-123456789',
      'plus_api_abcdefgh',
      'basic_api_',
      'complete_api_ab cd ef',
      'BASIC_API_abcdefgh',
    ]) {
      expect(keyFormatError(key), key).not.toBeNull();
    }
    expect(keyFormatError('sk-1')?.pt).toContain('basic_api_ ou complete_api_');
  });
});

describe('API address check', () => {
  it('accepts https, and http only on this machine', () => {
    expect(checkApiAddress('https://api.minhaempresa.com.br/')).toEqual({
      ok: true,
      url: 'https://api.minhaempresa.com.br',
      origin: 'https://api.minhaempresa.com.br',
    });
    expect(checkApiAddress('http://localhost:8787')).toMatchObject({
      ok: true,
      origin: 'http://localhost:8787',
    });
    expect(checkApiAddress('http://127.0.0.1:9000')).toMatchObject({ ok: true });
  });

  it('refuses http elsewhere with a message that says why', () => {
    const check = checkApiAddress('http://api.minhaempresa.com.br');
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error.pt).toMatch(/https:\/\/.*localhost/);
  });

  it('refuses what is not an address, or carries credentials', () => {
    expect(checkApiAddress('api.minhaempresa.com.br').ok).toBe(false);
    expect(checkApiAddress('ftp://api.minhaempresa.com.br').ok).toBe(false);
    expect(checkApiAddress('https://user:pass@api.minhaempresa.com.br').ok).toBe(false);
  });
});

describe('saving an API address', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const saver = () => {
    const calls: number[] = [];
    return { calls, save: async () => void calls.push(1) };
  };

  it('saves an empty field when the default address is allowed', async () => {
    const { calls, save } = saver();
    await saveAddress('', 'http://127.0.0.1:8787', save);
    expect(calls).toHaveLength(1);
  });

  it('refuses http elsewhere, and an empty field with no default, without saving', async () => {
    const { calls, save } = saver();
    await expect(saveAddress('http://api.minhaempresa.com.br', null, save)).rejects.toBeInstanceOf(UserError);
    await expect(saveAddress('  ', null, save)).rejects.toMatchObject({
      text: { pt: 'Informe o endereço (https://…).' },
    });
    expect(calls).toHaveLength(0);
  });

  it('asks the browser for access to an https origin and saves only when granted', async () => {
    const asked: unknown[] = [];
    let grant = false;
    vi.spyOn(browser.permissions, 'request').mockImplementation(async (p) => {
      asked.push(p);
      return grant;
    });
    const { calls, save } = saver();
    await expect(saveAddress('https://api.minhaempresa.com.br/', null, save)).rejects.toMatchObject({
      text: { pt: expect.stringContaining('Permissão negada') },
    });
    expect(calls).toHaveLength(0);
    grant = true;
    await saveAddress('https://api.minhaempresa.com.br/', null, save);
    expect(calls).toHaveLength(1);
    expect(asked).toEqual([
      { origins: ['https://api.minhaempresa.com.br/*'] },
      { origins: ['https://api.minhaempresa.com.br/*'] },
    ]);
  });
});

describe('one key rule for the page and the worker', () => {
  it('the options page accepts exactly the keys the worker keeps', async () => {
    const fc = await import('fast-check');
    const { keyStatusOf } = await import('@/lib/background/key');
    const key = fc.oneof(
      fc
        .tuple(fc.constantFrom('basic_api_', 'complete_api_', 'plus_api_', 'basic_api', ''), fc.string())
        .map(([p, r]) => p + r),
      fc.string(),
    );
    fc.assert(
      fc.property(key, (k) => {
        expect(keyFormatError(k) === null).toBe(keyStatusOf(k.trim()).present);
      }),
    );
    // A short random part is a key of the documented form: both sides take it.
    expect(keyFormatError('basic_api_abc')).toBeNull();
    expect(keyStatusOf('basic_api_abc').present).toBe(true);
  });
});
