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

/** Each person's summaries (by person key), newest first, read from summaries given newest first. */
export type PeopleByKey<S extends HistorySummary = HistorySummary> = ReadonlyMap<string, readonly S[]>;

export function byPerson<S extends HistorySummary>(newestFirst: readonly S[]): Map<string, S[]> {
  const people = new Map<string, S[]>();
  for (const s of newestFirst) {
    const own = people.get(s.personKey);
    if (own) own.push(s);
    else people.set(s.personKey, [s]);
  }
  return people;
}

export function createSearchIndex(initial: readonly StoredSummary[] = []) {
  const rows: StoredSummary[] = [...initial].sort(newerFirst);
  const byId = new Map(rows.map((r) => [r.id, r]));
  /** Kept with the rows: the reuse check and "Pessoas parecidas" read one person, or each person's newest, from it. */
  const people = byPerson(rows);

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
    const row = byId.get(id);
    if (!row) return;
    byId.delete(id);
    // The row is the last of those not after it.
    rows.splice(after(row) - 1, 1);
    const own = people.get(row.personKey)!;
    if (own.length === 1) people.delete(row.personKey);
    else own.splice(own.indexOf(row), 1);
  }

  function add(summary: StoredSummary): void {
    rows.splice(after(summary), 0, summary);
    byId.set(summary.id, summary);
    const own = people.get(summary.personKey);
    if (!own) people.set(summary.personKey, [summary]);
    else {
      const at = own.findIndex((r) => newerFirst(r, summary) > 0);
      own.splice(at < 0 ? own.length : at, 0, summary);
    }
  }

  return {
    get size() {
      return rows.length;
    },

    /** Adds the summary, or replaces the one with its id. */
    upsert(summary: StoredSummary): void {
      remove(summary.id);
      add(summary);
    },

    remove,

    clear(): void {
      rows.length = 0;
      byId.clear();
      people.clear();
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
      return (people.get(key) ?? []).map(summaryFields);
    },

    /** Each person's summaries, newest first: the index's own (read them, never change them). */
    people: (): PeopleByKey => people,

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
