import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeNames } from '@/lib/extract/lexicon';
import { GIVEN_NAMES } from '@/lib/extract/given-names.data';

/** Front-codes a list as tests/data/given-names.ts writes it: sorted, each word as its shared letters (0–9) and the rest. */
function frontCode(words: string[]) {
  let out = '';
  let prev = '';
  for (const w of [...new Set(words)].sort()) {
    let i = 0;
    while (i < 9 && prev[i] === w[i]) i++;
    out += i + w.slice(i);
    prev = w;
  }
  return out;
}

describe('the given names list', () => {
  it('decodes every front-coded list to the words it was written from', () => {
    const word = fc.stringMatching(/^[a-z'][a-z']{1,14}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 200 }), (words) => {
        expect(decodeNames(frontCode(words))).toEqual(new Set(words));
      }),
      { numRuns: 300 },
    );
  });

  it('holds the shipped names, each once and folded', () => {
    const names = decodeNames(GIVEN_NAMES);
    expect(names.size).toBeGreaterThan(1400);
    expect(frontCode([...names])).toBe(GIVEN_NAMES);
    for (const n of ['maria', 'joao', 'ana', 'francisco', 'aaliyah']) expect(names.has(n)).toBe(true);
    for (const n of names) expect(n).toMatch(/^[a-z']+$/);
  });
});
