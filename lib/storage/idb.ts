import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type OpenDBCallbacks } from 'idb';
import { isHistoryEntry, type DraftVersion, type HistoryEntry, type HistorySummary } from '@/lib/model';
import { quantize } from '@/lib/vectors';
import { fold } from '@/lib/text';

/*
 * The IndexedDB databases: their names, shapes, migrations and openers. Only the background opens them
 * (lib/history.ts, lib/draft/similar.ts); pages ask through messages.
 */

export const HISTORY_DB = 'perfil-intel-history';
export const HISTORY_STORE = 'entries';
const STORE = HISTORY_STORE;

/** What is kept: the entry (entries written before version 3 also carry their folded search text). */
export type StoredEntry = HistoryEntry & { search?: string };

/**
 * The small record the history's search index is built from, one per entry: what a list row shows, plus the folded
 * search text (name, company and role). Reading 10,000 of these is a fraction of reading the entries.
 */
export type StoredSummary = HistorySummary & { search: string };

/** The drafts written to the person of one entry, oldest first, at most DRAFT_VERSIONS. */
export interface StoredDrafts {
  entryId: string;
  personKey: string;
  versions: DraftVersion[];
}

interface HistorySchema extends DBSchema {
  entries: { key: string; value: StoredEntry; indexes: { personKey: string; createdAt: number } };
  drafts: { key: string; value: StoredDrafts; indexes: { personKey: string } };
  summaries: { key: string; value: StoredSummary };
}

export type HistoryDb = IDBPDatabase<HistorySchema>;
type UpgradeTx = IDBPTransaction<HistorySchema, ('entries' | 'drafts' | 'summaries')[], 'versionchange'>;

/** The summary the search index keeps of an entry, with its folded search text (name, company and role). */
export function summaryOf(e: HistoryEntry): StoredSummary {
  const summary: StoredSummary = {
    id: e.id,
    personKey: e.personKey,
    input: e.input,
    depth: e.depth,
    lang: e.lang,
    endpoint: e.endpoint,
    creditsCharged: e.creditsCharged,
    createdAt: e.createdAt,
    search: fold(
      [e.input.primeiro_nome, e.input.ultimo_nome, e.input.empresa, e.analysis.cargo ?? ''].join(' '),
    ),
  };
  if (e.analysis.cargo) summary.cargo = e.analysis.cargo;
  return summary;
}

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
  // 2 → 3: the summaries the search index is built from, written for every entry already kept.
  async (db, tx) => {
    db.createObjectStore('summaries', { keyPath: 'id' });
    const summaries = tx.objectStore('summaries');
    for (let c = await tx.objectStore(STORE).openCursor(); c; c = await c.continue()) {
      if (isHistoryEntry(c.value)) await summaries.put(summaryOf(c.value));
    }
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
  /**
   * The unit vector, one byte a dimension (`quantize` in lib/vectors.ts): 1.5 kB for 1536 dimensions where
   * version 1 kept plain numbers, 9 bytes each (version 2 converts them).
   */
  vector: Int8Array;
}

interface EmbeddingsSchema extends DBSchema {
  vectors: { key: [string, string]; value: CachedVector };
}

export type EmbeddingsDb = IDBPDatabase<EmbeddingsSchema>;
type EmbeddingsUpgradeTx = IDBPTransaction<EmbeddingsSchema, 'vectors'[], 'versionchange'>;

/** As MIGRATIONS, for the embeddings cache. */
export const EMBEDDINGS_MIGRATIONS: ((db: EmbeddingsDb, tx: EmbeddingsUpgradeTx) => void | Promise<void>)[] =
  [
    (d) => {
      d.createObjectStore('vectors', { keyPath: ['entryId', 'model'] });
    },
    // 1 → 2: plain number arrays become one byte a dimension; anything unreadable is dropped (embedded again when
    // needed).
    async (_d, tx) => {
      for (let c = await tx.objectStore('vectors').openCursor(); c; c = await c.continue()) {
        const v: unknown = c.value.vector;
        const vector = Array.isArray(v) ? quantize(v) : null;
        if (vector) await c.update({ ...c.value, vector });
        else await c.delete();
      }
    },
  ];
export const EMBEDDINGS_VERSION = EMBEDDINGS_MIGRATIONS.length;

/** Opens the cache of embedding vectors (keyed by entry id and model). */
export function openEmbeddingsDb(name = EMBEDDINGS_DB): Promise<EmbeddingsDb> {
  return openDB<EmbeddingsSchema>(name, EMBEDDINGS_VERSION, {
    async upgrade(database, oldVersion, _newVersion, tx) {
      for (let v = oldVersion; v < EMBEDDINGS_VERSION; v++) await EMBEDDINGS_MIGRATIONS[v]?.(database, tx);
    },
  });
}
