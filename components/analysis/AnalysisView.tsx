import { useMemo } from 'react';
import { Disclosure } from '@/components/ui';
import type { Analysis } from '@/lib/analysis/model';
import { analysisSections, summaryOf } from '@/lib/panel/sections';
import { BlockView } from './Blocks';
import { SummaryCard } from './SummaryCard';
import type { Lang } from '@/lib/model';

/** The whole analysis: the summary card, then every section the analysis has, collapsible. */
export function AnalysisView({
  analysis,
  name,
  company,
  lang,
}: {
  analysis: Analysis;
  name: string;
  company: string;
  lang: Lang;
}) {
  const summary = useMemo(() => summaryOf(analysis, lang), [analysis, lang]);
  const sections = useMemo(() => analysisSections(analysis, lang), [analysis, lang]);
  return (
    <article className="flex flex-col gap-2" data-testid="analysis">
      <SummaryCard name={name} company={company} summary={summary} lang={lang} />
      {sections.map((section) => (
        // Off screen, a section is neither styled nor laid out until it nears the view (content-visibility): the
        // result shows without paying for the sections below it first.
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
    </article>
  );
}
