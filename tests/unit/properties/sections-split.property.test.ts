import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { oceanChart } from '@/lib/panel/ocean';
import { analysisSections } from '@/lib/panel/sections';
import crm from '@/tests/fixtures/api/crm.json';
import plus from '@/tests/fixtures/api/crm_plus.json';
import { hostileText } from './arbitraries';

vi.setConfig({ testTimeout: 120_000 });

/*
 * The panel shows an analysis in two parts: the OCEAN bars beside the summary first, then the sections without them
 * (`{ ocean: false }`). Whatever the service's body, the two parts together show exactly what the sections with
 * the bars show (the copies' model): no block lost, none twice.
 */

const score = fc.option(fc.oneof(fc.double({ min: -5, max: 105, noNaN: true }), hostileText), {
  nil: undefined,
});
const analysisArb = fc
  .record({
    base: fc.constantFrom(crm, plus),
    cargo: hostileText,
    interest: hostileText,
    ocean: fc.record({
      openness: score,
      conscientiousness: score,
      extraversion: score,
      agreeableness: score,
      neuroticism: score,
      emotional_stability: score,
    }),
    lang: fc.constantFrom('pt', 'en') as fc.Arbitrary<'pt' | 'en'>,
  })
  .map(({ base, cargo, interest, ocean, lang }) => ({
    lang,
    analysis: normalizeAnalysis(
      { ...base.analise, cargo, interesses_profissionais: [interest], scores_ocean: ocean },
      'ai_insights' in base ? { aiInsights: base.ai_insights, metadata: base.metadata } : {},
    ).analysis,
  }));

describe('the analysis split for the panel', () => {
  it('head (OCEAN bars) + sections without them = the sections with them', () => {
    fc.assert(
      fc.property(analysisArb, ({ analysis, lang }) => {
        const whole = analysisSections(analysis, lang);
        const rest = analysisSections(analysis, lang, { ocean: false });
        const chart = oceanChart(analysis.ocean, lang);
        expect(rest.flatMap((s) => s.blocks).some((b) => b.kind === 'ocean')).toBe(false);
        const oceanBlocks = whole.flatMap((s) => s.blocks).filter((b) => b.kind === 'ocean');
        expect(oceanBlocks).toEqual(chart ? [{ kind: 'ocean', chart }] : []);
        const withoutOcean = whole
          .map((s) => ({ ...s, blocks: s.blocks.filter((b) => b.kind !== 'ocean') }))
          .filter((s) => s.blocks.length > 0);
        expect(rest).toEqual(withoutOcean);
      }),
      { numRuns: 300 },
    );
  });
});
