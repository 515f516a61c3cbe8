import { describe, expect, it } from 'vitest';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { reconcileOcean } from '@/lib/analysis/model';
import { oceanChart, oceanLines } from '@/lib/panel/ocean';
import { migrateEntry } from '@/lib/history';
import { basic, entryOf } from './analyses';
import { ANALYSIS_VERSION } from '@/lib/analysis/model';

const chartOf = (raw: unknown) => oceanChart(normalizeAnalysis(raw).analysis.ocean, 'pt');

describe('OCEAN chart values', () => {
  it('gives the Big Five as 0–100 bars, emotional stability in neuroticism’s place', () => {
    const chart = chartOf({
      ocean_scores: {
        openness: 0.84,
        conscientiousness: 0.73,
        extraversion: 0.61,
        agreeableness: 0.66,
        neuroticism: 0.35,
      },
    });
    expect(chart?.bars.map((b) => [b.trait, b.value])).toEqual([
      ['openness', 84],
      ['conscientiousness', 73],
      ['extraversion', 61],
      ['agreeableness', 66],
      ['emotionalStability', 65],
    ]);
    expect(chart?.neuroticism).toBe(35);
    expect(chart?.bars[0]?.label).toBe('Abertura');
  });

  it('draws a 0–10 source exactly like the same scores on 0–1', () => {
    const tenths = chartOf({
      ocean: {
        openness: 6.4,
        conscientiousness: 8.1,
        extraversion: 7.9,
        agreeableness: 6.2,
        neuroticism: 2.9,
      },
    });
    const unit = chartOf({
      ocean_scores: {
        openness: 0.64,
        conscientiousness: 0.81,
        extraversion: 0.79,
        agreeableness: 0.62,
        neuroticism: 0.29,
      },
    });
    expect(tenths).toEqual(unit);
    expect(tenths?.bars.map((b) => b.value)).toEqual([64, 81, 79, 62, 71]);
  });

  it('never lets stability and neuroticism disagree: neuroticism wins a contradiction', () => {
    const chart = chartOf({ ocean_scores: { neuroticism: 0.3, emotional_stability: 0.9 } });
    expect(chart?.bars).toEqual([
      { trait: 'emotionalStability', label: 'Estabilidade emocional', value: 70 },
    ]);
    expect(chart?.neuroticism).toBe(30);
    expect(reconcileOcean({ neuroticism: 0.3, emotionalStability: 0.9 })).toEqual({
      neuroticism: 0.3,
      emotionalStability: 0.7,
    });
  });

  it('an entry kept before the rule was read once is migrated when read, and left alone after', () => {
    const old = entryOf(basic, {
      analysis: { ...basic, ocean: { neuroticism: 0.3, emotionalStability: 0.9 } },
    });
    delete (old as { version?: number }).version;
    const read = migrateEntry(old);
    expect(read.version).toBe(ANALYSIS_VERSION);
    expect(read.analysis.ocean).toMatchObject({ neuroticism: 0.3, emotionalStability: 0.7 });
    expect(migrateEntry(read)).toBe(read);
  });

  it('derives neuroticism from a source that sent only emotional stability', () => {
    const chart = chartOf({ ocean_scores: { emotional_stability: 0.8 } });
    expect(chart?.bars.map((b) => b.value)).toEqual([80]);
    expect(chart?.neuroticism).toBe(20);
  });

  it('writes every value as text, with neuroticism next to stability', () => {
    const chart = oceanChart({ openness: 0.5, neuroticism: 0.25, emotionalStability: 0.75 }, 'en')!;
    expect(oceanLines(chart, 'en')).toEqual([
      'Openness: 50/100',
      'Emotional stability: 75/100 (neuroticism: 25/100)',
    ]);
  });

  it('has no chart without scores, and ignores values that are not numbers', () => {
    expect(oceanChart(undefined, 'pt')).toBeUndefined();
    expect(oceanChart({}, 'pt')).toBeUndefined();
    // values that are not numbers never reach the chart: the reader leaves them out
    const odd = { ocean_scores: { openness: 'alta', extraversion: null, agreeableness: 0.5 } };
    expect(chartOf(odd)?.bars.map((b) => b.trait)).toEqual(['agreeableness']);
  });
});
