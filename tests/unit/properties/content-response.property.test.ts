import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CANDIDATES } from '@/lib/extract/types';
import { contentResponseSchema } from '@/lib/messaging';
import { withEarlyDetect } from '@/lib/panel/early-reply';
import type { PanelDeps } from '@/lib/panel/store';

/*
 * What a content script answers comes from inside a web page: the panel's early question (lib/panel/early-reply.ts)
 * and the worker's detect read it through the one schema. Any value reads as a bounded answer or as none, never a
 * throw; an answer that does not read sends the panel to the worker.
 */

const candidate = fc.record({
  primeiro_nome: fc.string({ maxLength: 600 }),
  ultimo_nome: fc.string({ maxLength: 600 }),
  empresa: fc.string({ maxLength: 600 }),
  cargo: fc.option(fc.string({ maxLength: 600 }), { nil: undefined }),
  confidence: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.double()),
  source: fc.string({ maxLength: 120 }),
});
const answer = fc.oneof(
  fc.record({
    url: fc.string({ maxLength: 5000 }),
    title: fc.string({ maxLength: 600 }),
    candidates: fc.array(candidate, { maxLength: 60 }),
  }),
  fc.anything(),
);

describe('a content script answer', () => {
  it('reads as a bounded answer or as none, and never throws', () => {
    fc.assert(
      fc.property(answer, (raw) => {
        const read = contentResponseSchema.safeParse(raw);
        if (!read.success) return;
        expect(read.data.url.length).toBeLessThanOrEqual(4096);
        expect(read.data.title.length).toBeLessThanOrEqual(500);
        expect(read.data.candidates.length).toBeLessThanOrEqual(MAX_CANDIDATES);
        for (const c of read.data.candidates) {
          expect(c.confidence).toBeGreaterThanOrEqual(0);
          expect(c.confidence).toBeLessThanOrEqual(1);
          expect(c.primeiro_nome.length).toBeLessThanOrEqual(500);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('taken by the panel as it reads, or else asked of the worker', async () => {
    await fc.assert(
      fc.asyncProperty(answer, async (raw) => {
        const asked: string[] = [];
        const deps: PanelDeps = {
          now: () => 0,
          watchJob: () => () => undefined,
          stream: () => () => undefined,
          send: (async (type: string) => {
            asked.push(type);
            return { ok: false, reason: 'failed', url: '', origin: null };
          }) as PanelDeps['send'],
        };
        const early = Promise.resolve({
          tabId: 1,
          at: 0,
          answer: Promise.resolve({ from: 'page' as const, reply: raw }),
        });
        const reply = await withEarlyDetect(deps, early).send('detect', { tabId: 1 });
        const read = contentResponseSchema.safeParse(raw);
        if (read.success) {
          expect(reply).toEqual({ ok: true, ...read.data });
          expect(asked).toEqual([]);
        } else expect(asked).toEqual(['detect']);
      }),
      { numRuns: 300 },
    );
  });
});
