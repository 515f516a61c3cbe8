import type { ApiClient } from '@/lib/api/client';
import { embeddingVector } from '@/lib/api/model-schemas';
import type { HistoryEntry, SimilarPerson } from '@/lib/model';
import { EMBEDDINGS_DB, openEmbeddingsDb, type EmbeddingsDb } from '@/lib/storage/idb';

/*
 * "People like this one": each history entry gets an embedding of its role, stakeholder class, sector, persona
 * and MBTI type, computed once and cached here (keyed by entry id and model). Only the model API is called:
 * no profile credits are spent.
 */

export const EMBEDDING_MODEL = 'service-embedding';
export const SIMILAR_COUNT = 3;
/** Inputs per embeddings request. */
const BATCH = 100;

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

export function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

export interface SimilarOptions {
  /** The client for /v1; called only for entries not yet cached. */
  client: () => Promise<ApiClient>;
  /** Called before each embeddings request (the client-side rate limit). */
  beforeRequest?: () => void;
  name?: string;
  model?: string;
}

export function createSimilarity(options: SimilarOptions) {
  const model = options.model ?? EMBEDDING_MODEL;
  let opening: Promise<EmbeddingsDb> | null = null;
  const db = () =>
    (opening ??= openEmbeddingsDb(options.name ?? EMBEDDINGS_DB).catch((e: unknown) => {
      opening = null;
      throw e;
    }));

  /** Vectors for these entries, from the cache or, for the missing ones, from the model API. */
  async function vectors(entries: HistoryEntry[]): Promise<Map<string, number[]>> {
    const out = new Map<string, number[]>();
    const missing: { entry: HistoryEntry; text: string }[] = [];
    const d = await db();
    for (const entry of entries) {
      const text = embeddingText(entry);
      if (!text) continue;
      const hit = await d.get('vectors', [entry.id, model]);
      if (hit?.textHash === hashText(text)) out.set(entry.id, hit.vector);
      else missing.push({ entry, text });
    }
    if (missing.length > 0) {
      const client = await options.client();
      for (let i = 0; i < missing.length; i += BATCH) {
        const batch = missing.slice(i, i + BATCH);
        options.beforeRequest?.();
        const res = await client.embeddings({ model, input: batch.map((m) => m.text) });
        const tx = d.transaction('vectors', 'readwrite');
        res.data.forEach((item, position) => {
          const m = batch[item.index ?? position];
          if (!m) return;
          const vector = embeddingVector(item.embedding);
          out.set(m.entry.id, vector);
          void tx.store.put({ entryId: m.entry.id, model, textHash: hashText(m.text), vector });
        });
        await tx.done;
      }
    }
    return out;
  }

  return {
    /** The entries most like `target`, other people only, best first. */
    async similar(
      target: HistoryEntry,
      all: HistoryEntry[],
      count = SIMILAR_COUNT,
    ): Promise<SimilarPerson[]> {
      const others = all.filter((e) => e.id !== target.id && e.personKey !== target.personKey);
      // One entry per person: the newest (the list comes newest first).
      const newest = new Map<string, HistoryEntry>();
      for (const e of others) if (!newest.has(e.personKey)) newest.set(e.personKey, e);
      const candidates = [...newest.values()];
      if (candidates.length === 0 || !embeddingText(target)) return [];
      const vecs = await vectors([target, ...candidates]);
      const t = vecs.get(target.id);
      if (!t) return [];
      return candidates
        .flatMap((e) => {
          const v = vecs.get(e.id);
          if (!v) return [];
          const name = [e.input.primeiro_nome, e.input.ultimo_nome].filter(Boolean).join(' ');
          const person: SimilarPerson = { id: e.id, name, company: e.input.empresa, score: cosine(t, v) };
          if (e.analysis.cargo) person.cargo = e.analysis.cargo;
          return [person];
        })
        .sort((a, b) => b.score - a.score)
        .slice(0, count);
    },

    /** Drops the vectors of entries no longer in the history (deleted or past retention). */
    async prune(keep: readonly HistoryEntry[]): Promise<number> {
      const ids = new Set(keep.map((e) => e.id));
      const tx = (await db()).transaction('vectors', 'readwrite');
      let removed = 0;
      for (let c = await tx.store.openCursor(); c; c = await c.continue()) {
        if (ids.has(c.value.entryId)) continue;
        await c.delete();
        removed++;
      }
      await tx.done;
      return removed;
    },

    async close(): Promise<void> {
      const open = opening;
      opening = null;
      (await open)?.close();
    },
  };
}

export type Similarity = ReturnType<typeof createSimilarity>;
