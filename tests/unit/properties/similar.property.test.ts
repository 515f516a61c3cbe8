import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/api/client';
import { emptyAnalysis } from '@/lib/analysis/normalize';
import { ANALYSIS_VERSION } from '@/lib/analysis/model';
import { createSimilarity, embeddingText, SIMILAR_COUNT } from '@/lib/draft/similar';
import { createHistory, personKey } from '@/lib/history';
import type { HistoryEntry, HistorySummary, SimilarPerson } from '@/lib/model';
import { openEmbeddingsDb } from '@/lib/storage/idb';
import { quantize } from '@/lib/vectors';
import { exportAll, toSummary } from '../history-oracle';

vi.setConfig({ testTimeout: 120_000 });

/*
 * "Pessoas parecidas" against the ranking it replaced (copied below as it was): each person's entries read from the
 * index's map by person key, vectors kept with their squared length and compared by one dot product, the best
 * `count` kept in one pass. After any writes, deletions and retention, the same people in the same order with the
 * same scores, to the bit; and the vectors of entries that left the history are gone from memory and disk.
 */

/** The cosine of two quantized vectors as it was computed before: both lengths worked out at every comparison. */
function oldCosine(a: Int8Array, b: Int8Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

/** The ranking as it was: every summary (newest first) filtered to one per person, scored, sorted, cut. */
function oldSimilar(
  target: HistoryEntry,
  candidates: readonly HistorySummary[],
  vectors: ReadonlyMap<string, Int8Array>,
  count: number,
): SimilarPerson[] {
  const newest = new Map<string, HistorySummary>();
  for (const e of candidates)
    if (e.id !== target.id && e.personKey !== target.personKey && !newest.has(e.personKey))
      newest.set(e.personKey, e);
  if (newest.size === 0 || !embeddingText(target)) return [];
  const t = vectors.get(target.id);
  if (!t) return [];
  const scored: SimilarPerson[] = [];
  for (const e of newest.values()) {
    const v = vectors.get(e.id);
    if (!v) continue;
    const name = [e.input.primeiro_nome, e.input.ultimo_nome].filter(Boolean).join(' ');
    const person: SimilarPerson = { id: e.id, name, company: e.input.empresa, score: oldCosine(t, v) };
    if (e.cargo) person.cargo = e.cargo;
    scored.push(person);
  }
  return scored.sort((a, b) => b.score - a.score).slice(0, count);
}

const NOW = Date.UTC(2026, 0, 10);
const DAY = 86_400_000;
const NAME = 'similar-property';

// Few vectors of few dimensions, small integers: equal scores (ties) are common.
const vectorArb = fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 3, maxLength: 3 });

const entryArb = (roles: number) =>
  fc.record({
    first: fc.constantFrom('Ana', 'Bruno', 'Carla', 'Davi'),
    company: fc.constantFrom('Nubank', 'Stone', 'Itaú'),
    // The role picks the vector; none: an entry with nothing to embed.
    role: fc.option(fc.integer({ min: 0, max: roles - 1 }), { nil: undefined, freq: 8 }),
    age: fc.integer({ min: 0, max: 6 }).map((n) => n * 30 * DAY),
  });

type Op = { put: number } | { del: number } | { prune: number } | { clear: true };

const scenario = fc.record({ pool: fc.array(vectorArb, { minLength: 1, maxLength: 6 }) }).chain(({ pool }) =>
  fc.record({
    pool: fc.constant(pool),
    entries: fc.array(entryArb(pool.length), { minLength: 1, maxLength: 24 }),
    firstPuts: fc.integer({ min: 0, max: 24 }),
    ops: fc.array(
      fc.oneof(
        { weight: 4, arbitrary: fc.nat(23).map((i): Op => ({ put: i })) },
        { weight: 3, arbitrary: fc.nat(23).map((i): Op => ({ del: i })) },
        { weight: 2, arbitrary: fc.integer({ min: 20, max: 200 }).map((d): Op => ({ prune: d })) },
        { weight: 1, arbitrary: fc.constant<Op>({ clear: true }) },
      ),
      { maxLength: 12 },
    ),
    embedFirst: fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }),
    embedAfter: fc.array(fc.boolean(), { minLength: 24, maxLength: 24 }),
    target: fc.nat(23),
    count: fc.oneof(fc.constant(SIMILAR_COUNT), fc.integer({ min: 0, max: 6 })),
  }),
);

describe('similar people', () => {
  it('rank as the sort over every summary did, after any writes, deletions and retention', async () => {
    await fc.assert(
      fc.asyncProperty(
        scenario,
        async ({ pool, entries: drawn, firstPuts, ops, embedFirst, embedAfter, target, count }) => {
          globalThis.indexedDB = new IDBFactory();
          const entries = drawn.map(({ first, company, role, age }, i): HistoryEntry => {
            const input = { primeiro_nome: first, ultimo_nome: '', empresa: company };
            return {
              id: `e${i}`,
              personKey: personKey(input),
              input,
              depth: 'complete',
              lang: 'pt',
              endpoint: '/crm',
              creditsCharged: 2,
              createdAt: NOW - age,
              analysis: { ...emptyAnalysis(), ...(role !== undefined && { cargo: `role ${role}` }) },
              version: ANALYSIS_VERSION,
              issues: [],
            };
          });
          const at = (i: number) => entries[i % entries.length]!;
          const vectorOf = (text: string) => pool[Number(text.slice('role '.length))]!;
          const client = {
            embeddings: async ({ input }: { input: string | string[] }) => ({
              data: (Array.isArray(input) ? input : [input]).map((t, index) => ({
                embedding: vectorOf(t),
                index,
              })),
            }),
          } as unknown as ApiClient;
          const h = createHistory({ retentionDays: () => 365, now: () => NOW });
          const s = createSimilarity({
            client: async () => client,
            name: NAME,
            read: async (ids) =>
              (await Promise.all(ids.map((id) => h.get(id)))).filter((e): e is HistoryEntry => e !== null),
          });
          // As the draft service does: vectors go as their entries leave the history.
          const forgetting: Promise<void>[] = [];
          h.onRemoved((ids) => forgetting.push(s.forget(ids)));
          const embedSome = async (which: boolean[]) => {
            await s.embedLater(entries.filter((_, i) => which[i]).map((e) => e.id));
            await s.settled();
          };
          const inHistory = async () => new Set((await exportAll()).map((e) => e.id));

          for (const e of entries.slice(0, firstPuts)) await h.put(e);
          await embedSome(embedFirst);
          const removed = new Set<string>();
          for (const o of ops) {
            const before = await inHistory();
            // An id once removed is never written again (each analysis is saved under a new id).
            if ('put' in o) {
              if (!removed.has(at(o.put).id)) await h.put(at(o.put));
            } else if ('del' in o) await h.delete(at(o.del).id);
            else if ('prune' in o) await h.prune(o.prune);
            else await h.clear();
            const after = await inHistory();
            for (const id of before) if (!after.has(id)) removed.add(id);
          }
          await embedSome(embedAfter);
          await Promise.all(forgetting);
          // The vectors of entries that left the history are gone from disk.
          const kept = await inHistory();
          const stored = await storedVectors();
          expect(stored.filter((id) => !kept.has(id))).toEqual([]);

          const who = at(target);
          // The vectors the old ranking had: those kept for entries in the history, and the target's (embedded first).
          const vectors = new Map<string, Int8Array>();
          for (const e of entries) {
            const text = embeddingText(e);
            const q = text ? quantize(vectorOf(text)) : null;
            if (q && (stored.includes(e.id) || e.id === who.id)) vectors.set(e.id, q);
          }
          const candidates = (await exportAll()).map(toSummary);
          const got = await s.similar(who, await h.people(), count);
          expect(got.people).toEqual(oldSimilar(who, candidates, vectors, count));
          await s.settled();
          await s.close();
          await h.close();
        },
      ),
      { numRuns: 120 },
    );
  });
});

/** The ids of the vectors on disk. */
async function storedVectors(): Promise<string[]> {
  const db = await openEmbeddingsDb(NAME);
  try {
    return (await db.getAllKeys('vectors')).map(([id]) => id);
  } finally {
    db.close();
  }
}
