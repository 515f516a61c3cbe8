import { useMemo } from 'react';
import { Disclosure } from '@/components/ui';
import type { Analysis } from '@/lib/analysis/model';
import { oceanChart } from '@/lib/panel/ocean';
import { analysisSections, summaryOf } from '@/lib/panel/sections';
import { BlockView } from './Blocks';
import { OceanChart } from './OceanChart';
import { SummaryCard } from './SummaryCard';
import type { Lang } from '@/lib/model';

interface Props {
  analysis: Analysis;
  name: string;
  company: string;
  lang: Lang;
}

/**
 * What a seller reads first: the summary card and the OCEAN bars. Only their own models are computed here, so the
 * panel paints them in the frame after the answer, before any section is built.
 */
export function AnalysisHead({ analysis, name, company, lang }: Props) {
  const summary = useMemo(() => summaryOf(analysis, lang), [analysis, lang]);
  const chart = useMemo(() => oceanChart(analysis.ocean, lang), [analysis, lang]);
  return (
    <>
      <SummaryCard name={name} company={company} summary={summary} lang={lang} />
      {chart && (
        <div className="rounded-lg border border-zinc-200 p-3 dark:border-zinc-700">
          <OceanChart chart={chart} lang={lang} />
        </div>
      )}
    </>
  );
}

/** Every section the analysis has, collapsible, the key ones open (the OCEAN bars are in the head). */
export function AnalysisSections({ analysis, lang }: Pick<Props, 'analysis' | 'lang'>) {
  const sections = useMemo(() => analysisSections(analysis, lang, { ocean: false }), [analysis, lang]);
  return (
    <>
      {sections.map((section) => (
        // Off screen, a section is neither styled nor laid out until it nears the view (content-visibility).
        <div
          key={section.id}
          data-section={section.id}
          className="[contain-intrinsic-size:auto_2.5rem] [content-visibility:auto] print:[content-visibility:visible]"
        >
          <Disclosure summary={section.title} defaultOpen={section.open}>
            <div className="flex flex-col gap-3">
              {section.blocks.map((block, i) => (
                <BlockView key={i} block={block} lang={lang} />
              ))}
            </div>
          </Disclosure>
        </div>
      ))}
    </>
  );
}

/** The whole analysis at once: the head, then every section (the batch page; the panel renders the two apart). */
export function AnalysisView(props: Props) {
  return (
    <article className="flex flex-col gap-2" data-testid="analysis">
      <AnalysisHead {...props} />
      <AnalysisSections analysis={props.analysis} lang={props.lang} />
    </article>
  );
}
