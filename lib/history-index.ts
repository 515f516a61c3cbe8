import type { HistorySummary } from '@/lib/model';
import type { StoredSummary } from '@/lib/storage/idb';
import { fold } from '@/lib/text';

/*
 * The history's search index, in the worker's memory: one small summary per entry, newest first, built once from
 * the summaries store and kept current by every write. A search scans folded strings, never the entries.
 */

/** Where a page of the history ends: the last entry given (the next page starts after it). */
export interface HistoryCursor {
  createdAt: number;
  id: string;
}

/** The history's own order: newest first, and between entries of the same moment, the greater id first. */
export function newerFirst(a: HistoryCursor, b: HistoryCursor): number {
  return b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

/** A query as the search reads it: folded words, each of which must appear. */
export const searchTerms = (query: string): string[] => fold(query).split(' ').filter(Boolean);

export const summaryFields = ({ search: _search, ...summary }: StoredSummary): HistorySummary => summary;

export function createSearchIndex(initial: readonly StoredSummary[] = []) {
  const rows: StoredSummary[] = [...initial].sort(newerFirst);
  const ids = new Set(rows.map((r) => r.id));

  /** The position of the first row that comes after `at` in the history's order. */
  function after(at: HistoryCursor): number {
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newerFirst(rows[mid]!, at) <= 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  function remove(id: string): void {
    if (!ids.delete(id)) return;
    rows.splice(
      rows.findIndex((r) => r.id === id),
      1,
    );
  }

  return {
    get size() {
      return rows.length;
    },

    /** Adds the summary, or replaces the one with its id. */
    upsert(summary: StoredSummary): void {
      remove(summary.id);
      rows.splice(after(summary), 0, summary);
      ids.add(summary.id);
    },

    remove,

    clear(): void {
      rows.length = 0;
      ids.clear();
    },

    /** Newest first, at most `limit`, every term in the name, company or role. */
    list(terms: readonly string[], limit: number): HistorySummary[] {
      const out: HistorySummary[] = [];
      for (const row of rows) {
        if (out.length >= limit) break;
        if (terms.every((t) => row.search.includes(t))) out.push(summaryFields(row));
      }
      return out;
    },

    /** Every summary of one person, newest first. */
    person(key: string): HistorySummary[] {
      return rows.filter((r) => r.personKey === key).map(summaryFields);
    },

    /** The next `limit` entries after `cursor` (from the newest when null): where each is in the order. */
    page(cursor: HistoryCursor | null, limit: number): HistoryCursor[] {
      const from = cursor ? after(cursor) : 0;
      return rows.slice(from, from + limit).map(({ id, createdAt }) => ({ id, createdAt }));
    },

    /** Every summary, newest first (a copy). */
    all(): HistorySummary[] {
      return rows.map(summaryFields);
    },
  };
}

export type SearchIndex = ReturnType<typeof createSearchIndex>;
