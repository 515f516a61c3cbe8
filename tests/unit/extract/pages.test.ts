import { parseHTML } from 'linkedom';
import { MatchPattern } from 'wxt/utils/match-patterns';
import { describe, expect, it } from 'vitest';
import { extractors, matchesOf, sites } from '@/lib/extract/sites';
import { extractCandidates } from '../../fixtures/extract';
import type { Candidate } from '@/lib/extract/types';
import { judgedCases, readerCases, readPage } from '../../fixtures/pages/cases';
import { judge } from '../../fixtures/pages/judge';

const load = (file: string) => parseHTML(readPage(file)).document as unknown as Document;
const people = (list: Candidate[]) => list.map(({ confidence: _, ...person }) => person);
/** The scripts the manifest declares at `url`. */
const declared = (url: string) =>
  sites.filter((s) => matchesOf(s).some((m) => new MatchPattern(m).includes(url)));

describe.each(readerCases)('$file at $url', ({ file, url, extractor, expected }) => {
  const x = extractors.find((e) => e.id === extractor)!;

  it(`is read by the ${extractor} extractor: the people, which the other readers may complete`, () => {
    expect(x.matches?.(new URL(url)) ?? true).toBe(true);
    const names = (list: { primeiro_nome: string; ultimo_nome: string }[]) =>
      list.map((p) => `${p.primeiro_nome} ${p.ultimo_nome}`);
    expect(names(x.extract(load(file), new URL(url)))).toEqual(names(expected));
  });

  it('comes out of extractCandidates, most likely first', () => {
    const found = extractCandidates(load(file), url);
    expect(people(found)).toEqual(expected);
    const confidences = found.map((c) => c.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    for (const c of confidences) {
      expect(c).toBeGreaterThan(0);
      expect(c).toBeLessThanOrEqual(1);
    }
  });

  it(
    x.matches
      ? 'is on a site where the script carrying its extractor is declared'
      : 'is on a site reached on demand',
    () => {
      expect(declared(url)).toEqual(x.matches ? sites.filter((s) => s.readers.includes(x)) : []);
    },
  );
});

describe('the corpus', () => {
  it.each(judgedCases)('$file at $url: main person first, noise people absent', (c) => {
    const verdict = judge(c, extractCandidates(load(c.file), c.url));
    expect(verdict.problems).toEqual([]);
    expect(verdict.right).toBe(true);
  });

  it('the judge fails a page whose main person is missing, misspelt or followed by noise', () => {
    const c = readerCases.find((x) => x.file === 'linkedin-sdui-pt.html')!;
    const ana = { primeiro_nome: 'Juliana', ultimo_nome: 'Reis', empresa: 'Stone' };
    expect(judge(c, [ana]).right).toBe(true);
    expect(judge(c, []).right).toBe(false);
    expect(judge(c, [{ ...ana, empresa: 'Stone Pagamentos' }]).mainFirst).toBe(false);
    expect(judge(c, [{ ...ana, primeiro_nome: 'Juliana Reis', ultimo_nome: '' }]).mainFirst).toBe(false);
    expect(judge(c, [ana, { primeiro_nome: 'Marcelo', ultimo_nome: 'Viana', empresa: '' }]).right).toBe(
      false,
    );
    // on a list, each person's company counts too (a legal suffix aside)
    const team = readerCases.find((x) => x.file === 'team-page-en.html')!;
    const listed = team.expected.map(({ primeiro_nome, ultimo_nome, empresa }) => ({
      primeiro_nome,
      ultimo_nome,
      empresa,
    }));
    expect(judge(team, listed).right).toBe(true);
    expect(
      judge(
        team,
        listed.map((p) => ({ ...p, empresa: `${p.empresa}, Inc.` })),
      ).right,
    ).toBe(true);
    expect(
      judge(
        team,
        listed.map((p, i) => (i === 2 ? { ...p, empresa: 'Head of Product' } : p)),
      ).right,
    ).toBe(false);
    expect(
      judge(
        team,
        listed.map((p, i) => (i === 2 ? { ...p, empresa: '' } : p)),
      ).right,
    ).toBe(false);
    const nobody = readerCases.find((x) => x.family === 'nobody')!;
    expect(judge(nobody, [ana]).right).toBe(false);
  });
});
