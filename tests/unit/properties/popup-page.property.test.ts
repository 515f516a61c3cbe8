import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POPUP_PAGE, balanceIn, popupPage } from '@/lib/popup-page';
import { hostileText } from './arbitraries';

/* The popup's address carries the balance it paints first: written by the worker, read by the page as outside data. */

const searchOf = (page: string) => page.slice(POPUP_PAGE.length);

describe("the balance in the popup's address", () => {
  it('reads back what the worker wrote, for any whole or decimal balance', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: Number.MAX_SAFE_INTEGER }),
          fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 100),
        ),
        (balance) => {
          const page = popupPage(balance);
          expect(page.startsWith(`${POPUP_PAGE}?`)).toBe(true);
          expect(balanceIn(searchOf(page))).toBe(balance);
        },
      ),
    );
  });

  it('carries nothing without a balance, or one that cannot be written as a plain number', () => {
    for (const balance of [null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(popupPage(balance)).toBe(POPUP_PAGE);
    // 1e21 is written "1e+21": the address then carries what no reader takes, and the popup reads storage
    expect(balanceIn(searchOf(popupPage(1e21)))).toBeNull();
    expect(balanceIn('')).toBeNull();
  });

  it('any address reads as a finite number or nothing, never throws', () => {
    const value = fc.oneof(
      hostileText,
      fc.constantFrom(
        '1e999',
        'NaN',
        'Infinity',
        '-0',
        '0x10',
        ' 12',
        '12 ',
        '1_000',
        '١٢',
        '12.',
        '.5',
        '+3',
      ),
      fc.double().map(String),
    );
    fc.assert(
      fc.property(value, fc.boolean(), (v, encode) => {
        const search = `?saldo=${encode ? encodeURIComponent(v.toWellFormed()) : v}`;
        const read = balanceIn(search);
        if (read !== null) {
          expect(Number.isFinite(read)).toBe(true);
          expect(String(read)).toBe(String(Number(new URLSearchParams(search).get('saldo'))));
        }
      }),
    );
    for (const bad of ['1e999', 'NaN', 'Infinity', '0x10', ' 12', '1_000', '12.', '.5', '+3', '12&x'])
      expect(balanceIn(`?saldo=${encodeURIComponent(bad)}`)).toBeNull();
    expect(balanceIn('?saldo=12&saldo=13')).toBe(12);
    expect(balanceIn('?outro=12')).toBeNull();
  });
});
