import type { ApiClient } from '@/lib/api/client';
import { embeddingVector } from '@/lib/api/model-schemas';
import { newerFirst, type PeopleByKey } from '@/lib/history-index';
import type { HistoryEntry, HistorySummary, SimilarPeople, SimilarPerson } from '@/lib/model';
import { EMBEDDINGS_DB, openEmbeddingsDb, type EmbeddingsDb } from '@/lib/storage/idb';
import { cosine, quantize, unitVector, type UnitVector } from '@/lib/vectors';

/*
 * "People like this one": each history entry gets an embedding of its role, stakeholder class, sector, persona
 * and MBTI type, computed once and kept (keyed by entry id and model). The vectors are read into memory once per
 * worker and kept current as they are embedded or dropped; an open compares the entry with them in memory. Entries
 * without a vector are embedded in the background, a batch per request: each analysis as it is saved, the history's
 * others when the worker tidies or "Pessoas parecidas" opens (the answer says how far that is). A failed request
 * loses nothing and is tried again later. Only the model API is called: no profile credits are spent.
 */

export const EMBEDDING_MODEL = 'service-embedding';
export const SIMILAR_COUNT = 3;
/** Inputs per embeddings request. */
export const EMBED_BATCH = 100;
/** The wait before the background embedding tries again after a failed request; it doubles up to EMBED_RETRY_MAX_MS. */
export const EMBED_RETRY_MS = 60_000;
export const EMBED_RETRY_MAX_MS = 30 * 60_000;

/** The text that stands for an entry: what makes two buyers alike, not who they are. */
export function embeddingText(entry: HistoryEntry): string {
  const a = entry.analysis;
  return [
    a.cargo,
    a.tipoStakeholder,
    a.contextoNegocios?.setor,
    a.persona?.titulo,
    a.persona?.descricao,
    a.mbti?.type,
  ]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join('\n');
}

/** FNV-1a, 32 bits: enough to notice that an entry's text changed. */
function hashText(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16);
}

export interface SimilarOptions {
  /** The client for /v1; called only for entries without a vector. */
  client: () => Promise<ApiClient>;
  /** Before the request for the entry on screen: throws when the model API's rate limit says wait. */
  beforeRequest?: () => void;
  /** Before each background request: the ms to wait for the rate limit (0: go now, and the request is counted). */
  nextTurn?: () => number;
  /** The entries to embed in the background, by id (missing ones are skipped). */
  read: (ids: string[]) => Promise<HistoryEntry[]>;
  name?: string;
  model?: string;
  sleep?: (ms: number) => Promise<void>;
  /** The first wait before a failed background request is tried again (EMBED_RETRY_MS). */
  retryMs?: number;
}

interface Kept {
  textHash: string;
  vector: UnitVector;
}

/** A person's newest entry with its score. */
interface Scored {
  summary: HistorySummary;
  score: number;
}

/** Ranks before `b`: the higher score, and between equal scores the newer entry (the history's order). */
const ranksBefore = (a: Scored, b: Scored) =>
  a.score > b.score || (a.score === b.score && newerFirst(a.summary, b.summary) < 0);

/** Adds `s` to `top` (best first, at most `count`) if it ranks among the best `count`: one pass, no sort. */
function keepTop(top: Scored[], s: Scored, count: number): void {
  if (count <= 0 || (top.length >= count && !ranksBefore(s, top[count - 1]!))) return;
  let at = top.length;
  while (at > 0 && ranksBefore(s, top[at - 1]!)) at--;
  top.splice(at, 0, s);
  if (top.length > count) top.pop();
}

function similarPerson({ summary: e, score }: Scored): SimilarPerson {
  const name = [e.input.primeiro_nome, e.input.ultimo_nome].filter(Boolean).join(' ');
  const person: SimilarPerson = { id: e.id, name, company: e.input.empresa, score };
  if (e.cargo) person.cargo = e.cargo;
  return person;
}

/**
 * The background filling: the ids still to embed, a batch of at most EMBED_BATCH per request when the rate limit
 * gives a turn, and how many of this round are done. A failed request is tried again later, the wait doubling.
 */
function createFiller(deps: {
  embed: (ids: string[]) => Promise<void>;
  nextTurn?: () => number;
  sleep: (ms: number) => Promise<void>;
  retryMs: number;
}) {
  const queue = new Set<string>();
  let progress = { done: 0, total: 0 };
  let filling: Promise<void> | null = null;
  let retryMs = deps.retryMs;
  let retry: ReturnType<typeof setTimeout> | null = null;

  function fill(ids: Iterable<string>): void {
    for (const id of ids) queue.add(id);
    progress = { done: progress.done, total: progress.done + queue.size };
    // A failed request's retry is already set: the new ones wait for it.
    if (retry) return;
    filling ??= (async () => {
      try {
        while (queue.size > 0) {
          const ids = [...queue].slice(0, EMBED_BATCH);
          const wait = deps.nextTurn?.() ?? 0;
          if (wait > 0) {
            await deps.sleep(wait);
            continue;
          }
          await deps.embed(ids);
          for (const id of ids) queue.delete(id);
          progress = { done: progress.done + ids.length, total: progress.done + ids.length + queue.size };
          retryMs = deps.retryMs;
        }
      } catch (e) {
        // Nothing is lost: the ids stay queued and are tried again later (the history and the analysis are
        // untouched; a worker that stops meanwhile queues them again when it next tidies).
        console.error('embeddings', e instanceof Error ? e.message : e);
        retry = setTimeout(() => {
          retry = null;
          fill([]);
        }, retryMs);
        retryMs = Math.min(retryMs * 2, EMBED_RETRY_MAX_MS);
      } finally {
        filling = null;
        if (!queue.size) progress = { done: 0, total: 0 };
      }
    })();
  }

  return {
    fill,
    queued: (id: string) => queue.has(id),
    /** How far the filling is; null while nothing is under way (a failed request waiting to be tried again). */
    progress: () => (filling && queue.size > 0 ? { ...progress } : null),
    settled: (): Promise<void> => filling ?? Promise.resolve(),
    stop(): void {
      if (retry) clearTimeout(retry);
      retry = null;
    },
  };
}

/** These entries, but those whose vector is kept for their text as it is now. */
function unembedded(
  entries: HistoryEntry[],
  map: Map<string, Kept>,
): { entry: HistoryEntry; text: string }[] {
  return entries.flatMap((entry) => {
    const text = embeddingText(entry);
    return text && map.get(entry.id)?.textHash !== hashText(text) ? [{ entry, text }] : [];
  });
}

/** Each other person's newest entry (other than the target itself). */
function newestOfOthers(target: HistoryEntry, people: PeopleByKey): HistorySummary[] {
  const newest: HistorySummary[] = [];
  for (const [key, own] of people) {
    if (key === target.personKey) continue;
    const e = own[0]?.id === target.id ? own[1] : own[0];
    if (e) newest.push(e);
  }
  return newest;
}

/** The best `count` of these entries by their vectors' likeness to `t`, and those without a vector. */
function rank(t: UnitVector, entries: readonly HistorySummary[], map: Map<string, Kept>, count: number) {
  const missing: HistorySummary[] = [];
  const top: Scored[] = [];
  for (const e of entries) {
    const v = map.get(e.id)?.vector;
    if (v) keepTop(top, { summary: e, score: cosine(t, v) }, count);
    else missing.push(e);
  }
  return { top, missing };
}

export function createSimilarity(options: SimilarOptions) {
  const model = options.model ?? EMBEDDING_MODEL;
  let opening: Promise<EmbeddingsDb> | null = null;
  const db = () =>
    (opening ??= openEmbeddingsDb(options.name ?? EMBEDDINGS_DB).catch((e: unknown) => {
      opening = null;
      throw e;
    }));

  let loading: Promise<Map<string, Kept>> | null = null;
  /** Every vector of this model, read once. */
  function kept(): Promise<Map<string, Kept>> {
    loading ??= (async () => {
      const all = await (await db()).getAll('vectors');
      const map = new Map<string, Kept>();
      for (const v of all)
        if (v.model === model && v.vector instanceof Int8Array)
          map.set(v.entryId, { textHash: v.textHash, vector: unitVector(v.vector) });
      return map;
    })().catch((e: unknown) => {
      loading = null;
      throw e;
    });
    return loading;
  }

  /** Embeds these entries (at most EMBED_BATCH) in one request and keeps their vectors. */
  async function embed(entries: { entry: HistoryEntry; text: string }[]): Promise<void> {
    const client = await options.client();
    const res = await client.embeddings({ model, input: entries.map((m) => m.text) });
    const map = await kept();
    const tx = (await db()).transaction('vectors', 'readwrite');
    res.data.forEach((item, position) => {
      const m = entries[item.index ?? position];
      const vector = m && quantize(embeddingVector(item.embedding));
      if (!m || !vector) return;
      const textHash = hashText(m.text);
      map.set(m.entry.id, { textHash, vector: unitVector(vector) });
      void tx.store.put({ entryId: m.entry.id, model, textHash, vector });
    });
    await tx.done;
  }

  /** Drops these vectors from disk, and from `map` (those in memory); returns how many. */
  async function drop(gone: readonly string[], map: Map<string, Kept> | null): Promise<number> {
    if (!gone.length) return 0;
    const tx = (await db()).transaction('vectors', 'readwrite');
    for (const id of gone) {
      map?.delete(id);
      void tx.store.delete([id, model]);
    }
    await tx.done;
    return gone.length;
  }

  const filler = createFiller({
    nextTurn: options.nextTurn,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
    retryMs: options.retryMs ?? EMBED_RETRY_MS,
    async embed(ids) {
      const entries = unembedded(await options.read(ids), await kept());
      if (entries.length) await embed(entries);
    },
  });
  const fill = filler.fill;

  return {
    /**
     * The people most like `target`'s among `people` (each person's history summaries, newest first), other people
     * only, each by their newest entry, best first; those not embedded yet are embedded in the background and
     * `filling` says how far that is.
     */
    async similar(target: HistoryEntry, people: PeopleByKey, count = SIMILAR_COUNT): Promise<SimilarPeople> {
      const text = embeddingText(target);
      const newest = newestOfOthers(target, people);
      if (newest.length === 0 || !text) return { people: [], filling: null };
      const map = await kept();
      const own = map.get(target.id);
      if (own?.textHash !== hashText(text)) {
        options.beforeRequest?.();
        await embed([{ entry: target, text }]);
      }
      const t = map.get(target.id)?.vector;
      if (!t) return { people: [], filling: null };
      const { top, missing } = rank(t, newest, map, count);
      // The newest are embedded first.
      if (missing.length) fill(missing.sort(newerFirst).map((e) => e.id));
      return {
        people: top.map(similarPerson),
        filling: filler.progress(),
      };
    },

    /** Drops the vectors of entries no longer in the history (deleted or past retention); returns how many. */
    async prune(keep: readonly { id: string }[]): Promise<number> {
      const ids = new Set(keep.map((e) => e.id));
      const map = await kept();
      return drop(
        [...map.keys()].filter((id) => !ids.has(id)),
        map,
      );
    },

    /**
     * Drops the vectors of these entries ('all': every one) as they leave the history; vectors not read into memory
     * yet are not read for it.
     */
    async forget(ids: readonly string[] | 'all'): Promise<void> {
      if (ids !== 'all' && !loading) {
        await drop(ids, null);
        return;
      }
      const map = await kept();
      await drop(ids === 'all' ? [...map.keys()] : ids, map);
    },

    /** Reads every vector into memory now, so that the first open after a wake does not wait for them. */
    async warm(): Promise<void> {
      await kept();
    },

    /**
     * Embeds these entries in the background (those without a vector for their text; the others are left alone), a
     * batch of at most EMBED_BATCH per request; never waits for it.
     */
    async embedLater(ids: readonly string[]): Promise<void> {
      const map = await kept();
      const missing = ids.filter((id) => !map.has(id) && !filler.queued(id));
      if (missing.length) fill(missing);
    },

    /** Resolves when the background filling has stopped (tests and the benchmark). */
    settled: filler.settled,

    async close(): Promise<void> {
      filler.stop();
      const open = opening;
      opening = null;
      loading = null;
      (await open)?.close();
    },
  };
}

export type Similarity = ReturnType<typeof createSimilarity>;
