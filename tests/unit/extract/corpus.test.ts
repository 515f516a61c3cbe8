import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { MatchPattern } from 'wxt/utils/match-patterns';
import { extractors, matchesOf, sites } from '@/lib/extract/sites';
import { fold } from '@/lib/text';
import { extractGeneric } from '../../fixtures/extract';
import { FAMILIES, judgedCases, pageCases, readerCases, readPage } from '../../fixtures/pages/cases';
import { HOLDOUT_FAMILIES, holdoutCases } from '../../fixtures/pages/cases-holdout';
import { GENERIC, MUST_HANDLE, wildCases } from '../../fixtures/pages/cases-wild';
import { judge } from '../../fixtures/pages/judge';

/*
 * The corpus itself: that it is as large and as varied as the measure needs, that every page is there and parses,
 * that the wild pages name their sources, and that each page's expectations agree with each other and with the page.
 */

/** The page's markup with the common entities decoded, marks and case folded. */
const folded = (file: string) =>
  fold(
    readPage(file)
      .replace(/&quot;/g, '"')
      .replace(/&#39;|&apos;/g, "'")
      .replace(/&amp;/g, '&'),
  );
const siteReaders = extractors.filter((x) => x.matches);
/** The content scripts the manifest declares at `url`: those of the sites with a reader of their own. */
const declared = (url: string) =>
  sites.filter((s) => matchesOf(s).some((m) => new MatchPattern(m).includes(url)));

describe('the corpus', () => {
  it('holds at least 120 pages over at least 40 sites or kinds of page', () => {
    expect(new Set(pageCases.map((c) => c.file)).size).toBeGreaterThanOrEqual(120);
    expect(new Set(pageCases.map((c) => c.family)).size).toBeGreaterThanOrEqual(40);
  });

  it('every family has at least two pages, and every page a known family', () => {
    for (const family of FAMILIES)
      expect(pageCases.filter((c) => c.family === family).length, family).toBeGreaterThanOrEqual(2);
    for (const c of pageCases) expect(FAMILIES, c.file).toContain(c.family);
  });

  it('keeps every modelled page and judges it; MUST_HANDLE names wild pages only', () => {
    expect(pageCases.slice(0, readerCases.length)).toEqual(readerCases);
    for (const c of readerCases) expect(judgedCases).toContain(c);
    const wild = new Set(wildCases.map((c) => c.file));
    for (const file of MUST_HANDLE) expect(wild, file).toContain(file);
    expect(new Set(MUST_HANDLE).size).toBe(MUST_HANDLE.length);
  });

  it.each(pageCases)("$file at $url: the page exists and parses, on its reader's site", (c) => {
    const { document } = parseHTML(readPage(c.file));
    expect(document.body?.textContent?.trim().length ?? 0).toBeGreaterThan(0);
    expect(new URL(c.url).protocol).toBe('https:');
    if (c.extractor === GENERIC) {
      // a page for the generic reader is on a site no reader of its own covers
      expect(siteReaders.filter((x) => x.matches!(new URL(c.url))).map((x) => x.id)).toEqual([]);
      expect(declared(c.url)).toEqual([]);
    } else {
      const x = extractors.find((e) => e.id === c.extractor);
      expect(x, c.extractor).toBeDefined();
      // a site reader's page is on that site, though the reader may not know this page yet (a LinkedIn list)
      // (Google Calendar's reader has no declared script: it is injected on the seller's gesture)
      if (x!.matches && x!.id !== 'google-calendar')
        expect(declared(c.url).flatMap((s) => s.readers)).toContain(x);
    }
  });

  it.each(pageCases)('$file at $url: the expectations agree with each other', (c) => {
    // the expected answer is judged right: main person first with an accepted company, no noise person in it
    expect(judge(c, c.expected).problems).toEqual([]);
    const names = c.expected.map((p) => fold(`${p.primeiro_nome} ${p.ultimo_nome}`));
    expect(new Set(names).size).toBe(names.length);
    if (!c.expected.length) expect(c.main).toBeNull();
  });

  it.each(wildCases)('$file at $url: everyone the expectations name is on the page', (c) => {
    const text = folded(c.file);
    const absent = [
      ...c.expected.flatMap((p) => [p.primeiro_nome, p.ultimo_nome, p.empresa]),
      ...(c.main?.names.flat() ?? []),
      ...c.noise,
    ].filter((s) => s && !text.includes(fold(s)));
    expect(absent).toEqual([]);
  });

  it.each(wildCases)('$file opens with a comment naming its sources and what is invented', ({ file }) => {
    const comment = /^<!--([\s\S]*?)-->/.exec(readPage(file))?.[1] ?? '';
    expect(comment).toMatch(/\bSource:/);
    expect(comment).toMatch(/\bInvented:/);
  });
});

/*
 * The held-out set (cases-holdout.ts): that it is there, apart from the corpus, on sites no reader knows, with sources
 * named and expectations that agree with the page — and that every page is read and judged without throwing. Whether
 * detection gets them right is measured by the bench (npm run bench -- extract), never asserted here: they are a
 * measure, not a target.
 */
describe('the held-out set', () => {
  it('holds at least 27 pages over at least 13 sites or kinds, none of them in the corpus', () => {
    expect(new Set(holdoutCases.map((c) => c.file)).size).toBe(holdoutCases.length);
    // 29 pages over 14 families until the two webinar registration pages moved into the corpus (docs/held-out.md
    // rule 2), when detection was built for their misses
    expect(holdoutCases.length).toBeGreaterThanOrEqual(27);
    expect(new Set(holdoutCases.map((c) => c.family)).size).toBeGreaterThanOrEqual(13);
    for (const family of HOLDOUT_FAMILIES) {
      expect(holdoutCases.filter((c) => c.family === family).length, family).toBeGreaterThanOrEqual(2);
      expect(FAMILIES as readonly string[], family).not.toContain(family);
    }
    const corpus = new Set(pageCases.map((c) => c.file));
    for (const c of holdoutCases) {
      expect(c.file, c.file).toMatch(/^ho-.+\.html$/);
      expect(corpus.has(c.file), c.file).toBe(false);
      expect(c.extractor).toBe(GENERIC);
    }
  });

  it.each(holdoutCases)('$file at $url: parses, on a site no reader of its own covers', (c) => {
    const { document } = parseHTML(readPage(c.file));
    expect(document.body?.textContent?.trim().length ?? 0).toBeGreaterThan(0);
    expect(new URL(c.url).protocol).toBe('https:');
    expect(siteReaders.filter((x) => x.matches!(new URL(c.url))).map((x) => x.id)).toEqual([]);
    expect(declared(c.url)).toEqual([]);
  });

  it.each(holdoutCases)(
    '$file: opens with its sources, and its expectations agree with each other and the page',
    (c) => {
      const comment = /^<!--([\s\S]*?)-->/.exec(readPage(c.file))?.[1] ?? '';
      expect(comment).toMatch(/\bSource:/);
      expect(comment).toMatch(/\bInvented:/);
      expect(judge(c, c.expected).problems).toEqual([]);
      if (!c.expected.length) expect(c.main).toBeNull();
      const text = folded(c.file);
      const absent = [
        ...c.expected.flatMap((p) => [p.primeiro_nome, p.ultimo_nome, p.empresa]),
        ...(c.main?.names.flat() ?? []),
        ...c.noise,
      ].filter((s) => s && !text.includes(fold(s)));
      expect(absent).toEqual([]);
    },
  );

  it.each(holdoutCases)('$file: is read by the generic readers and judged without throwing', (c) => {
    const found = extractGeneric(parseHTML(readPage(c.file)).document as unknown as Document, c.url);
    expect(Array.isArray(found)).toBe(true);
    const verdict = judge(c, found);
    expect(verdict.file).toBe(c.file);
    expect(typeof verdict.right).toBe('boolean');
    // a page judged not right says why
    if (!verdict.right) expect(verdict.problems.length).toBeGreaterThan(0);
  });
});
