import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseBody } from '@/lib/api/json';
import { deferred, dict, list, num, texts } from '@/lib/schema';
import { hostileJson } from './arbitraries';

/* Schemas built on first use (lib/schema.ts `deferred`): the worker stops paying for them at each wake. */

describe('deferred', () => {
  it('builds on the first use only, once', () => {
    let built = 0;
    const schema = deferred(() => (built++, z.looseObject({ a: z.number() })));
    const outer = z.looseObject({ inner: schema, list: z.array(schema) });
    expect(built).toBe(0);
    expect(outer.safeParse({ inner: { a: 1 }, list: [{ a: 2 }, { a: 3 }] }).success).toBe(true);
    expect(built).toBe(1);
    expect(schema.safeParse({ a: 'x' }).success).toBe(false);
    expect(schema).toBeInstanceOf(z.ZodType);
    expect(schema.extend({ b: z.string() }).safeParse({ a: 1, b: 'y' }).success).toBe(true);
    expect(built).toBe(1);
  });

  it('reads any body exactly as the same schema built at once', () => {
    const eager = z.looseObject({
      n: z.number().optional().catch(undefined),
      items: z.array(z.number().optional().catch(undefined)).optional().catch(undefined),
      words: z.array(z.string()).optional().catch(undefined),
      map: z.record(z.string(), z.string()).optional().catch(undefined),
      choice: z.union([z.literal('a'), z.number()]).optional(),
    });
    const lazily = z.looseObject({
      n: num(),
      items: list(z.number()),
      words: texts(),
      map: dict(z.string()),
      choice: deferred(() => z.union([z.literal('a'), z.number()]).optional()),
    });
    fc.assert(
      fc.property(hostileJson(['n', 'items', 'words', 'map', 'choice']), (json) => {
        const body = parseBody(JSON.stringify(json));
        const a = eager.safeParse(body);
        const b = lazily.safeParse(body);
        expect(b.success).toBe(a.success);
        if (!a.success || !b.success) return;
        // the helpers also cap and drop bad items: compare what both keep
        expect(b.data.n).toEqual(a.data.n);
        expect(b.data.choice).toEqual(a.data.choice);
        if (Array.isArray(a.data.items))
          expect(b.data.items).toEqual(
            a.data.items.filter((x) => x !== undefined).slice(0, b.data.items?.length),
          );
        else expect(b.data.items).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
