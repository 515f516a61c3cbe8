import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it, vi } from 'vitest';
import { ANALYSIS_VERSION } from '@/lib/analysis/model';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { EXPORT_FORMAT, historyFileWriter, type ExportFormat } from '@/lib/export';
import { personKey } from '@/lib/history';
import type { HistoryEntry } from '@/lib/model';
import crm from '@/tests/fixtures/api/crm.json';
import { historyToCsv, historyToJson } from '../export-oracle';
import { hostileText } from './arbitraries';

// Hundreds of generated cases each: generous on a busy machine (the assertions do not depend on time).
vi.setConfig({ testTimeout: 120_000 });

/*
 * The export's file as the worker writes it, a step of entries at a time, is the file written in one call, whatever
 * the steps: page names, companies and the service's texts as hostile as they come (line breaks, quotes, lone
 * surrogates, formulas, emoji).
 */

const entryArb = fc
  .record({
    id: fc.uuid(),
    first: hostileText,
    last: hostileText,
    company: hostileText,
    context: fc.option(hostileText, { nil: undefined }),
    cargo: hostileText,
    interest: hostileText,
    openness: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    createdAt: fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }),
    depth: fc.constantFrom('quick', 'complete', 'plus') as fc.Arbitrary<HistoryEntry['depth']>,
    credits: fc.integer({ min: 0, max: 50 }),
  })
  .map((r): HistoryEntry => {
    const input = {
      primeiro_nome: r.first,
      ultimo_nome: r.last,
      empresa: r.company,
      ...(r.context !== undefined && { contexto_adicional: r.context }),
    };
    const { analysis, issues } = normalizeAnalysis({
      ...crm.analise,
      cargo: r.cargo,
      interesses_profissionais: [r.interest, 'FP&A'],
    });
    return {
      id: r.id,
      personKey: personKey(input),
      input,
      depth: r.depth,
      lang: 'pt',
      endpoint: '/crm',
      creditsCharged: r.credits,
      createdAt: r.createdAt,
      analysis: { ...analysis, ocean: { ...analysis.ocean, openness: r.openness } },
      version: ANALYSIS_VERSION,
      issues,
    };
  });

/** As the worker writes it: the opening with the first step, each step, then the closing. */
function writeFile(format: ExportFormat, entries: HistoryEntry[], step: number, at: Date): string {
  const w = historyFileWriter(format, at);
  let text = w.start;
  for (let i = 0; i < entries.length; i += step) text += w.part(entries.slice(i, i + step));
  return text + w.part([]) + w.end();
}

const cases = fc.tuple(fc.array(entryArb, { maxLength: 12 }), fc.integer({ min: 1, max: 5 }));

describe('the export file written a step at a time', () => {
  const at = new Date('2026-01-10T12:00:00Z');

  it('JSON: the same file as one call, and it reads back to the entries', () => {
    fc.assert(
      fc.property(cases, ([entries, step]) => {
        const text = writeFile('json', entries, step, at);
        expect(text).toBe(historyToJson(entries, at));
        const parsed = JSON.parse(text) as { format: string; entries: HistoryEntry[]; count: number };
        expect(parsed.format).toBe(EXPORT_FORMAT);
        expect(parsed.count).toBe(entries.length);
        expect(parsed.entries).toEqual(JSON.parse(JSON.stringify(entries)));
      }),
      { numRuns: 150 },
    );
  });

  it('CSV: the same file as one call, one row per entry in order', () => {
    fc.assert(
      fc.property(cases, ([entries, step]) => {
        const text = writeFile('csv', entries, step, at);
        expect(text).toBe(historyToCsv(entries));
        const { data } = Papa.parse<Record<string, string>>(text.slice(1), { header: true });
        expect(data.map((r) => r.id)).toEqual(entries.map((e) => e.id));
      }),
      { numRuns: 150 },
    );
  });
});
