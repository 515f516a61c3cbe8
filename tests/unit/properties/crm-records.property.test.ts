import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuller } from '@/lib/extract/evidence/fields';
import { tidy } from '@/lib/extract/names';
import { fold } from '@/lib/text';
import { hostileText } from './arbitraries';

/*
 * A value an app cut short (lib/extract/evidence/fields.ts fuller): on outside text, a value without a cut mark is never
 * changed; a cut one becomes only a longer writing that begins as it does, and the whole writing when the page has
 * it; nothing throws.
 */

const word = fc.stringMatching(/^[A-Za-z]{2,9}$/);
const whole = fc.array(word, { minLength: 2, maxLength: 6 }).map((w) => w.join(' '));
const mark = fc.constantFrom('...', '…', ' ...', ' …');

describe('a value cut short (fields.ts fuller)', () => {
  it('a value without a cut mark is never changed, whatever the page writes', () => {
    fc.assert(
      fc.property(
        hostileText.filter((v) => !/(?:\.{3}|…)$/.test(v.trimEnd())),
        fc.array(hostileText, { maxLength: 8 }),
        (value, writings) => {
          expect(fuller(value, writings)).toBe(value);
        },
      ),
    );
  });

  it('a cut value becomes a longer writing that begins as it does, or stays as it is', () => {
    fc.assert(
      fc.property(hostileText, mark, fc.array(hostileText, { maxLength: 8 }), (stem, m, writings) => {
        const value = `${stem}${m}`;
        const out = fuller(value, writings);
        if (out === value) return;
        expect(writings.map((w) => tidy(w))).toContain(out);
        expect(fold(out).startsWith(fold(value.replace(/\s*(?:\.{3}|…)$/, '')))).toBe(true);
        expect(out.length).toBeGreaterThan(value.replace(/\s*(?:\.{3}|…)$/, '').trim().length);
      }),
    );
  });

  it('the whole writing on the page is found for any cut of four letters or more', () => {
    fc.assert(
      fc.property(
        whole,
        fc.integer({ min: 4, max: 60 }),
        mark,
        fc.array(whole, { maxLength: 5 }),
        (w, k, m, others) => {
          fc.pre(k < w.length && w.slice(0, k).trim().length >= 4);
          const cut = `${w.slice(0, k)}${m}`;
          const out = fuller(cut, [
            ...others.filter((o) => !fold(o).startsWith(fold(w.slice(0, k).trim()))),
            w,
          ]);
          expect(out).toBe(w);
        },
      ),
    );
  });
});
