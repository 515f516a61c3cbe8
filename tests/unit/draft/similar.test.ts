import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import { cosine, createSimilarity, embeddingText } from '@/lib/draft/similar';
import { engineWith, setupEngineTests } from '../background/setup';
import { entry } from './entries';

const sandbox = setupEngineTests();

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

describe('cosine', () => {
  it('is 1 for the same direction, 0 for orthogonal, -1 for opposite, 0 for a zero vector', () => {
    expect(cosine([1, 2], [2, 4])).toBeCloseTo(1);
    expect(cosine([1, 0], [0, 3])).toBe(0);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1);
    expect(cosine([0, 0], [1, 1])).toBe(0);
  });
});

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

    const top = await send('draft.similar', { entryId: 'target' });
    expect(top.map((p) => p.id)).toEqual(['cfo2', 'cfo3', expect.any(String)]);
    expect(top[0]).toMatchObject({ name: 'Bruno', company: 'Itaú', cargo: 'CFO' });
    expect(top[0]!.score).toBeGreaterThan(top[2]!.score);
    expect(top.map((p) => p.id)).not.toContain('target-old');
    expect(calls.filter((c) => c === '/v1/embeddings')).toHaveLength(1);

    // Cached: asking again, or for another entry, embeds nothing new.
    await send('draft.similar', { entryId: 'target' });
    expect((await send('draft.similar', { entryId: 'dev' })).map((p) => p.id)).not.toContain('dev');
    expect(calls.filter((c) => c === '/v1/embeddings')).toHaveLength(1);

    // A new entry: only it is embedded.
    await engine.history.put(entry('new', 'Fábio', 'XP', cfo));
    await send('draft.similar', { entryId: 'new' });
    expect(calls.filter((c) => c === '/v1/embeddings')).toHaveLength(2);

    const ledger = await sandbox.ledger(key);
    expect(ledger.entries).toEqual([]);
    expect(ledger.total_credits).toBe(0);
    expect(await send('draft.similar', { entryId: 'unknown' })).toEqual([]);
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
    const small = createSimilarity({ client: async () => counting, name: 'cache-test' });
    const large = createSimilarity({
      client: async () => counting,
      name: 'cache-test',
      model: 'service-embedding-large',
    });
    await small.similar(all[0]!, all);
    await small.close();
    await large.similar(all[0]!, all);
    await large.close();
    expect(requests).toEqual([
      { model: 'service-embedding', inputs: 5 },
      { model: 'service-embedding-large', inputs: 5 },
    ]);
    expect([...dims].sort()).toEqual([1536, 3072]);

    // Reopened: still cached, for both models.
    const again = createSimilarity({ client: async () => counting, name: 'cache-test' });
    await again.similar(all[0]!, all);
    expect(requests).toHaveLength(2);
    // Two entries left the history: their vectors go, under both models.
    expect(await again.prune(all.slice(2))).toBe(4);
    await again.similar(all[0]!, all);
    expect(requests.at(-1)).toEqual({ model: 'service-embedding', inputs: 2 });
  });
});
