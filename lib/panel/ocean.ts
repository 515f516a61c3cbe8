import { OCEAN_LABELS, type OceanScores, type OceanTrait } from '@/lib/analysis/model';
import type { Lang } from '@/lib/model';

export interface OceanBar {
  trait: OceanTrait;
  label: string;
  /** 0–100, whole numbers: every source (0–1, 0–10, 0–100) reads the same once normalized. */
  value: number;
}

export interface OceanChartModel {
  bars: OceanBar[];
  /** Shown next to emotional stability, always its complement (100 − stability). */
  neuroticism?: number;
}

/** The Big Five as a seller reads them; emotional stability stands for its inverse, neuroticism. */
const CHART: readonly OceanTrait[] = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'emotionalStability',
];

const score = (x: number | undefined): number | undefined =>
  x === undefined ? undefined : Math.round(x * 100);

const valid = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

/**
 * Stability and neuroticism are one measure seen from two sides: when the service sent both and they disagree,
 * neuroticism (the trait every variant carries) wins, so the chart, the summary and the copies never contradict.
 */
export function consistentOcean(ocean: OceanScores): OceanScores {
  const out: OceanScores = {};
  for (const [trait, value] of Object.entries(ocean) as [OceanTrait, unknown][])
    if (valid(value)) out[trait] = Math.min(1, Math.max(0, value));
  if (out.neuroticism !== undefined)
    out.emotionalStability = Math.round((1 - out.neuroticism) * 10_000) / 10_000;
  return out;
}

/** The bars of the OCEAN chart, the Big Five with emotional stability in neuroticism's place. */
export function oceanChart(ocean: OceanScores | undefined, lang: Lang): OceanChartModel | undefined {
  if (typeof ocean !== 'object' || ocean === null) return undefined;
  const scores = consistentOcean(ocean);
  const bars = CHART.flatMap((trait) => {
    const value = score(scores[trait]);
    return value === undefined ? [] : [{ trait, label: OCEAN_LABELS[trait][lang], value }];
  });
  if (!bars.length) return undefined;
  const stability = score(scores.emotionalStability);
  return stability === undefined ? { bars } : { bars, neuroticism: 100 - stability };
}

/** One line per bar, e.g. "Abertura: 84/100", for copies and screen readers. */
export function oceanLines(chart: OceanChartModel, lang: Lang): string[] {
  return chart.bars.map((b) =>
    b.trait === 'emotionalStability' && chart.neuroticism !== undefined
      ? `${b.label}: ${b.value}/100 (${OCEAN_LABELS.neuroticism[lang].toLowerCase()}: ${chart.neuroticism}/100)`
      : `${b.label}: ${b.value}/100`,
  );
}
