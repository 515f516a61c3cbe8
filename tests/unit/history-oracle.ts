import { migrateEntry } from '@/lib/history';
import { summaryFields } from '@/lib/history-index';
import { isHistoryEntry, type HistoryEntry, type HistorySummary } from '@/lib/model';
import { HISTORY_DB, HISTORY_STORE, openHistoryDb, summaryOf, type StoredEntry } from '@/lib/storage/idb';

/*
 * The history read the slow, plain way, straight from its store: what the tests hold the search index, the pages
 * and "Pessoas parecidas" against. The product never reads the whole store at once.
 */

/** Every stored entry, newest first (between entries of the same moment, the greater id first). */
export async function exportAll(name = HISTORY_DB): Promise<HistoryEntry[]> {
  const db = await openHistoryDb(name);
  try {
    const all = await db.getAllFromIndex(HISTORY_STORE, 'createdAt');
    return all
      .reverse()
      .filter((e): e is StoredEntry => isHistoryEntry(e))
      .map(({ search: _search, ...entry }) => migrateEntry(entry));
  } finally {
    db.close();
  }
}

/** The summary the index keeps of an entry, without its search text. */
export const toSummary = (e: HistoryEntry): HistorySummary => summaryFields(summaryOf(e));
