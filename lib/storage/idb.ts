import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type OpenDBCallbacks } from 'idb';
import type { DraftVersion, HistoryEntry } from '@/lib/model';

/*
 * The IndexedDB databases: their names, shapes, migrations and openers. Only the background opens them
 * (lib/history.ts, lib/draft/similar.ts); pages ask through messages.
 */

export const HISTORY_DB = 'perfil-intel-history';
export const HISTORY_STORE = 'entries';
const STORE = HISTORY_STORE;

/** What is kept: the entry plus its folded search text (name, company and role). */
export type StoredEntry = HistoryEntry & { search: string };

/** The drafts written to the person of one entry, oldest first, at most DRAFT_VERSIONS. */
export interface StoredDrafts {
  entryId: string;
  personKey: string;
  versions: DraftVersion[];
}

interface HistorySchema extends DBSchema {
  entries: { key: string; value: StoredEntry; indexes: { personKey: string; createdAt: number } };
  drafts: { key: string; value: StoredDrafts; indexes: { personKey: string } };
}

export type HistoryDb = IDBPDatabase<HistorySchema>;
type UpgradeTx = IDBPTransaction<HistorySchema, ('entries' | 'drafts')[], 'versionchange'>;

/**
 * Migration `i` takes the database from version i to i + 1. Append, never edit: an installed extension may
 * hold any earlier version, and opening runs every step it has not seen yet.
 */
export const MIGRATIONS: ((db: HistoryDb, tx: UpgradeTx) => void | Promise<void>)[] = [
  (db) => {
    const store = db.createObjectStore(STORE, { keyPath: 'id' });
    store.createIndex('personKey', 'personKey');
    store.createIndex('createdAt', 'createdAt');
  },
  // 1 → 2: drafts, beside the entries (which stay as they were: nothing to rewrite).
  (db) => {
    db.createObjectStore('drafts', { keyPath: 'entryId' }).createIndex('personKey', 'personKey');
  },
];
export const HISTORY_VERSION = MIGRATIONS.length;

/** Opens the history, running every migration it has not seen yet. */
export function openHistoryDb(
  name = HISTORY_DB,
  callbacks: Pick<OpenDBCallbacks<HistorySchema>, 'blocking' | 'terminated'> = {},
): Promise<HistoryDb> {
  return openDB<HistorySchema>(name, HISTORY_VERSION, {
    async upgrade(database, oldVersion, _newVersion, tx) {
      for (let v = oldVersion; v < HISTORY_VERSION; v++) await MIGRATIONS[v]?.(database, tx);
    },
    ...callbacks,
  });
}

export const EMBEDDINGS_DB = 'perfil-intel-embeddings';

export interface CachedVector {
  entryId: string;
  model: string;
  /** A hash of the text embedded: a changed text is embedded again, and the text itself is not kept. */
  textHash: string;
  vector: number[];
}

interface EmbeddingsSchema extends DBSchema {
  vectors: { key: [string, string]; value: CachedVector };
}

export type EmbeddingsDb = IDBPDatabase<EmbeddingsSchema>;

/** Opens the cache of embedding vectors (keyed by entry id and model). */
export function openEmbeddingsDb(name = EMBEDDINGS_DB): Promise<EmbeddingsDb> {
  return openDB<EmbeddingsSchema>(name, 1, {
    upgrade(d) {
      d.createObjectStore('vectors', { keyPath: ['entryId', 'model'] });
    },
  });
}
