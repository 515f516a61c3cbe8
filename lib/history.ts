import { ANALYSIS_VERSION, reconcileOcean } from '@/lib/analysis/model';
import {
  isHistoryEntry,
  type Depth,
  type DraftVersion,
  type HistoryEntry,
  type HistorySummary,
  type Lang,
  type LookupInput,
} from '@/lib/model';

import {
  createSearchIndex,
  searchTerms,
  type HistoryCursor,
  type PeopleByKey,
  type SearchIndex,
} from '@/lib/history-index';
import {
  HISTORY_DB,
  HISTORY_STORE as STORE,
  openHistoryDb,
  summaryOf,
  type HistoryDb,
  type StoredEntry,
  type StoredSummary,
} from '@/lib/storage/idb';
import { fold } from '@/lib/text';

const DAY_MS = 86_400_000;

/*
 * The local history of analyses, in IndexedDB (it survives browser restarts and extension updates).
 * Only the background opens it; pages ask for it with history.* messages.
 */

/** How many versions of a draft are kept per person. */
export const DRAFT_VERSIONS = 5;

const isDraftVersion = (v: unknown): v is DraftVersion =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as DraftVersion).id === 'string' &&
  typeof (v as DraftVersion).text === 'string' &&
  typeof (v as DraftVersion).channel === 'string' &&
  typeof (v as DraftVersion).createdAt === 'number';

/** The same person: first and last name with the company, folded. */
export function personKey(
  input: Pick<LookupInput, 'primeiro_nome' | 'empresa'> & { ultimo_nome?: string },
): string {
  return `${fold(`${input.primeiro_nome} ${input.ultimo_nome ?? ''}`)}|${fold(input.empresa)}`;
}

export const DEPTH_RANK: Record<Depth, number> = { quick: 0, complete: 1, plus: 2 };

/** An entry written by an older reading of the analysis, as the current reading gives it. */
export function migrateEntry(entry: HistoryEntry): HistoryEntry {
  if ((entry.version ?? 1) >= ANALYSIS_VERSION) return entry;
  const { ocean } = entry.analysis;
  return {
    ...entry,
    version: ANALYSIS_VERSION,
    analysis: { ...entry.analysis, ...(ocean && { ocean: reconcileOcean(ocean) }) },
  };
}

function toEntry(stored: StoredEntry | undefined): HistoryEntry | null {
  if (!isHistoryEntry(stored)) return null;
  const { search: _search, ...entry } = stored;
  return migrateEntry(entry);
}

const isSummary = (s: StoredSummary | undefined): s is StoredSummary =>
  typeof s?.id === 'string' &&
  typeof s.createdAt === 'number' &&
  typeof s.search === 'string' &&
  typeof s.personKey === 'string';

const isQuotaError = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'QuotaExceededError';

/** A write that failed; `quota` when the disk or the browser's share of it is full even after pruning. */
export class HistoryError extends Error {
  constructor(
    readonly code: 'quota' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(code === 'quota' ? 'History storage is full' : 'History write failed', options);
    this.name = 'HistoryError';
  }
}

export interface HistoryOptions {
  name?: string;
  /** Read at each prune, so a changed setting applies at once. */
  retentionDays: () => number | Promise<number>;
  now?: () => number;
}

/** The connection, opened on first use and again after the browser closed it or a newer copy asked it to step aside. */
function connection(name: string) {
  let opening: Promise<HistoryDb> | null = null;
  function db(): Promise<HistoryDb> {
    opening ??= openHistoryDb(name, {
      // A newer copy of the extension wants to upgrade: step aside, the next call reopens.
      blocking() {
        void opening?.then((d) => d.close());
        opening = null;
      },
      terminated() {
        opening = null;
      },
    }).catch((e: unknown) => {
      opening = null;
      throw e;
    });
    return opening;
  }
  async function close(): Promise<void> {
    const open = opening;
    opening = null;
    (await open)?.close();
  }
  return { db, close };
}

/** The search index from the stored summaries; missing or damaged ones are made again from their entries. */
async function readIndex(d: HistoryDb): Promise<SearchIndex> {
  const stored = await d.getAll('summaries');
  const good = stored.filter(isSummary);
  if (good.length !== stored.length || (await d.count(STORE)) !== good.length) {
    const tx = d.transaction([STORE, 'summaries'], 'readwrite');
    const fixed: StoredSummary[] = [];
    for (let c = await tx.objectStore(STORE).openCursor(); c; c = await c.continue()) {
      const entry = toEntry(c.value);
      if (!entry) continue;
      const summary = summaryOf(entry);
      fixed.push(summary);
      void tx.objectStore('summaries').put(summary);
    }
    await tx.done;
    return createSearchIndex(fixed);
  }
  return createSearchIndex(good);
}

/** Deletes the entries made before `cutoff`, with their drafts and summaries, in one transaction; returns their ids. */
async function deleteBefore(d: HistoryDb, cutoff: number): Promise<string[]> {
  const tx = d.transaction([STORE, 'drafts', 'summaries'], 'readwrite');
  const gone: string[] = [];
  for (
    let cursor = await tx
      .objectStore(STORE)
      .index('createdAt')
      .openCursor(IDBKeyRange.upperBound(cutoff, true));
    cursor;
    cursor = await cursor.continue()
  ) {
    // The drafts and the summary go with their analysis.
    await tx.objectStore('drafts').delete(cursor.primaryKey);
    await tx.objectStore('summaries').delete(cursor.primaryKey);
    await cursor.delete();
    gone.push(cursor.primaryKey);
  }
  await tx.done;
  return gone;
}

/** The entries at these places of the index, in its order. */
async function entriesAt(d: HistoryDb, at: readonly HistoryCursor[]): Promise<HistoryEntry[]> {
  // One read of the page's span of dates (an index range) instead of one request per entry; the index says
  // which entries and in what order (an entry of the same instant beyond the page is read and left out).
  const byId = new Map<string, StoredEntry>();
  if (at.length > 0) {
    const span = IDBKeyRange.bound(at[at.length - 1]!.createdAt, at[0]!.createdAt);
    for (const e of await d.getAllFromIndex(STORE, 'createdAt', span)) byId.set(e.id, e);
  }
  return at.map(({ id }) => toEntry(byId.get(id))).filter((e): e is HistoryEntry => e !== null);
}

/**
 * The drafts to this entry's person: the entry's own, else those kept with an earlier analysis of the same
 * person (a re-analysis does not lose them). Oldest first.
 */
async function draftsOf(d: HistoryDb, entryId: string): Promise<DraftVersion[]> {
  const own = await d.get('drafts', entryId);
  if (own) return own.versions.filter(isDraftVersion);
  const entry = await d.get(STORE, entryId);
  if (!entry) return [];
  const same = await d.getAllFromIndex('drafts', 'personKey', entry.personKey);
  const newest = same
    .flatMap((s) => s.versions.filter(isDraftVersion))
    .sort((a, b) => a.updatedAt - b.updatedAt);
  return newest.slice(-DRAFT_VERSIONS);
}

/**
 * The search index, read from the summaries once per worker (a summary missing or damaged is made again from its
 * entry) and kept current by every write, each applied once its transaction has committed.
 */
function searchIndex(db: () => Promise<HistoryDb>) {
  let building: Promise<SearchIndex> | null = null;
  function index(): Promise<SearchIndex> {
    building ??= (async () => readIndex(await db()))().catch((e: unknown) => {
      building = null;
      throw e;
    });
    return building;
  }
  /** Applies a committed write to the index, if it is in memory or being read (it then includes or gets it). */
  const indexed = async (fn: (idx: SearchIndex) => void) => {
    if (building) fn(await building);
  };
  const forget = () => void (building = null);
  return { index, indexed, forget };
}

type Removed = readonly string[] | 'all';

/** Who is told of entries gone (deleted, past retention, or every one: 'all') once their removal has committed. */
function removals() {
  const listeners = new Set<(ids: Removed) => void>();
  return {
    removed(ids: Removed): void {
      if (ids === 'all' || ids.length) for (const fn of listeners) fn(ids);
    },
    onRemoved(fn: (ids: Removed) => void): () => void {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** Writes the entry and its summary in one transaction; returns the summary. */
async function writeEntry(d: HistoryDb, entry: HistoryEntry): Promise<StoredSummary> {
  const tx = d.transaction([STORE, 'summaries'], 'readwrite');
  const done = tx.done;
  const summary = summaryOf(entry);
  try {
    await Promise.all([tx.objectStore(STORE).put(entry), tx.objectStore('summaries').put(summary)]);
    await done;
  } catch (e) {
    done.catch(() => undefined);
    throw e;
  }
  return summary;
}

export function createHistory(options: HistoryOptions) {
  const name = options.name ?? HISTORY_DB;
  const now = options.now ?? Date.now;
  const { db, close } = connection(name);

  const { index, indexed, forget: forgetIndex } = searchIndex(db);
  const { removed, onRemoved } = removals();

  /** One entry, one transaction: a failed write cannot take other entries with it. */
  async function putOnce(entry: HistoryEntry): Promise<void> {
    const summary = await writeEntry(await db(), entry);
    await indexed((idx) => idx.upsert(summary));
  }

  async function prune(retentionDays?: number): Promise<number> {
    const days = retentionDays ?? (await options.retentionDays());
    const cutoff = now() - days * DAY_MS;
    const gone = await deleteBefore(await db(), cutoff);
    await indexed((idx) => gone.forEach((id) => idx.remove(id)));
    removed(gone);
    return gone.length;
  }

  return {
    /** Saves an entry. When storage is full, entries past the retention period go first, then it retries once. */
    async put(entry: HistoryEntry): Promise<void> {
      try {
        await putOnce(entry);
      } catch (e) {
        if (!isQuotaError(e)) throw new HistoryError('failed', { cause: e });
        await prune().catch(() => 0);
        try {
          await putOnce(entry);
        } catch (again) {
          throw new HistoryError(isQuotaError(again) ? 'quota' : 'failed', { cause: again });
        }
      }
    },

    async get(id: string): Promise<HistoryEntry | null> {
      return toEntry(await (await db()).get(STORE, id));
    },

    /** Newest first; `query` matches name, company or role, ignoring case and accents. */
    async list({ query = '', limit = 50 }: { query?: string; limit?: number } = {}): Promise<
      HistorySummary[]
    > {
      return (await index()).list(searchTerms(query), limit);
    },

    /** Every entry's summary, newest first. */
    async summaries(): Promise<HistorySummary[]> {
      return (await index()).all();
    },

    /** Each person's summaries, newest first, by person key: the search index's own map, not a copy. */
    async people(): Promise<PeopleByKey> {
      return (await index()).people();
    },

    /** Reads the search index now (the worker does it soon after it wakes, so that the first search is quick). */
    async warm(): Promise<void> {
      await index();
    },

    /**
     * The next `limit` entries after `cursor` (from the newest when null), newest first, with how many there are
     * in all: the whole history, a page at a time, for the export.
     */
    async page(
      cursor: HistoryCursor | null,
      limit: number,
    ): Promise<{ entries: HistoryEntry[]; total: number; next: HistoryCursor | null }> {
      const idx = await index();
      const at = idx.page(cursor, limit);
      const entries = await entriesAt(await db(), at);
      return { entries, total: idx.size, next: at.length === limit ? at[at.length - 1]! : null };
    },

    async delete(id: string): Promise<void> {
      const tx = (await db()).transaction([STORE, 'drafts', 'summaries'], 'readwrite');
      await Promise.all([
        tx.objectStore(STORE).delete(id),
        tx.objectStore('drafts').delete(id),
        tx.objectStore('summaries').delete(id),
        tx.done,
      ]);
      await indexed((idx) => idx.remove(id));
      removed([id]);
    },

    async clear(): Promise<void> {
      const tx = (await db()).transaction([STORE, 'drafts', 'summaries'], 'readwrite');
      await Promise.all([
        tx.objectStore(STORE).clear(),
        tx.objectStore('drafts').clear(),
        tx.objectStore('summaries').clear(),
        tx.done,
      ]);
      await indexed((idx) => idx.clear());
      removed('all');
    },

    /** Calls `fn` with the ids of entries removed from now on ('all' when the history is cleared); returns the unsubscribe. */
    onRemoved,

    /**
     * The drafts to this entry's person: the entry's own, else those kept with an earlier analysis of the same
     * person (a re-analysis does not lose them). Oldest first.
     */
    async drafts(entryId: string): Promise<DraftVersion[]> {
      return draftsOf(await db(), entryId);
    },

    /** Saves a version (a new one, or an edit of `version.id`); keeps the newest DRAFT_VERSIONS. */
    async saveDraft(entryId: string, personKey: string, version: DraftVersion): Promise<DraftVersion[]> {
      const versions = (await this.drafts(entryId)).filter((v) => v.id !== version.id);
      versions.push(version);
      const kept = versions.slice(-DRAFT_VERSIONS);
      await (await db()).put('drafts', { entryId, personKey, versions: kept });
      return kept;
    },

    /** The newest entry for this person, in this language, at `depth` or deeper, made at or after `sinceMs`. */
    async findReusable(
      key: string,
      depth: Depth,
      lang: Lang,
      sinceMs: number,
    ): Promise<HistorySummary | null> {
      // Newest first: the first that fits is the newest.
      const fits = (await index())
        .person(key)
        .find((e) => e.lang === lang && e.createdAt >= sinceMs && DEPTH_RANK[e.depth] >= DEPTH_RANK[depth]);
      return fits ?? null;
    },

    /** Removes entries older than the retention period (the setting unless given); returns how many. */
    prune,

    /** Closes the connection (tests and the benchmark reopen it to check persistence). */
    async close(): Promise<void> {
      forgetIndex();
      await close();
    },
  };
}

export type History = ReturnType<typeof createHistory>;
