import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { createSimilarity, embeddingText } from '@/lib/draft/similar';
import { openEmbeddingsDb } from '@/lib/storage/idb';
import type { HistoryEntry } from '@/lib/model';
import { engineWith, setupEngineTests } from '../background/setup';
import { entry, peopleOf } from './entries';

const sandbox = setupEngineTests();
afterEach(() => vi.restoreAllMocks());

const cfo = { cargo: 'CFO', tipoStakeholder: 'C-Level', persona: { titulo: 'Executivo financeiro' } };
const people = () => [
  entry('target', 'Ana', 'Nubank', { ...cfo, contextoNegocios: { setor: 'Financeiro', tendencias: [] } }),
  entry('cfo2', 'Bruno', 'Itaú', { ...cfo, contextoNegocios: { setor: 'Financeiro', tendencias: [] } }),
  entry('cfo3', 'Carla', 'Stone', { ...cfo, mbti: { type: 'ESTJ', strengths: [] } }),
  entry('dev', 'Davi', 'Globo', {
    cargo: 'Desenvolvedor júnior',
    tipoStakeholder: 'Individual Contributor',
    persona: { titulo: 'Técnico curioso' },
  }),
  entry('mkt', 'Eva', 'Magalu', { cargo: 'Analista de marketing', tipoStakeholder: 'Manager' }),
  // The same person as the target, analysed again: never "similar to" herself.
  { ...entry('target-old', 'Ana', 'Nubank', cfo), createdAt: Date.now() - 86_400_000 },
];

describe('embedding text', () => {
  it('holds role, stakeholder class, sector, persona and MBTI, and nothing about who the person is', () => {
    const [e] = people();
    const text = embeddingText({
      ...e!,
      analysis: { ...e!.analysis, mbti: { type: 'INTJ', strengths: [] } },
    });
    expect(text).toBe('CFO\nC-Level\nFinanceiro\nExecutivo financeiro\nINTJ');
    expect(text).not.toContain('Ana');
    expect(text).not.toContain('Nubank');
  });
});

describe('similar people', () => {
  it('ranks the three closest other people, computes each embedding once, spends no profile credits', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    const { engine, send, calls } = engineWith();
    await send('key.set', { key });
    for (const e of people()) await engine.history.put(e);

    // The entry on screen is embedded at once; the rest of the history in the background, and the answer says so.
    const first = await send('draft.similar', { entryId: 'target' });
    expect(first).toEqual({ people: [], filling: { done: 0, total: 4 } });
    await engine.draft.similarSettled();
    const { people: top, filling } = await send('draft.similar', { entryId: 'target' });
    expect(filling).toBeNull();
    expect(top.map((p) => p.id)).toEqual(['cfo2', 'cfo3', expect.any(String)]);
    expect(top[0]).toMatchObject({ name: 'Bruno', company: 'Itaú', cargo: 'CFO' });
    expect(top[0]!.score).toBeGreaterThan(top[2]!.score);
    expect(top.map((p) => p.id)).not.toContain('target-old');
    // One request for the entry on screen, one for the four others (a batch holds up to 100).
    expect(calls.filter((c) => c === '/v1/embeddings')).toHaveLength(2);

    // Cached: asking again, or for another entry, embeds nothing new.
    await send('draft.similar', { entryId: 'target' });
    expect((await send('draft.similar', { entryId: 'dev' })).people.map((p) => p.id)).not.toContain('dev');
    expect(calls.filter((c) => c === '/v1/embeddings')).toHaveLength(2);

    // A new entry: only it is embedded.
    await engine.history.put(entry('new', 'Fábio', 'XP', cfo));
    expect((await send('draft.similar', { entryId: 'new' })).filling).toBeNull();
    expect(calls.filter((c) => c === '/v1/embeddings')).toHaveLength(3);

    const ledger = await sandbox.ledger(key);
    expect(ledger.entries).toEqual([]);
    expect(ledger.total_credits).toBe(0);
    expect(await send('draft.similar', { entryId: 'unknown' })).toEqual({ people: [], filling: null });
  });

  it('reads the vectors in the tidy step after a wake, so the first open does not read them', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    const before = engineWith();
    await before.send('key.set', { key });
    for (const e of people()) await before.engine.history.put(e);
    await before.send('draft.similar', { entryId: 'target' });
    await before.engine.draft.similarSettled();

    // A woken worker: its tidy step has run (and embedded the one entry never embedded: the target's own earlier
    // analysis, never a candidate of hers); the first open reads no vector from storage and embeds nothing.
    const woken = engineWith();
    await woken.settled;
    await woken.engine.draft.similarSettled();
    expect(woken.calls.filter((c) => c === '/v1/embeddings')).toHaveLength(1);
    const read: string[] = [];
    const getAll = IDBObjectStore.prototype.getAll;
    vi.spyOn(IDBObjectStore.prototype, 'getAll').mockImplementation(function (this: IDBObjectStore, ...args) {
      read.push(this.name);
      return getAll.apply(this, args);
    });
    const { people: top, filling } = await woken.send('draft.similar', { entryId: 'target' });
    expect(filling).toBeNull();
    expect(top.map((p) => p.id)).toEqual(['cfo2', 'cfo3', expect.any(String)]);
    expect(read).not.toContain('vectors');
    expect(woken.calls.filter((c) => c === '/v1/embeddings')).toHaveLength(1);
  });

  it('drops the vectors of entries deleted, expired or cleared as they go, not at each open', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    const { engine, send } = engineWith();
    await send('key.set', { key });
    for (const e of people()) await engine.history.put(e);
    await send('draft.similar', { entryId: 'target' });
    await engine.draft.similarSettled();
    const stored = async () => {
      const db = await openEmbeddingsDb();
      const ids = (await db.getAllKeys('vectors')).map(([id]) => id).sort();
      db.close();
      return ids;
    };
    expect(await stored()).toEqual(['cfo2', 'cfo3', 'dev', 'mkt', 'target']);

    await send('history.delete', { id: 'cfo2' });
    await vi.waitFor(async () => expect(await stored()).toEqual(['cfo3', 'dev', 'mkt', 'target']), 10_000);
    // Past retention (the history's own prune): its vector goes with it.
    await engine.history.prune(-1);
    await vi.waitFor(async () => expect(await stored()).toEqual([]), 10_000);
    for (const e of people()) await engine.history.put(e);
    await send('draft.similar', { entryId: 'target' });
    await engine.draft.similarSettled();
    await send('history.clear', {});
    await vi.waitFor(async () => expect(await stored()).toEqual([]), 10_000);
  });

  it('keys the cache by model (1536 and 3072 dimensions) and drops vectors of deleted entries', async () => {
    const key = await sandbox.account({ tier: 'complete' });
    const requests: { model: string; inputs: number }[] = [];
    const client = createApiClient({ baseUrl: sandbox.url(), llmBaseUrl: sandbox.url(), apiKey: key });
    const counting = {
      ...client,
      embeddings: async (req: Parameters<typeof client.embeddings>[0]) => {
        requests.push({ model: req.model, inputs: Array.isArray(req.input) ? req.input.length : 1 });
        const res = await client.embeddings(req);
        dims.add((res.data[0]?.embedding as number[]).length);
        return res;
      },
    };
    const dims = new Set<number>();
    const all = people();
    const byId = new Map(all.map((e) => [e.id, e]));
    const read = async (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
    const open = (model?: string) =>
      createSimilarity({ client: async () => counting, name: 'cache-test', read, ...(model && { model }) });
    const settle = async (s: ReturnType<typeof open>, target: HistoryEntry) => {
      await s.similar(target, peopleOf(all));
      await s.settled();
      return s.similar(target, peopleOf(all));
    };
    const small = open();
    await settle(small, all[0]!);
    await small.close();
    const large = open('service-embedding-large');
    await settle(large, all[0]!);
    await large.close();
    expect(requests).toEqual([
      { model: 'service-embedding', inputs: 1 },
      { model: 'service-embedding', inputs: 4 },
      { model: 'service-embedding-large', inputs: 1 },
      { model: 'service-embedding-large', inputs: 4 },
    ]);
    expect([...dims].sort()).toEqual([1536, 3072]);

    // Reopened: still cached, for both models.
    const again = open();
    expect((await again.similar(all[0]!, peopleOf(all))).people).toHaveLength(3);
    expect(requests).toHaveLength(4);
    // Two entries left the history: their vectors go (this model's; the other model's are pruned by its own store).
    expect(await again.prune(all.slice(2))).toBe(2);
    await settle(again, all[0]!);
    expect(requests.slice(4)).toEqual([
      { model: 'service-embedding', inputs: 1 },
      { model: 'service-embedding', inputs: 1 },
    ]);
  });
});

describe('background embedding of saved analyses', () => {
  const embeddingsCalls = (calls: string[]) => calls.filter((c) => c === '/v1/embeddings').length;
  const storedVectors = async () => {
    const db = await openEmbeddingsDb();
    const ids = (await db.getAll('vectors')).map((v) => v.entryId);
    db.close();
    return ids.sort();
  };

  it('embeds a lookup as it is saved and a batch in requests of up to 100, without opening "Pessoas parecidas"', async () => {
    const key = await sandbox.account({ tier: 'complete', credits: 200 });
    const { engine, send, calls, settled } = engineWith();
    await settled;
    await send('key.set', { key });
    const { jobId } = await send('lookup', {
      input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
      depth: 'complete',
      lang: 'pt',
    });
    expect((await engine.lookup.settled(jobId))?.status).toBe('done');
    await vi.waitFor(() => expect(embeddingsCalls(calls)).toBe(1), 10_000);
    await engine.draft.similarSettled();
    expect(await storedVectors()).toEqual([jobId]);

    const crowd = Array.from({ length: 23 }, (_, i) => ({
      primeiro_nome: `Pessoa${i}`,
      ultimo_nome: 'Lote',
      empresa: `Firma ${i % 3}`,
    }));
    const batch = await send('batch.start', { people: crowd, depth: 'complete' });
    await engine.batch.settled(batch.jobId);
    await vi.waitFor(() => expect(embeddingsCalls(calls)).toBe(2), 10_000);
    await engine.draft.similarSettled();
    const saved = (await send('batch.entries', { id: batch.jobId })).map((e) => e.id);
    expect(saved).toHaveLength(23);
    expect(await storedVectors()).toEqual([jobId, ...saved].sort());

    // "Pessoas parecidas" then finds every vector made: it asks for none.
    const { people: top, filling } = await send('draft.similar', { entryId: jobId });
    expect(top).toHaveLength(3);
    expect(filling).toBeNull();
    expect(embeddingsCalls(calls)).toBe(2);
    // No profile credits for the embeddings: the ledger holds the lookup's and the batch's only.
    expect((await sandbox.ledger(key)).total_credits).toBe(2 + 23 * 2);
  });

  it('never embeds twice; a failed request leaves everything as it was and is tried again later', async () => {
    const all = people();
    const byId = new Map(all.map((e) => [e.id, e]));
    const requests: number[] = [];
    let failing = 1;
    const client = {
      embeddings: async ({ input }: { input: string | string[] }) => {
        const texts = Array.isArray(input) ? input : [input];
        requests.push(texts.length);
        if (failing-- > 0) throw new Error('model API down');
        return { data: texts.map((_, index) => ({ embedding: [index + 1, 0.5, -0.25], index })) };
      },
    } as unknown as Awaited<ReturnType<Parameters<typeof createSimilarity>[0]['client']>>;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const similarity = createSimilarity({
      client: async () => client,
      read: async (ids) => ids.flatMap((id) => byId.get(id) ?? []),
      name: 'retry-test',
      retryMs: 20,
    });
    await similarity.embedLater(['target', 'cfo2', 'gone']);
    await similarity.settled();
    // Failed: nothing kept, the entries untouched, and nothing under way until the retry.
    expect(requests).toEqual([2]);
    expect((await similarity.similar(all[0]!, new Map())).people).toEqual([]);
    await vi.waitFor(() => expect(requests).toEqual([2, 2]), 10_000);
    await similarity.settled();
    // Embedded: asked again (or with others), only what has no vector goes.
    await similarity.embedLater(['target', 'cfo2', 'cfo3']);
    await similarity.settled();
    expect(requests).toEqual([2, 2, 1]);
    await similarity.embedLater(['target', 'cfo2', 'cfo3']);
    await similarity.settled();
    expect(requests).toEqual([2, 2, 1]);
    expect(byId.get('target')).toEqual(all[0]);
    await similarity.close();
  });
});
