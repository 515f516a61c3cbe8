import { useId } from 'react';
import { tr } from '@/lib/i18n';
import { summaryLabel, type SummaryModel } from '@/lib/panel/sections';
import type { Lang } from '@/lib/model';

/** What a seller reads first: who, which kind of buyer, and how to open the conversation. */
export function SummaryCard({
  name,
  company,
  summary,
  lang,
}: {
  name: string;
  company: string;
  summary: SummaryModel;
  lang: Lang;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid="summary-card"
      className="rounded-lg border-2 border-indigo-600 bg-white p-3 dark:border-indigo-400 dark:bg-zinc-900 print:border-zinc-800"
    >
      <h2 id={headingId} tabIndex={-1} className="text-base font-bold break-words">
        {name}
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300 break-words">{company}</p>
      {(summary.facts.length > 0 || summary.traits.length > 0) && (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {summary.facts.map((f) => (
            <div key={f.label} className="contents">
              <dt className="text-zinc-600 dark:text-zinc-400">{f.label}</dt>
              <dd className="font-medium break-words">{f.text}</dd>
            </div>
          ))}
          {summary.traits.length > 0 && (
            <div className="contents">
              <dt className="text-zinc-600 dark:text-zinc-400">{summaryLabel('traits', lang)}</dt>
              <dd className="font-medium" data-testid="top-traits">
                {summary.traits.join(' · ')}
              </dd>
            </div>
          )}
        </dl>
      )}
      {summary.approach && (
        <p className="mt-2 text-sm break-words" data-testid="approach">
          <span className="font-semibold">{summaryLabel('approach', lang)}: </span>
          {summary.approach}
        </p>
      )}
      {summary.facts.length === 0 && summary.traits.length === 0 && !summary.approach && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          {tr(lang, { pt: 'A análise não trouxe um resumo.', en: 'The analysis has no summary.' })}
        </p>
      )}
    </section>
  );
}
