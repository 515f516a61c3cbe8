import fc from 'fast-check';

/* Hostile outside data for the property tests: long texts, invisible characters, emoji at cut points and
 * keys that would reach the prototype if read or copied carelessly. */

export const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- what cleaning must have removed
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff]/;
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const nasty = fc.constantFrom(
  '\u0000',
  '\u202E',
  '\u2066',
  '\u200B',
  '\uFEFF',
  '\u0007',
  '\r\n',
  '\t',
  '😀',
  '👍🏽',
  '🇧🇷',
  'e\u0301',
  '\uD83D',
  '<b>',
  '__proto__',
  ' ',
);

/** Text made of words, hostile characters and emoji, sometimes far longer than any cap. */
export const hostileText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.string({ maxLength: 8 }), nasty), { maxLength: 30 })
      .map((a) => a.join('')),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 50 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.oneof(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 4_990, max: 5_100 })),
        nasty,
        fc.string({ maxLength: 5 }),
      )
      .map(([n, c, tail]) => `${'a'.repeat(n)}${c}${tail}`),
  },
);

export const DANGEROUS_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'polluted',
];

/** Any JSON value whose objects may use `keys` (and the dangerous ones), as JSON.parse would give it. */
export function hostileJson(keys: string[], depth = 3): fc.Arbitrary<unknown> {
  const key = fc.constantFrom(...keys, ...DANGEROUS_KEYS);
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: depth },
      hostileText,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.constant(Array.from({ length: 60 }, (_, i) => `item ${i} ${'x'.repeat(4_990 + i)}`)),
      fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    ),
  }));
  // Mostly an object of the given keys, as a body is; through JSON text, so `__proto__` is an own key as it
  // is in a real body.
  return fc
    .oneof({ weight: 4, arbitrary: fc.dictionary(key, value, { minKeys: 1, maxKeys: 8 }) }, value)
    .map((v) => JSON.parse(JSON.stringify(v) ?? 'null') as unknown);
}

/** Every string in a value (keys included) and every array length. */
export function walk(v: unknown, seen = { strings: [] as string[], arrays: [] as number[] }) {
  if (typeof v === 'string') seen.strings.push(v);
  else if (Array.isArray(v)) {
    seen.arrays.push(v.length);
    v.forEach((x) => walk(x, seen));
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      seen.strings.push(k);
      walk(x, seen);
    }
  }
  return seen;
}

/** The global prototypes are untouched and no object in the value has a prototype taken from the input. */
export function expectNoPollution(v: unknown, expect: (x: unknown) => { toBe(y: unknown): void }) {
  expect(({} as Record<string, unknown>).polluted).toBe(undefined);
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
  const visit = (x: unknown) => {
    if (!x || typeof x !== 'object') return;
    const proto = Object.getPrototypeOf(x) as unknown;
    if (!Array.isArray(x)) expect(proto === Object.prototype || proto === null).toBe(true);
    Object.values(x).forEach(visit);
  };
  visit(v);
}
