import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { emptyAnalysis } from '@/lib/analysis/normalize';
import { ANALYSIS_VERSION } from '@/lib/analysis/model';
import { createHistory, personKey } from '@/lib/history';
import { byPerson, summaryFields, type HistoryCursor } from '@/lib/history-index';
import type { StoredSummary } from '@/lib/storage/idb';
import type { HistoryEntry, HistorySummary } from '@/lib/model';
import { fold } from '@/lib/text';
import { exportAll, toSummary } from '../history-oracle';

vi.setConfig({ testTimeout: 120_000 });

/*
 * The history's search index against a full scan of the entries (what `list` did before the index): after any
 * sequence of writes, deletions and retention, every query gives the same entries in the same order, and the
 * export's pages together are the whole history, once each, newest first.
 */

const NOW = Date.UTC(2026, 0, 10);
const DAY = 86_400_000;
const words = [
  'Ana',
  'Ânia',
  'JOÃO',
  'joao',
  'Souza',
  'Sousa',
  'Itaú',
  'itau',
  'Nubank',
  'Stone',
  'da',
  'de',
  'CFO',
];
const word = fc.constantFrom(...words);
const phrase = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));

const entryArb = fc
  .record({
    id: fc.stringMatching(/^[a-e][0-9]{0,2}$/),
    first: phrase,
    last: fc.oneof(phrase, fc.constant('')),
    company: phrase,
    cargo: fc.option(phrase, { nil: undefined }),
    // Few distinct moments, so that ties (same createdAt) are common.
    age: fc.integer({ min: 0, max: 8 }).map((n) => n * 20 * DAY),
    depth: fc.constantFrom('quick', 'complete', 'plus') as fc.Arbitrary<HistoryEntry['depth']>,
  })
  .map(({ id, first, last, company, cargo, age, depth }): HistoryEntry => {
    const input = { primeiro_nome: first, ultimo_nome: last, empresa: company };
    return {
      id,
      personKey: personKey(input),
      input,
      depth,
      lang: 'pt',
      endpoint: '/crm',
      creditsCharged: 1,
      createdAt: NOW - age,
      analysis: { ...emptyAnalysis(), ...(cargo && { cargo }) },
      version: ANALYSIS_VERSION,
      issues: [],
    };
  });

const op = fc.oneof(
  { weight: 6, arbitrary: entryArb.map((e) => ({ put: e }) as const) },
  { weight: 2, arbitrary: fc.stringMatching(/^[a-e][0-9]{0,2}$/).map((id) => ({ del: id }) as const) },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 200 }).map((days) => ({ prune: days }) as const) },
  { weight: 1, arbitrary: fc.constant({ clear: true } as const) },
);

/** What `list` read before the index: every entry, newest first, filtered on its folded fields. */
async function fullScan(query: string, limit: number) {
  const terms = fold(query).split(' ').filter(Boolean);
  return (await exportAll())
    .filter((e) => {
      const text = fold(
        [e.input.primeiro_nome, e.input.ultimo_nome, e.input.empresa, e.analysis.cargo ?? ''].join(' '),
      );
      return terms.every((t) => text.includes(t));
    })
    .slice(0, limit)
    .map(toSummary);
}

describe('history search index', () => {
  it('gives what a full scan of the entries gives, after any writes, deletions and retention', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { maxLength: 40 }),
        fc.array(
          fc.oneof(
            phrase,
            fc.constant(''),
            word.map((w) => fold(w).slice(0, 2)),
          ),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        async (ops, queries, limit, warmFirst) => {
          globalThis.indexedDB = new IDBFactory();
          const h = createHistory({ retentionDays: () => 365, now: () => NOW });
          // The index read before the writes (kept current by them) or only after them (built from the store).
          if (warmFirst) await h.warm();
          for (const o of ops) {
            if ('put' in o) await h.put(o.put);
            else if ('del' in o) await h.delete(o.del);
            else if ('prune' in o) await h.prune(o.prune);
            else await h.clear();
          }
          for (const q of queries)
            expect(await h.list({ query: q, limit })).toEqual(await fullScan(q, limit));
          // Each person's entries, newest first, as the map by person key keeps them.
          const all = (await exportAll()).map(toSummary);
          const people = byPerson(all);
          const indexed = new Map<string, HistorySummary[]>();
          for (const [k, v] of await h.people())
            indexed.set(
              k,
              v.map((r) => summaryFields(r as StoredSummary)),
            );
          expect(indexed).toEqual(people);
          for (const [key, own] of people)
            expect(await h.findReusable(key, 'quick', 'pt', 0)).toEqual(own[0]);
          // A second instance, reading the stored summaries, agrees too.
          const reopened = createHistory({ retentionDays: () => 365, now: () => NOW });
          for (const q of queries)
            expect(await reopened.list({ query: q, limit })).toEqual(await fullScan(q, limit));
          // The export's pages: the whole history, newest first, once each.
          const paged: HistoryEntry[] = [];
          let cursor: HistoryCursor | null = null;
          do {
            const page: Awaited<ReturnType<typeof h.page>> = await h.page(cursor, limit);
            expect(page.total).toBe((await exportAll()).length);
            paged.push(...page.entries);
            cursor = page.next;
          } while (cursor);
          expect(paged).toEqual(await exportAll());
          await h.close();
          await reopened.close();
        },
      ),
      { numRuns: 150 },
    );
  });
});
