import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GUEST_KINDS, MEETING_SOURCES, RESPONSES } from '@/lib/extract/meeting-types';
import { MAX_CANDIDATES } from '@/lib/extract/types';
import { contentResponseSchema } from '@/lib/messaging';
import { readContentResponse } from '@/lib/panel/content-answer';
import { withEarlyDetect } from '@/lib/panel/early-reply';
import type { PanelDeps } from '@/lib/panel/store';

/*
 * What a content script answers comes from inside a web page: the panel's early question (lib/panel/early-reply.ts)
 * reads it as the worker's detect does, through the schema or, in the panel, through the same reading without zod
 * (lib/panel/content-answer.ts): the two give the same answers. Any value reads as a bounded answer or as none, never
 * a throw; an answer that does not read sends the panel to the worker.
 */

const candidateFields = {
  primeiro_nome: fc.string({ maxLength: 600 }),
  ultimo_nome: fc.string({ maxLength: 600 }),
  empresa: fc.string({ maxLength: 600 }),
  cargo: fc.option(fc.string({ maxLength: 600 }), { nil: undefined }),
  confidence: fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.double()),
  source: fc.string({ maxLength: 120 }),
};
const candidate = fc.record(candidateFields);
/** Mostly one of `values`, now and then any value. */
const or = <T>(...values: fc.Arbitrary<T>[]) =>
  fc.oneof({ arbitrary: fc.oneof(...values), weight: 12 }, { arbitrary: fc.anything(), weight: 1 });
/** A text within `max` characters, now and then near it on either side. */
const near = (max: number) =>
  fc.oneof(
    { arbitrary: fc.string({ maxLength: 20 }), weight: 6 },
    { arbitrary: fc.string({ minLength: Math.max(0, max - 2), maxLength: max + 2 }), weight: 1 },
  );
const number = fc.oneof(
  fc.double(),
  fc.integer({ min: -5, max: 10_005 }),
  fc.constantFrom(0, 1, -0, 10_000, 10_001, 0.5, NaN, Infinity, -Infinity, 2 ** 53),
);
const count = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 10_000 }), weight: 4 },
  { arbitrary: number, weight: 1 },
);
const confidence = fc.oneof(
  { arbitrary: fc.double({ min: 0, max: 1, noNaN: true }), weight: 4 },
  { arbitrary: number, weight: 1 },
);
const guest = fc.record(
  {
    name: or(near(200)),
    email: or(near(320)),
    response: or(fc.constantFrom(...RESPONSES, 'maybe')),
    organizer: or(fc.boolean()),
    optional: or(fc.boolean(), fc.constant(undefined)),
    kind: or(fc.constantFrom(...GUEST_KINDS, 'robot')),
    extra: fc.anything(),
  },
  { requiredKeys: ['name', 'email', 'response', 'organizer', 'kind'] },
);
const meeting = fc.record(
  {
    source: or(fc.constantFrom(...MEETING_SOURCES, 'fax')),
    title: or(near(300)),
    when: or(near(200)),
    self: or(near(320)),
    guests: or(
      fc.oneof(
        { arbitrary: fc.array(guest, { maxLength: 3 }), weight: 6 },
        { arbitrary: fc.array(fc.constant({}), { minLength: 199, maxLength: 202 }), weight: 1 },
      ),
    ),
    unlisted: or(count),
  },
  { requiredKeys: ['source', 'title', 'when', 'self', 'guests', 'unlisted'] },
);
const answer = fc.oneof(
  fc.record({
    url: fc.string({ maxLength: 5000 }),
    title: fc.string({ maxLength: 600 }),
    candidates: fc.array(candidate, { maxLength: 60 }),
  }),
  fc.record(
    {
      url: or(near(4096)),
      title: or(near(500)),
      candidates: or(
        fc.array(fc.record({ ...candidateFields, primeiro_nome: near(500), confidence }), { maxLength: 3 }),
      ),
      composing: or(fc.boolean(), fc.constant(undefined)),
      meeting: fc.oneof({ arbitrary: meeting, weight: 3 }, { arbitrary: fc.constant(undefined), weight: 1 }),
      other: fc.anything(),
    },
    { requiredKeys: ['url', 'title', 'candidates'] },
  ),
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

  it("reads in the panel, without zod, as the worker's schema reads it", () => {
    fc.assert(
      fc.property(answer, (raw) => {
        const read = contentResponseSchema.safeParse(raw);
        expect(readContentResponse(raw)).toStrictEqual(read.success ? read.data : null);
      }),
      { numRuns: 2000 },
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
