import { emptyAnalysis } from '@/lib/analysis/normalize';
import { ANALYSIS_VERSION } from '@/lib/analysis/model';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_VERSIONS, HistoryError, createHistory, personKey } from '@/lib/history';
import type { DraftVersion, HistoryEntry, LookupInput } from '@/lib/model';
import { HISTORY_DB, HISTORY_VERSION, MIGRATIONS } from '@/lib/storage/idb';
import { fold } from '@/lib/text';
import { exportAll } from './history-oracle';

const DAY = 86_400_000;
let clock = Date.UTC(2025, 5, 1);

function entry(
  id: string,
  input: Partial<LookupInput> = {},
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
  const full = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank', ...input };
  return {
    id,
    personKey: personKey(full),
    input: full,
    depth: 'complete',
    lang: 'pt',
    endpoint: '/crm',
    creditsCharged: 2,
    createdAt: clock,
    analysis: { ...emptyAnalysis(), cargo: 'Head de Vendas' },
    version: ANALYSIS_VERSION,
    issues: [],
    ...extra,
  };
}

const open = (retentionDays = 365) => createHistory({ retentionDays: () => retentionDays, now: () => clock });

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  clock = Date.UTC(2025, 5, 1);
});
afterEach(() => vi.restoreAllMocks());

describe('personKey', () => {
  it('folds case, accents and spaces, and keeps name and company apart', () => {
    expect(personKey({ primeiro_nome: ' João ', ultimo_nome: 'da  Silva', empresa: 'Itaú Unibanco' })).toBe(
      'joao da silva|itau unibanco',
    );
    expect(personKey({ primeiro_nome: 'JOAO', ultimo_nome: 'DA SILVA', empresa: 'itau unibanco' })).toBe(
      personKey({ primeiro_nome: 'João', ultimo_nome: 'da Silva', empresa: 'Itaú Unibanco' }),
    );
    expect(personKey({ primeiro_nome: 'Ana', empresa: 'Souza Nubank' })).not.toBe(
      personKey({ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' }),
    );
    expect(fold('Conceição\tÁvila')).toBe('conceicao avila');
  });
});

describe('history', () => {
  it('puts, gets, deletes and clears entries', async () => {
    const h = open();
    await h.put(entry('a'));
    await h.put(entry('b', { primeiro_nome: 'Bia' }));
    expect(await h.get('a')).toEqual(entry('a'));
    await h.delete('a');
    expect(await h.get('a')).toBeNull();
    expect(await h.get('b')).not.toBeNull();
    await h.clear();
    expect(await exportAll()).toEqual([]);
  });

  it('lists newest first and searches name, company or role without case or accents', async () => {
    const h = open();
    await h.put(
      entry('1', { primeiro_nome: 'João', ultimo_nome: 'Araújo', empresa: 'Itaú' }, { createdAt: clock - 3 }),
    );
    await h.put(entry('2', { primeiro_nome: 'Ana', empresa: 'Nubank' }, { createdAt: clock - 2 }));
    await h.put(entry('3', { primeiro_nome: 'Bia', empresa: 'Itaú BBA' }, { createdAt: clock - 1 }));
    const ids = async (query: string, limit?: number) => (await h.list({ query, limit })).map((s) => s.id);
    expect(await ids('')).toEqual(['3', '2', '1']);
    expect(await ids('ITAU')).toEqual(['3', '1']);
    expect(await ids('joao araujo')).toEqual(['1']);
    expect(await ids('head de vendas', 2)).toEqual(['3', '2']);
    expect(await ids('xyz')).toEqual([]);
    const [summary] = await h.list({ query: 'nubank' });
    expect(summary).toEqual({
      id: '2',
      personKey: 'ana souza|nubank',
      input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
      depth: 'complete',
      lang: 'pt',
      endpoint: '/crm',
      creditsCharged: 2,
      createdAt: clock - 2,
      cargo: 'Head de Vendas',
    });
  });

  it('finds a reusable entry at the same or a deeper depth, same language, within the window', async () => {
    const h = open();
    const key = personKey({ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' });
    await h.put(entry('quick-new', {}, { depth: 'quick', createdAt: clock }));
    await h.put(entry('plus-old', {}, { depth: 'plus', createdAt: clock - 40 * DAY }));
    await h.put(entry('complete', {}, { depth: 'complete', createdAt: clock - 5 * DAY }));
    await h.put(entry('english', {}, { depth: 'plus', lang: 'en', createdAt: clock }));
    const since = clock - 30 * DAY;
    expect((await h.findReusable(key, 'quick', 'pt', since))?.id).toBe('quick-new');
    expect((await h.findReusable(key, 'complete', 'pt', since))?.id).toBe('complete');
    expect(await h.findReusable(key, 'plus', 'pt', since)).toBeNull();
    expect((await h.findReusable(key, 'plus', 'pt', clock - 50 * DAY))?.id).toBe('plus-old');
    expect((await h.findReusable(key, 'plus', 'en', since))?.id).toBe('english');
    expect(await h.findReusable('bia|nubank', 'quick', 'pt', since)).toBeNull();
  });

  it('tells its listeners which entries left: deleted, past retention, or all at a clear; never for a write', async () => {
    const h = open(30);
    const told: (readonly string[] | 'all')[] = [];
    const stop = h.onRemoved((ids) => told.push(ids));
    await h.put(entry('old', {}, { createdAt: clock - 31 * DAY }));
    await h.put(entry('older', {}, { createdAt: clock - 40 * DAY }));
    await h.put(entry('recent', {}, { createdAt: clock - 29 * DAY }));
    await h.put(entry('recent', {}, { createdAt: clock - 28 * DAY }));
    expect(told).toEqual([]);
    await h.prune();
    await h.prune();
    expect(told).toEqual([['older', 'old']]);
    await h.delete('recent');
    await h.clear();
    expect(told).toEqual([['older', 'old'], ['recent'], 'all']);
    stop();
    await h.delete('recent');
    expect(told).toHaveLength(3);
  });

  it('prunes entries older than the retention period', async () => {
    const h = open(30);
    await h.put(entry('old', {}, { createdAt: clock - 31 * DAY }));
    await h.put(entry('recent', {}, { createdAt: clock - 29 * DAY }));
    expect(await h.prune()).toBe(1);
    expect((await exportAll()).map((e) => e.id)).toEqual(['recent']);
    expect(await h.prune(7)).toBe(1);
  });

  it('keeps entries across a restart (a new connection to the same database)', async () => {
    const first = open();
    await first.put(entry('kept'));
    await first.close();
    const second = open();
    expect(await second.get('kept')).toEqual(entry('kept'));
  });

  it('creates its schema through the migrations, and reads a database left by the current version', async () => {
    const h = open();
    await h.put(entry('x'));
    await h.close();
    const raw = await openDB(HISTORY_DB, HISTORY_VERSION);
    expect(raw.version).toBe(HISTORY_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['drafts', 'entries', 'summaries']);
    const tx = raw.transaction('entries');
    expect([...tx.store.indexNames].sort()).toEqual(['createdAt', 'personKey']);
    raw.close();
  });

  it('skips a damaged record instead of failing the whole list', async () => {
    const h = open();
    await h.put(entry('good'));
    await h.close();
    const raw = await openDB(HISTORY_DB, HISTORY_VERSION);
    await raw.put('entries', { id: 'bad', createdAt: clock, personKey: 'x', search: 'ana' } as never);
    raw.close();
    const again = open();
    expect((await again.list({ query: 'ana' })).map((e) => e.id)).toEqual(['good']);
    expect(await again.get('bad')).toBeNull();
  });

  it('migrates an entry kept by an older reading of the analysis wherever it is read', async () => {
    const h = open();
    await h.put(entry('x'));
    await h.close();
    // As the extension wrote it before entries had a version: stability and neuroticism disagree.
    const { version: _version, ...current } = entry('old');
    const old = {
      ...current,
      analysis: { ...current.analysis, ocean: { openness: 0.6, neuroticism: 0.3, emotionalStability: 0.9 } },
      search: 'ana souza nubank head de vendas',
    };
    const raw = await openDB(HISTORY_DB, HISTORY_VERSION);
    await raw.put('entries', old as never);
    raw.close();

    const again = open();
    const read = await again.get('old');
    expect(read?.version).toBe(ANALYSIS_VERSION);
    expect(read?.analysis.ocean).toEqual({ openness: 0.6, neuroticism: 0.3, emotionalStability: 0.7 });
    expect((await exportAll()).find((e) => e.id === 'old')).toEqual(read);
    expect((await again.list({ query: 'ana' })).map((e) => e.id).sort()).toEqual(['old', 'x']);
    // migrated on read: the stored record is left as it was
    await again.close();
    const after = await openDB(HISTORY_DB, HISTORY_VERSION);
    expect((await after.get('entries', 'old'))?.version).toBeUndefined();
    after.close();
  });

  describe('when storage is full', () => {
    const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

    it('prunes what is past retention and retries once, keeping every entry within retention', async () => {
      const h = open(30);
      await h.put(entry('expired', {}, { createdAt: clock - 60 * DAY }));
      await h.put(entry('a', {}, { createdAt: clock - 10 * DAY }));
      await h.put(entry('b', {}, { createdAt: clock - 1 * DAY }));
      const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
        throw quota();
      });
      await h.put(entry('new'));
      // Refused once, then the entry and its summary.
      expect(put).toHaveBeenCalledTimes(3);
      expect((await exportAll()).map((e) => e.id)).toEqual(['new', 'b', 'a']);
    });

    it('reports a typed error and loses none of the existing entries when the retry fails too', async () => {
      const h = open(30);
      await h.put(entry('a', {}, { createdAt: clock - 10 * DAY }));
      await h.put(entry('b', {}, { createdAt: clock - 1 * DAY }));
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
        throw quota();
      });
      const error = await h.put(entry('new')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(HistoryError);
      expect(error).toMatchObject({ code: 'quota' });
      vi.restoreAllMocks();
      expect((await exportAll()).map((e) => e.id)).toEqual(['b', 'a']);
    });

    it('reports any other write failure as a typed error without pruning', async () => {
      const h = open(30);
      await h.put(entry('expired', {}, { createdAt: clock - 60 * DAY }));
      vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(() => {
        throw new DOMException('broken', 'UnknownError');
      });
      await expect(h.put(entry('new'))).rejects.toMatchObject({ name: 'HistoryError', code: 'failed' });
      expect((await exportAll()).map((e) => e.id)).toEqual(['expired']);
    });
  });
});

describe('drafts kept with the analysis', () => {
  const version = (id: string, text = `texto ${id}`, at = clock): DraftVersion => ({
    id,
    channel: 'email',
    text,
    createdAt: at,
    updatedAt: at,
  });

  it('upgrades a version-1 database without touching its entries (old entries still read)', async () => {
    // The database as the extension left it before drafts existed.
    const old = await openDB(HISTORY_DB, 1, {
      upgrade(db) {
        const store = db.createObjectStore('entries', { keyPath: 'id' });
        store.createIndex('personKey', 'personKey');
        store.createIndex('createdAt', 'createdAt');
      },
    });
    await old.put('entries', { ...entry('v1'), search: 'ana souza nubank head de vendas' });
    old.close();
    expect(MIGRATIONS.length).toBe(3);

    const h = open();
    // an entry of the version-1 database reads as the current reading gives it
    expect(await h.get('v1')).toEqual(entry('v1'));
    expect((await h.list({ query: 'ana' })).map((e) => e.id)).toEqual(['v1']);
    expect(await h.drafts('v1')).toEqual([]);
    await h.saveDraft('v1', entry('v1').personKey, version('d1'));
    expect((await h.drafts('v1')).map((v) => v.id)).toEqual(['d1']);
    await h.close();
    const raw = await openDB(HISTORY_DB);
    expect(raw.version).toBe(3);
    // the upgrade wrote the search index's summary of the entry it found
    expect(await raw.get('summaries', 'v1')).toMatchObject({
      id: 'v1',
      search: 'ana souza nubank head de vendas',
      cargo: 'Head de Vendas',
    });
    raw.close();
  });

  it(`keeps the last ${DRAFT_VERSIONS} versions, oldest first; an edit replaces its version in place`, async () => {
    const h = open();
    await h.put(entry('a'));
    const key = entry('a').personKey;
    for (let i = 1; i <= DRAFT_VERSIONS + 2; i++)
      await h.saveDraft('a', key, version(`d${i}`, `t${i}`, clock + i));
    expect((await h.drafts('a')).map((v) => v.id)).toEqual(['d3', 'd4', 'd5', 'd6', 'd7']);
    await h.saveDraft('a', key, { ...version('d7', 'editado', clock + 7), updatedAt: clock + 99 });
    const after = await h.drafts('a');
    expect(after.map((v) => v.id)).toEqual(['d3', 'd4', 'd5', 'd6', 'd7']);
    expect(after.at(-1)?.text).toBe('editado');
  });

  it('a new analysis of the same person finds the drafts of the earlier one', async () => {
    const h = open();
    await h.put(entry('old'));
    await h.saveDraft('old', entry('old').personKey, version('d1'));
    await h.put(entry('new', {}, { createdAt: clock + DAY }));
    expect((await h.drafts('new')).map((v) => v.id)).toEqual(['d1']);
    // Another person sees none.
    await h.put(entry('bia', { primeiro_nome: 'Bia' }));
    expect(await h.drafts('bia')).toEqual([]);
  });

  it('deleting, clearing or pruning an entry takes its drafts with it', async () => {
    const h = open(30);
    await h.put(entry('a'));
    await h.put(entry('b', { primeiro_nome: 'Bia' }));
    await h.put(entry('old', { primeiro_nome: 'Caio' }, { createdAt: clock - 60 * DAY }));
    await h.saveDraft('a', entry('a').personKey, version('da'));
    await h.saveDraft('b', entry('b', { primeiro_nome: 'Bia' }).personKey, version('db'));
    await h.saveDraft('old', 'caio souza|nubank', version('dold'));
    await h.delete('a');
    expect(await h.drafts('a')).toEqual([]);
    expect(await h.prune()).toBe(1);
    const raw = await openDB(HISTORY_DB);
    expect(await raw.get('drafts', 'old')).toBeUndefined();
    expect(await raw.get('drafts', 'b')).toBeDefined();
    raw.close();
    await h.clear();
    expect(await h.drafts('b')).toEqual([]);
  });

  it('skips a damaged version instead of failing', async () => {
    const h = open();
    await h.put(entry('a'));
    await h.close();
    const raw = await openDB(HISTORY_DB);
    await raw.put('drafts', { entryId: 'a', personKey: 'x', versions: [{ id: 1 }, version('ok')] } as never);
    raw.close();
    expect((await open().drafts('a')).map((v) => v.id)).toEqual(['ok']);
  });
});
