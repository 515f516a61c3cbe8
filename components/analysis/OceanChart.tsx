import { useId } from 'react';
import { OCEAN_LABELS } from '@/lib/analysis/model';
import { tr } from '@/lib/i18n';
import type { OceanChartModel } from '@/lib/panel/ocean';
import type { Lang } from '@/lib/model';

/** OCEAN as horizontal bars: every value is written out; the bars only repeat it for the eye. */
export function OceanChart({ chart, lang }: { chart: OceanChartModel; lang: Lang }) {
  const captionId = useId();
  return (
    <figure aria-labelledby={captionId} className="flex flex-col gap-2" data-testid="ocean-chart">
      <figcaption
        id={captionId}
        className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400"
      >
        {tr(lang, { pt: 'OCEAN (Big Five), de 0 a 100', en: 'OCEAN (Big Five), 0 to 100' })}
      </figcaption>
      <ul className="flex flex-col gap-1.5">
        {chart.bars.map((bar) => (
          <li key={bar.trait} data-trait={bar.trait} data-value={bar.value}>
            <div className="flex items-baseline justify-between gap-2 text-sm">
              <span>{bar.label}</span>
              <span className="tabular-nums font-medium">
                {bar.value}
                {bar.trait === 'emotionalStability' && chart.neuroticism !== undefined && (
                  <span className="ml-1 text-xs font-normal text-zinc-600 dark:text-zinc-400">
                    ({OCEAN_LABELS.neuroticism[lang].toLowerCase()} {chart.neuroticism})
                  </span>
                )}
              </span>
            </div>
            <div
              aria-hidden="true"
              className="mt-0.5 h-2 w-full rounded-full bg-zinc-200 dark:bg-zinc-700 print:border print:border-zinc-400"
            >
              <div
                className="h-2 rounded-full bg-indigo-600 dark:bg-indigo-400 print:bg-zinc-800"
                style={{ width: `${bar.value}%` }}
              />
            </div>
          </li>
        ))}
      </ul>
      {chart.neuroticism !== undefined && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, {
            pt: 'Estabilidade emocional é o inverso do neuroticismo: as duas somam 100.',
            en: 'Emotional stability is the inverse of neuroticism: the two add up to 100.',
          })}
        </p>
      )}
    </figure>
  );
}
