import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { keyStatusOf } from '@/lib/background/key';
import { apiKey, credits, keyStatus } from '@/lib/storage';
import { engineWith, setupEngineTests } from './setup';
import { emptyCredits } from '@/lib/model';

const sandbox = setupEngineTests();

describe('key', () => {
  it('checks the format and shows only the prefix and the last 4 characters', () => {
    expect(keyStatusOf('complete_api_0123456789abWXYZ')).toEqual({
      present: true,
      masked: 'complete_api_…WXYZ',
      tier: 'complete',
    });
    expect(keyStatusOf('basic_api_0123456789ab')).toMatchObject({ tier: 'basic', masked: 'basic_api_…89ab' });
    // Any random part of the documented form is accepted: the service judges it.
    expect(keyStatusOf('basic_api_x')).toMatchObject({ present: true, tier: 'basic' });
    for (const bad of ['basic_api_', 'plus_api_0123456789abcdef', 'complete_api_0123 456789ab', '', null]) {
      expect(keyStatusOf(bad).present).toBe(false);
    }
  });

  it('stores a well-formed key, never hands it back, and refuses a malformed one', async () => {
    const e = engineWith();
    const status = await e.send('key.set', { key: '  complete_api_0123456789abWXYZ ' });
    expect(status).toEqual({ present: true, masked: 'complete_api_…WXYZ', tier: 'complete' });
    expect(await apiKey.get()).toBe('complete_api_0123456789abWXYZ');
    expect(await keyStatus.get()).toEqual(status);
    expect(JSON.stringify(status)).not.toContain('0123456789ab');

    await expect(e.send('key.set', { key: 'sk-live-0123456789' })).rejects.toMatchObject({
      apiError: {
        code: 'INVALID_API_KEY',
        action: 'fix_key',
        message: { pt: expect.stringMatching(/basic_api_/) },
      },
    });
    expect(await apiKey.get()).toBe('complete_api_0123456789abWXYZ');
    expect(e.calls).toEqual([]);
  });

  it('a new key forgets the credits of the old account', async () => {
    const e = engineWith();
    await e.send('key.set', { key: 'complete_api_0123456789abWXYZ' });
    await credits.set({ ...emptyCredits, balance: 7, updatedAt: 1, source: 'billing' });
    await e.send('key.set', { key: 'complete_api_0123456789abWXYZ' });
    expect((await credits.get()).balance).toBe(7);
    await e.send('key.set', { key: 'basic_api_0123456789abcdef' });
    expect(await credits.get()).toEqual(emptyCredits);
  });

  it('tests the saved key or a given one against /creditos, with the exact error when refused', async () => {
    const good = await sandbox.account({ tier: 'complete', credits: 55 });
    const e = engineWith();
    await e.send('key.set', { key: good });
    expect(await e.send('key.test', {})).toMatchObject({
      ok: true,
      credits: { balance: 55, tier: 'complete' },
    });
    expect((await credits.get()).balance).toBe(55);

    const other = await sandbox.account({ tier: 'basic', credits: 9 });
    expect(await e.send('key.test', { key: other })).toMatchObject({ ok: true, credits: { balance: 9 } });
    // Another key's answer is not this account's balance.
    expect((await credits.get()).balance).toBe(55);

    const refused = await e.send('key.test', { key: 'complete_api_notanaccount000' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'INVALID_API_KEY', status: 401 } });
    expect(await e.send('key.test', { key: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_API_KEY' },
    });
    expect(e.calls.filter((p) => p === '/creditos')).toHaveLength(3);
  });

  it('removes the key, and a lookup then refuses without calling the service', async () => {
    const e = engineWith();
    await e.send('key.set', { key: 'complete_api_0123456789abWXYZ' });
    expect(await e.send('key.remove', {})).toEqual({ present: false, masked: '', tier: null });
    expect(await apiKey.get()).toBeNull();
    expect(await e.send('key.test', {})).toMatchObject({ ok: false, error: { code: 'INVALID_API_KEY' } });
    await expect(
      e.send('lookup', { input: { primeiro_nome: 'Ana', empresa: 'Nubank' }, depth: 'quick', lang: 'pt' }),
    ).rejects.toMatchObject({ apiError: { code: 'INVALID_API_KEY' } });
    expect(e.calls).toEqual([]);
  });

  it('at start, restricts storage.local to trusted contexts and makes the status match the stored key', async () => {
    const levels: unknown[] = [];
    const local = fakeBrowser.storage.local as unknown as { setAccessLevel?: (o: unknown) => Promise<void> };
    local.setAccessLevel = async (o) => void levels.push(o);
    await apiKey.set('basic_api_0123456789abcdef');
    await keyStatus.set({ present: false, masked: '', tier: null });
    await engineWith().ready;
    delete local.setAccessLevel;
    expect(levels).toEqual([{ accessLevel: 'TRUSTED_CONTEXTS' }]);
    expect(await keyStatus.get()).toEqual({ present: true, masked: 'basic_api_…cdef', tier: 'basic' });
  });
});
