import { OCEAN_LABELS, type OceanScores, type OceanTrait } from '@/lib/analysis/model';
import { BIG_FIVE } from '@/lib/analysis/summary';
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

const score = (x: number | undefined): number | undefined =>
  x === undefined ? undefined : Math.round(x * 100);

/** The bars of the OCEAN chart, the Big Five with emotional stability in neuroticism's place. */
export function oceanChart(ocean: OceanScores | undefined, lang: Lang): OceanChartModel | undefined {
  if (!ocean) return undefined;
  // the normalizer already put every score in 0–1 and made stability and neuroticism agree (reconcileOcean)
  const scores = ocean;
  const bars = BIG_FIVE.flatMap((trait) => {
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
