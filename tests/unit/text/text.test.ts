import { describe, expect, it, vi } from 'vitest';
import { applyMapping, parseLines, readTable } from '@/lib/batch/import';
import { tidy as extractorTidy } from '@/lib/extract/names';
import { capList, capRecord, capText, cutAt, MAX_TEXT, tidy } from '@/lib/text';

const HOSTILE = 'A\u0000n\u202Ea\u200B \u0007Souza\u2066\uFEFF';

describe('cutAt', () => {
  it('keeps a text that fits as it is', () => expect(cutAt('Olá 😀', 10)).toBe('Olá 😀'));

  it('never cuts a surrogate pair, a flag, a skin tone or an accent in half', () => {
    expect(cutAt('ab😀', 3)).toBe('ab');
    expect(cutAt('a🇧🇷', 3)).toBe('a');
    expect(cutAt('a👍🏽b', 4)).toBe('a');
    expect(cutAt('ae\u0301b', 2)).toBe('a');
  });

  it('cuts between two Latin letters without building the segmenter (its rules cost a fresh page ~20 ms)', async () => {
    vi.resetModules();
    const Real = Intl.Segmenter;
    const intl = Intl as unknown as { Segmenter: typeof Real };
    let made = 0;
    intl.Segmenter = class extends Real {
      constructor(...args: ConstructorParameters<typeof Real>) {
        super(...args);
        made++;
      }
    };
    try {
      const { cutAt: fresh } = await import('@/lib/text');
      expect(fresh('Ação comercial é o foco', 8)).toBe('Ação com');
      expect(fresh('Ñandú São Paulo\n', 12)).toBe('Ñandú São Pa');
      expect(made).toBe(0);
      // an accent written as a combining mark still needs it
      expect(fresh('ae\u0301b', 2)).toBe('a');
      expect(made).toBe(1);
    } finally {
      intl.Segmenter = Real;
    }
  });

  it('costs the size of the cut, not of the text', () => {
    const huge = 'x'.repeat(5_000_000);
    expect(cutAt(huge, 10)).toBe('x'.repeat(10));
  });
});

describe('capText, capList, capRecord', () => {
  it('marks a cut text with an ellipsis within the limit', () => {
    const out = capText('m'.repeat(1_000_000));
    expect(out).toHaveLength(MAX_TEXT);
    expect(out.endsWith('…')).toBe(true);
    expect(capText('curto')).toBe('curto');
  });

  it('keeps the first items and entries only, and never a __proto__ key', () => {
    expect(capList([1, 2, 3], 2)).toEqual([1, 2]);
    const record = JSON.parse('{"__proto__": {"polluted": 1}, "a": 1, "b": 2, "c": 3}') as Record<
      string,
      number
    >;
    const out = capRecord(record, 2);
    expect(Object.keys(out)).toEqual(['a', 'b']);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
  });
});

describe('tidy: the one cleaner of outside text', () => {
  it('is the cleaner the extractors use', () => expect(extractorTidy).toBe(tidy));

  it('removes NUL, control, bidi-override and zero-width characters and collapses spaces', () => {
    expect(tidy(HOSTILE)).toBe('Ana Souza');
  });

  it('drops half surrogates and never cuts an emoji at its limit', () => {
    expect(tidy('a\uD83D b')).toBe('a b');
    expect(tidy(`${'a'.repeat(199)}😀`)).toBe('a'.repeat(199));
    expect(tidy(`${'\u200B'.repeat(797)}ab😀`)).toBe('ab');
  });
});

describe('importer cleans text as the extractors do', () => {
  it('CSV cells lose control, NUL and bidi characters', () => {
    const table = readTable(
      `nome,sobrenome,empresa,contexto\n"${HOSTILE}",Lima\u0000,"Nu\u202Ebank\u200F","ctx\u0001 x"`,
    );
    const { people } = applyMapping(table, { first: 0, last: 1, company: 2, context: 3 });
    expect(people).toEqual([
      { primeiro_nome: 'Ana Souza', ultimo_nome: 'Lima', empresa: 'Nubank', contexto_adicional: 'ctx x' },
    ]);
  });

  it('pasted columns lose them too', () => {
    const { people } = parseLines(`An\u0000a\tSou\u202Eza\tNu\u200Bbank\tctx\u0007`);
    expect(people).toEqual([
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank', contexto_adicional: 'ctx' },
    ]);
  });

  it('never cuts an emoji in half at the length limit', () => {
    const company = `${'e'.repeat(199)}😀 Ltda`;
    const { people } = parseLines(`Ana\tSouza\t${company}`);
    expect(people[0]?.empresa).toBe('e'.repeat(199));
    const table = readTable(`nome,empresa\nAna Souza,${company}`);
    const { people: fromCsv } = applyMapping(table, { full: 0, company: 1 });
    expect(fromCsv[0]?.empresa).toBe('e'.repeat(199));
    expect(fromCsv[0]?.empresa).not.toMatch(/[\uD800-\uDBFF]$/);
  });
});
