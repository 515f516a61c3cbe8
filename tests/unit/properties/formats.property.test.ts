import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditsText, formatDate, formatMoment, formatNumber } from '@/lib/i18n';
import type { Lang } from '@/lib/model';

/*
 * Numbers and dates on screen come from the service (balances, prices, timestamps): the shared formatters read
 * them as the browser's own toLocale* would, one formatter per language kept instead of one built per call.
 */

const LOCALE: Record<Lang, string> = { pt: 'pt-BR', en: 'en-US' };
const lang = fc.constantFrom<Lang>('pt', 'en');

describe('the shared number and date formatters', () => {
  it('write what toLocaleString writes, for any number and language', () => {
    fc.assert(
      fc.property(lang, fc.oneof(fc.integer(), fc.double({ noNaN: false })), (l, n) => {
        expect(formatNumber(l, n)).toBe(n.toLocaleString(LOCALE[l]));
      }),
    );
    expect(formatNumber('pt', 1250)).toBe('1.250');
    expect(formatNumber('en', 1250.5)).toBe('1,250.5');
    expect(creditsText('pt', 1)).toBe('1 crédito');
    expect(creditsText('pt', 1250)).toBe('1.250 créditos');
  });

  it('write any date as toLocale*String would, and give back what is not a date as it came', () => {
    const at = fc.oneof(
      fc.integer({ min: -8.64e15, max: 8.64e15 }),
      fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
      fc.string(),
      fc.constantFrom('', 'ontem', '2030-13-45', 'NaN', '1e999'),
    );
    fc.assert(
      fc.property(lang, at, (l, value) => {
        const d = new Date(value);
        const loc = LOCALE[l];
        if (Number.isNaN(d.getTime())) {
          expect(formatDate(l, value)).toBe(String(value));
          expect(formatMoment(l, value)).toBe(String(value));
          return;
        }
        expect(formatDate(l, value)).toBe(
          d.toLocaleDateString(loc, { day: '2-digit', month: 'short', year: 'numeric' }),
        );
        expect(formatMoment(l, value)).toBe(
          d.toLocaleString(loc, { dateStyle: 'medium', timeStyle: 'short' }),
        );
        expect(formatMoment(l, value, 'short')).toBe(
          d.toLocaleString(loc, { dateStyle: 'short', timeStyle: 'short' }),
        );
      }),
    );
  });
});
