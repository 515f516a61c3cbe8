import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isRequestType, requestSchema, type RequestType } from '@/lib/messaging';

/* The protocol's payload schemas: zod/mini, each built on the first message of its type. */

const SOME: RequestType[] = [
  'quote',
  'detect',
  'history.list',
  'batch.start',
  'draft.save',
  'compose.insert',
];

describe('the request table', () => {
  it('knows its own types and nothing else, inherited names included', () => {
    for (const t of SOME) expect(isRequestType(t)).toBe(true);
    for (const t of ['toString', '__proto__', 'constructor', 'hasOwnProperty', '', 'detect ', 1, null])
      expect(isRequestType(t)).toBe(false);
    fc.assert(
      fc.property(fc.constantFrom(...SOME), fc.string({ minLength: 1, maxLength: 5 }), (t, extra) => {
        // a known type with anything around it, or in another case, is unknown
        expect(isRequestType(`${extra}${t}`)).toBe(false);
        expect(isRequestType(t.toUpperCase())).toBe(false);
        expect(isRequestType(`${t}\u0000`)).toBe(false);
      }),
    );
  });

  it('builds a schema once, on first use, and gives the same one after', () => {
    expect(requestSchema('history.list')).toBe(requestSchema('history.list'));
    expect(requestSchema('history.get')).not.toBe(requestSchema('history.delete'));
  });

  it('fills the defaults and enforces the bounds as the worker reads them', () => {
    expect(requestSchema('history.list').parse({})).toEqual({ query: '', limit: 50 });
    expect(requestSchema('history.list').parse({ query: '  Ana  ' }).query).toBe('Ana');
    expect(requestSchema('history.clear').parse(undefined)).toEqual({});
    expect(requestSchema('credits.get').parse({})).toEqual({ refresh: false });
    expect(requestSchema('detect').safeParse({ tabId: -1 }).success).toBe(false);
    expect(requestSchema('detect').safeParse({ tabId: 1.5 }).success).toBe(false);
    expect(requestSchema('key.set').safeParse({ key: '   ' }).success).toBe(false);
    expect(requestSchema('batch.start').safeParse({ people: [], depth: 'quick' }).success).toBe(false);
    const start = requestSchema('batch.start').parse({
      people: [{ primeiro_nome: ' Ana ', empresa: 'Nubank' }],
      depth: 'quick',
      limit: 3,
    });
    expect(start).toEqual({
      people: [{ primeiro_nome: 'Ana', ultimo_nome: '', empresa: 'Nubank' }],
      depth: 'quick',
      refresh: false,
      limit: 3,
    });
    fc.assert(
      fc.property(fc.integer(), fc.string({ maxLength: 30 }), (tabId, text) => {
        const parsed = requestSchema('compose.insert').safeParse({ tabId, text });
        expect(parsed.success).toBe(tabId >= 0 && tabId <= Number.MAX_SAFE_INTEGER && text.length > 0);
      }),
    );
  });
});
