import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '@/lib/api/client';
import { createSimilarity, EMBED_BATCH, embeddingText } from '@/lib/draft/similar';
import { cosine as keptCosine, quantize, SCALE, unitVector } from '@/lib/vectors';

/** The unit vector back, as Float32 (what `quantize` kept of it): the oracle the tests read a quantized vector by. */
const dequantize = (q: Int8Array): Float32Array => Float32Array.from(q, (x) => x / SCALE);
import { byPerson } from '@/lib/history-index';
import type { HistoryEntry } from '@/lib/model';
import { EMBEDDINGS_DB, EMBEDDINGS_VERSION, openEmbeddingsDb } from '@/lib/storage/idb';
import { toSummary } from '../history-oracle';
import { entry } from './entries';

/* The vector store behind "pessoas parecidas": compact vectors, read once, kept current, dropped with their entry. */

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! ** 2;
    nb += b[i]! ** 2;
  }
  return dot / Math.sqrt(na * nb);
};

const finite = fc.double({ min: -10, max: 10, noNaN: true });
const vectorArb = (n: number) =>
  fc.array(finite, { minLength: n, maxLength: n }).filter((v) => v.some((x) => Math.abs(x) > 1e-3));

describe('quantized vectors', () => {
  it('keep the unit vector to within half a step per dimension, as Float32 when read back', () => {
    fc.assert(
      fc.property(vectorArb(64), (v) => {
        const q = quantize(v)!;
        expect(q).toBeInstanceOf(Int8Array);
        expect(q.byteLength).toBe(64);
        const back = dequantize(q);
        expect(back).toBeInstanceOf(Float32Array);
        const norm = Math.hypot(...v);
        back.forEach((x, i) => expect(Math.abs(x - v[i]! / norm)).toBeLessThanOrEqual(0.5 / 127 + 1e-6));
      }),
    );
  });

  it('score within 0.02 of the exact cosine', () => {
    fc.assert(
      fc.property(vectorArb(256), vectorArb(256), (a, b) => {
        expect(
          Math.abs(keptCosine(unitVector(quantize(a)!), unitVector(quantize(b)!)) - cosine(a, b)),
        ).toBeLessThan(0.02);
      }),
    );
  });

  it('refuse a vector without direction or with a value that is not a finite number', () => {
    expect(quantize([0, 0, 0])).toBeNull();
    expect(quantize([1, Number.NaN])).toBeNull();
    expect(quantize([1, Infinity])).toBeNull();
    expect(quantize([1, '2'])).toBeNull();
    expect(quantize([])).toBeNull();
  });
});

/** A model API that embeds a text as a fixed vector derived from it, and counts what it is asked. */
function fakeModel() {
  const requests: string[][] = [];
  const vec = (text: string) =>
    Array.from({ length: 32 }, (_, i) => Math.sin(text.length * (i + 1) + text.charCodeAt(i % text.length)));
  const client = {
    embeddings: async ({ input }: { input: string | string[] }) => {
      const texts = Array.isArray(input) ? input : [input];
      requests.push(texts);
      return { data: texts.map((t, index) => ({ embedding: vec(t), index })) };
    },
  } as unknown as ApiClient;
  return { client, requests, vec };
}

const NAME = 'vectors-test';
const roles = ['CFO', 'Diretora de compras', 'Desenvolvedor', 'Analista de marketing', 'Head de vendas'];
const history = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    ...entry(`e${i}`, `Pessoa${i}`, `Empresa${i}`, { cargo: roles[i % roles.length] }),
    createdAt: 1_000_000 - i,
  }));

function store(all: HistoryEntry[], model = fakeModel()) {
  const byId = new Map(all.map((e) => [e.id, e]));
  const read = vi.fn(async (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []));
  const inner = createSimilarity({ client: async () => model.client, read, name: NAME });
  // Given the history as the worker gives it: summaries, newest first.
  const s = {
    ...inner,
    similar: (target: HistoryEntry, candidates: HistoryEntry[]) =>
      inner.similar(target, byPerson(candidates.map(toSummary))),
  };
  return { s, read, model, byId };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('vector store', () => {
  it('embeds the history in the background in batches of the model API, reads the vectors once, and ranks by them', async () => {
    const all = history(EMBED_BATCH + 30);
    const { s, model } = store(all);
    const first = await s.similar(all[0]!, all);
    // The entry on screen at once; the others are on their way.
    expect(first.people).toEqual([]);
    expect(first.filling).toEqual({ done: 0, total: all.length - 1 });
    await s.settled();
    expect(model.requests.map((r) => r.length)).toEqual([1, EMBED_BATCH, all.length - 1 - EMBED_BATCH]);

    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const { people, filling } = await s.similar(all[0]!, all);
    expect(filling).toBeNull();
    // The same role as e0 (every fifth entry) comes first, with the exact cosine of the model's vectors.
    expect(people[0]!.cargo).toBe('CFO');
    const expected = cosine(
      model.vec(embeddingText(all[0]!)),
      model.vec(embeddingText(byIdOf(all, people[0]!.id))),
    );
    expect(people[0]!.score).toBeCloseTo(expected, 1);
    await s.similar(all[1]!, all);
    // Kept in memory: no open reads the store again.
    expect(getAll).not.toHaveBeenCalled();
    getAll.mockRestore();
  });

  it('adds a new entry without reading the others again, and keeps vectors across a reopen', async () => {
    const all = history(12);
    const { s, model, read } = store(all);
    await s.similar(all[0]!, all);
    await s.settled();
    const requests = model.requests.length;
    const added = { ...entry('new', 'Nova', 'Nova SA', { cargo: 'CFO' }), createdAt: 2_000_000 };
    const grown = [added, ...all];
    const { people } = await s.similar(added, grown);
    expect(model.requests.slice(requests)).toEqual([[embeddingText(added)]]);
    expect(people.map((p) => p.cargo)).toContain('CFO');
    expect(read).toHaveBeenCalledTimes(1);
    await s.close();

    // Stored as one byte a dimension, read back by a new worker.
    const raw = await openEmbeddingsDb(NAME);
    const stored = await raw.getAll('vectors');
    raw.close();
    expect(stored).toHaveLength(13);
    for (const v of stored) expect(v.vector).toBeInstanceOf(Int8Array);
    const again = store(grown, model);
    const before = model.requests.length;
    expect((await again.s.similar(added, grown)).people).toEqual(people);
    expect(model.requests.length).toBe(before);
  });

  it('drops the vectors of deleted entries from memory and from disk', async () => {
    const all = history(8);
    const { s } = store(all);
    await s.similar(all[0]!, all);
    await s.settled();
    const kept = all.slice(0, 5);
    expect(await s.prune(kept)).toBe(3);
    expect(await s.prune(kept)).toBe(0);
    const { people } = await s.similar(all[0]!, kept);
    expect(people.map((p) => p.id).every((id) => kept.some((e) => e.id === id))).toBe(true);
    await s.close();
    const raw = await openEmbeddingsDb(NAME);
    expect((await raw.getAllKeys('vectors')).map(([id]) => id).sort()).toEqual(kept.map((e) => e.id).sort());
    raw.close();
  });

  it('forgets the vectors of entries as they leave, without reading the others when none is in memory', async () => {
    const all = history(8);
    const { s } = store(all);
    await s.similar(all[0]!, all);
    await s.settled();
    await s.forget(['e1', 'e2', 'never']);
    // Gone from memory: were they still in the history, they would be embedded again.
    expect((await s.similar(all[0]!, all)).filling).toEqual({ done: 0, total: 2 });
    await s.settled();
    await s.forget(['e1', 'e2']);
    await s.close();
    const onDisk = async () => {
      const raw = await openEmbeddingsDb(NAME);
      const ids = (await raw.getAllKeys('vectors')).map(([id]) => id).sort();
      raw.close();
      return ids;
    };
    expect(await onDisk()).toEqual(['e0', 'e3', 'e4', 'e5', 'e6', 'e7']);

    // A new worker that has not read its vectors: the deleted one goes from disk, nothing else is read.
    const again = store(all);
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    await again.s.forget(['e3']);
    expect(getAll).not.toHaveBeenCalled();
    getAll.mockRestore();
    expect(await onDisk()).toEqual(['e0', 'e4', 'e5', 'e6', 'e7']);
    await again.s.forget('all');
    expect(await onDisk()).toEqual([]);
    expect((await again.s.similar(all[0]!, all)).filling).toEqual({ done: 0, total: 7 });
    await again.s.settled();
    await again.s.close();
  });

  it('upgrades vectors kept as plain numbers (version 1) to one byte a dimension, dropping unreadable ones', async () => {
    const old = await openDB(EMBEDDINGS_DB, 1, {
      upgrade(d) {
        d.createObjectStore('vectors', { keyPath: ['entryId', 'model'] });
      },
    });
    await old.put('vectors', { entryId: 'a', model: 'service-embedding', textHash: 'h', vector: [3, 4] });
    await old.put('vectors', { entryId: 'b', model: 'service-embedding', textHash: 'h', vector: ['x'] });
    old.close();
    expect(EMBEDDINGS_VERSION).toBe(2);
    const d = await openEmbeddingsDb(EMBEDDINGS_DB);
    const a = await d.get('vectors', ['a', 'service-embedding']);
    expect(a?.vector).toEqual(new Int8Array([76, 102]));
    expect(await d.get('vectors', ['b', 'service-embedding'])).toBeUndefined();
    d.close();
  });
});

const byIdOf = (all: HistoryEntry[], id: string) => all.find((e) => e.id === id)!;
