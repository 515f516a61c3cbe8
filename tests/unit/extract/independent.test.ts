import { readdirSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { extractCandidates, extractGeneric } from '../../fixtures/extract';
import {
  independentCases,
  isNoise,
  readIndependent,
  scoreIndependent,
  type IndependentCase,
} from '../../fixtures/independent/score';

/*
 * The independent pages (tests/fixtures/independent): that the set is whole, that every page parses and is read and
 * scored without throwing, and that the scoring says what its README says. Never that a page is right: the set is a
 * measure, not a target.
 */

const dir = new URL('../../fixtures/independent/', import.meta.url);
const person = (primeiro_nome: string, ultimo_nome: string, empresa = ['Acme']) => ({
  primeiro_nome,
  ultimo_nome,
  empresa,
});
const found = (primeiro_nome: string, ultimo_nome: string, empresa = 'Acme') => ({
  primeiro_nome,
  ultimo_nome,
  empresa,
});
const page = (c: Partial<IndependentCase>): IndependentCase => ({
  file: 'x.html',
  url: 'https://example.com/',
  main: [],
  must_not_include: [],
  may_include: [],
  ...c,
});

describe('the independent pages', () => {
  it('holds 42 pages, each with its expectations, and nothing else', () => {
    const html = readdirSync(dir).filter((f) => f.endsWith('.html'));
    expect(html.length).toBe(42);
    expect(independentCases.map((c) => c.file).sort()).toEqual(html.sort());
  });

  it.each(independentCases)(
    '$file: parses, is served at https, and is read and scored without throwing',
    (c) => {
      const { document } = parseHTML(readIndependent(c.file));
      expect(document.body?.textContent?.trim().length ?? 0).toBeGreaterThan(0);
      expect(new URL(c.url).protocol).toBe('https:');
      for (const read of [extractCandidates, extractGeneric]) {
        const v = scoreIndependent(
          c,
          read(parseHTML(readIndependent(c.file)).document as unknown as Document, c.url),
        );
        expect(v.file).toBe(c.file);
        expect(v.right).toBe(v.mainFirst && !v.problems.length);
      }
    },
  );
});

describe('scoreIndependent', () => {
  const c = page({
    main: [
      { ...person('Ana', 'Clara Vieira'), aceitos: [{ primeiro_nome: 'Ana Clara', ultimo_nome: 'Vieira' }] },
      { ...person('João', 'Fagundes'), optional: true },
    ],
    must_not_include: ['Roberto Lemos', 'Sofia', 'mvitorino'],
  });

  it('takes an accepted split and spelling, case aside, and leaves an optional person out', () => {
    expect(scoreIndependent(c, [found('ANA CLARA', 'vieira', 'acme')]).right).toBe(true);
  });

  it('keeps accents: a name without them is another name', () => {
    const v = scoreIndependent(page({ main: [person('João', 'Fagundes')] }), [found('Joao', 'Fagundes')]);
    expect(v.mainFirst).toBe(false);
  });

  it('asks for the first main person first, with an accepted company', () => {
    expect(scoreIndependent(c, [found('Ana', 'Clara Vieira', 'Acme S.A.')]).mainFirst).toBe(false);
    expect(scoreIndependent(c, [found('João', 'Fagundes'), found('Ana', 'Clara Vieira')]).mainFirst).toBe(
      false,
    );
  });

  it('an optional person listed must be right', () => {
    expect(
      scoreIndependent(c, [found('Ana', 'Clara Vieira'), found('João', 'Fagundes', 'Other')]).right,
    ).toBe(false);
  });

  it('counts a noise name as a full name, as whole words inside one, or as a first name, each once', () => {
    expect(isNoise(found('Roberto', 'Lemos'), 'Roberto Lemos')).toBe(true);
    expect(isNoise(found('Roberto', 'Lemos Filho'), 'Roberto Lemos')).toBe(true);
    expect(isNoise(found('Sofia', 'Andrade'), 'Sofia')).toBe(true);
    expect(isNoise(found('mvitorino', ''), 'mvitorino')).toBe(true);
    expect(isNoise(found('Ana', 'Sofiane'), 'Sofia')).toBe(false);
    const v = scoreIndependent(c, [
      found('Ana', 'Clara Vieira'),
      found('Sofia', 'Reis'),
      found('Sofia', 'Lima'),
    ]);
    expect([v.right, v.noise]).toEqual([false, 1]);
  });

  it('fails a page that lists somebody twice', () => {
    expect(scoreIndependent(c, [found('Ana', 'Clara Vieira'), found('Ana', 'Clara Vieira')]).right).toBe(
      false,
    );
  });

  it('on a page without a main person, allows only may_include people', () => {
    const news = page({ may_include: [person('Marina', 'Teles', [])] });
    expect(scoreIndependent(news, []).right).toBe(true);
    expect(scoreIndependent(news, [found('Marina', 'Teles', '')]).right).toBe(true);
    const v = scoreIndependent(news, [found('Marina', 'Teles'), found('Helena', 'Cavalcanti')]);
    expect([v.right, v.mainFirst, v.noise]).toEqual([false, false, 1]);
  });

  it('holds every field of the hostile page to its limits', () => {
    const hostile = page({ expected: { max_field_length: 10, no_markup: true } });
    expect(scoreIndependent(hostile, [found('Ana', 'Lima')]).right).toBe(true);
    expect(scoreIndependent(hostile, [found('Ana', 'L<img>')]).right).toBe(false);
    expect(scoreIndependent(hostile, [found('Ana', 'Lima Lima Lima')]).right).toBe(false);
  });
});
