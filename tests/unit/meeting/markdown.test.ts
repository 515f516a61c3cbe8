import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { briefToMarkdown, briefToText, buildBrief, mdEscape } from '@/lib/meeting/brief';
import { entry } from '../draft/entries';

// A backslash before ASCII punctuation is Markdown's escape: taking them away gives the text back.
const unescape = (md: string) => md.replace(/\\([!-/:-@[-`{-~])/g, '$1');

describe('mdEscape: only what Markdown needs', () => {
  it('leaves hyphens inside words, parentheses, dots, commas and underscores inside words as written', () => {
    for (const t of [
      'terça-feira, 17 de junho ⋅ 14:00 – 15:00 (Horário Padrão de Brasília)',
      'R$ 1.000,00 (3.5%)',
      'ana_paula@acme.com.br',
      'Diretor(a) de TI - Nubank',
      'Sim! Não? Talvez.',
    ])
      expect(mdEscape(t)).toBe(t);
  });

  it('escapes emphasis, code, links, HTML and, at a line start, headings, quotes and lists', () => {
    expect(mdEscape('Xavier [x](http://evil) *SA* `code` <b>')).toBe(
      'Xavier \\[x\\](http://evil) \\*SA\\* \\`code\\` \\<b\\>',
    );
    expect(mdEscape('_ênfase_ e ~~riscado~~ &amp;')).toBe('\\_ênfase\\_ e \\~\\~riscado\\~\\~ \\&amp;');
    expect(mdEscape('# título\n- item\n> citação\n1. um\n+ mais', true)).toBe(
      '\\# título\n\\- item\n\\> citação\n1\\. um\n\\+ mais',
    );
    // the same text in the middle of a line needs nothing
    expect(mdEscape('# título - item 1. um')).toBe('# título - item 1. um');
  });

  it('property: unescaping gives back the text; a backslash only ever precedes what Markdown reads', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), fc.boolean(), (t, block) => {
        const md = mdEscape(t, block);
        expect(unescape(md)).toBe(t);
        for (const m of md.matchAll(/\\(.)/gs)) expect('\\`*_[]<>~&#>+=-.)').toContain(m[1]);
        // never a parenthesis or an in-line hyphen escaped
        expect(md).not.toMatch(/\\[()]/);
        if (!block) expect(md).not.toMatch(/\\-/);
      }),
      { seed: 38, numRuns: 1000 },
    );
  });
});

describe('the brief as Markdown and as text', () => {
  const entries = [entry('a', 'Ana', 'Nubank', { cargo: 'CFO', ocean: { conscientiousness: 0.9 } })];

  it('no repeated title on the second line, no escapes in the time, approach steps without an empty label', () => {
    const brief = buildBrief(
      {
        title: 'Comitê de avaliação — Stone',
        when: 'Comitê de avaliação — Stone terça-feira, 17 de junho ⋅ 14:00 – 15:00 (BRT)',
      },
      entries,
    );
    const md = briefToMarkdown(brief, undefined, 'pt').split('\n');
    expect(md[0]).toBe('# Comitê de avaliação — Stone');
    expect(md[1]).toBe('terça-feira, 17 de junho ⋅ 14:00 – 15:00 (BRT)');
    expect(md.join('\n')).not.toMatch(/\\[-()]/);
    const steps = md.filter((l) => l.includes('→'));
    expect(steps.length).toBeGreaterThan(0);
    for (const l of steps) expect(l).toMatch(/^- → \S/);
    expect(md.join('\n')).not.toContain('**→**');
    const text = briefToText(brief, undefined, 'pt').split('\n');
    expect(text[1]).toBe('terça-feira, 17 de junho ⋅ 14:00 – 15:00 (BRT)');
    for (const l of text.filter((x) => x.includes('→'))) expect(l).toMatch(/^→ \S/);
  });

  it('a time line that is only the title is left out', () => {
    const brief = buildBrief({ title: 'Kickoff', when: 'Kickoff' }, entries);
    expect(briefToMarkdown(brief, undefined, 'pt').split('\n')[1]).toBe('');
  });
});
