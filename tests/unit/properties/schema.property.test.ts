import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBody } from '@/lib/api/json';
import { dict, list, num, opt, texts } from '@/lib/schema';
import { MAX_ITEMS, MAX_TEXT } from '@/lib/text';
import { hostileJson } from './arbitraries';

/* The forgiving helpers every outside body is read with. */

describe('forgiving schemas on any JSON', () => {
  it('never throw; a wrong type reads as absent; lists keep their good items within the cap', () => {
    const schema = z.looseObject({
      n: num(),
      items: list(z.number()),
      words: texts(),
      map: dict(z.string()),
    });
    fc.assert(
      // bodies come through the client's JSON reader, which drops `__proto__` keys
      fc.property(hostileJson(['n', 'items', 'words', 'map']), (json) => {
        const body = parseBody(JSON.stringify(json));
        const r = schema.safeParse(body);
        if (!r.success) {
          // only a body that is not an object at all is refused
          expect(typeof body === 'object' && body !== null && !Array.isArray(body)).toBe(false);
          return;
        }
        const src = body as Record<string, unknown>;
        expect(r.data.n).toBe(typeof src.n === 'number' ? src.n : undefined);
        if (Array.isArray(src.items)) {
          const good = src.items.slice(0, MAX_ITEMS).filter((x) => typeof x === 'number');
          expect(r.data.items).toEqual(good);
        } else expect(r.data.items).toBeUndefined();
        for (const w of r.data.words ?? []) expect(w.length).toBeLessThanOrEqual(MAX_TEXT);
        expect((r.data.words ?? []).length).toBeLessThanOrEqual(MAX_ITEMS);
        expect(Object.keys(r.data.map ?? {}).length).toBeLessThanOrEqual(MAX_ITEMS);
      }),
      { numRuns: 300 },
    );
  });

  it('opt: anything but the type reads as absent', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(opt(z.string()).parse(v)).toBe(typeof v === 'string' ? v : undefined);
      }),
    );
  });
});

describe('a body naming object machinery', () => {
  it('"constructor": null in a record field is read as a missing key, not a thrown error', () => {
    const schema = z.looseObject({ map: dict(z.unknown()), request: opt(z.record(z.string(), z.unknown())) });
    const text = '{"map":{"constructor":null,"a":1},"request":{"constructor":null}}';
    // zod's record check throws on it as JSON.parse gives it…
    expect(() => schema.safeParse(JSON.parse(text))).toThrow();
    // …and reads it through the client's JSON reader
    expect(schema.parse(parseBody(text))).toEqual({ map: { a: 1 }, request: {} });
  });
});
