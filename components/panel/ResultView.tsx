import { useEffect, useLayoutEffect, useRef } from 'react';
import { AnalysisHead, AnalysisSections } from '@/components/analysis';
import { Button, CopyBar, Notice, downloadText, useAction, useStored } from '@/components/ui';
import { chargedText } from '@/components/credits';
import { creditsText, formatDate, tr } from '@/lib/i18n';
import { analysisFileName, analysisToJson, analysisToMarkdown, analysisToText } from '@/lib/panel/copy';
import { DEPTH_LABELS, personName } from '@/lib/panel/format';
import { ageText, daysSince } from '@/lib/panel/time';
import { credits, type Settings } from '@/lib/storage';
import { usePanel, useSend } from './context';
import { fromChunk } from './chunk';
import { CrmInsert } from './CrmInsert';
import { useLater } from './later';
import { UnreadFields } from './UnreadFields';
import { useConfirmSpend } from './useConfirmSpend';
import type { HistoryEntry, Lang } from '@/lib/model';

// Below the analysis and not needed for its first paint: chunks of their own, fetched as soon as this view's code is
// in (the panel preloads it while idle), so that they are there when the rest of a result renders.
const DraftComposer = fromChunk(() =>
  import('@/components/draft/DraftComposer').then((m) => m.DraftComposer),
);
const SimilarPeople = fromChunk(() =>
  import('@/components/draft/SimilarPeople').then((m) => m.SimilarPeople),
);
for (const piece of [DraftComposer, SimilarPeople]) void piece.preload().catch(() => undefined);

/** Set when a result's first part (its header, summary and OCEAN bars) is committed to the DOM. */
export const RESULT_COMMITTED_MARK = 'perfil:result-committed';
/** Set when the rest of it (the sections, the composer, similar people) is committed. */
export const RESULT_REST_MARK = 'perfil:result-rest';

/** Copy, export and print: the analysis taken to a CRM note, a file or paper. */
function ExportBar({ entry, lang }: { entry: HistoryEntry; lang: Lang }) {
  return (
    <CopyBar
      lang={lang}
      label={tr(lang, { pt: 'Levar a análise', en: 'Take the analysis' })}
      text={() => analysisToText(entry, lang)}
      markdown={() => analysisToMarkdown(entry, lang)}
      ids={{ status: 'export-status' }}
    >
      <Button
        size="sm"
        onClick={() => downloadText(analysisFileName(entry), 'application/json', analysisToJson(entry))}
      >
        {tr(lang, { pt: 'Exportar JSON', en: 'Export JSON' })}
      </Button>
    </CopyBar>
  );
}

/** Closed sections do not print: open them all for the print, then put them back as they were. */
function usePrintOpensSections(root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    let closed: HTMLDetailsElement[] = [];
    const before = () => {
      closed = [...(root.current?.querySelectorAll('details:not([open])') ?? [])] as HTMLDetailsElement[];
      for (const d of closed) d.open = true;
    };
    const after = () => {
      for (const d of closed) d.open = false;
      closed = [];
    };
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, [root]);
}

/** An analysis on screen: how it got there, in which language, with which preferences. */
interface Shown {
  entry: HistoryEntry;
  via: 'lookup' | 'cache' | 'history';
  lang: Lang;
  prefs: Settings | undefined;
}

/** How fresh the analysis is, and what refreshing it costs. */
function Freshness({ entry, via, lang, prefs }: Shown) {
  const send = useSend();
  const runRequest = usePanel((s) => s.runRequest);
  const balance = useStored(credits)?.balance;
  const request = { input: entry.input, depth: entry.depth, lang: entry.lang, refresh: true };
  const [quote, getQuote] = useAction(() => send('quote', request));
  const [dialog, spend] = useConfirmSpend(lang, prefs);
  useEffect(() => {
    if (via !== 'lookup') void getQuote();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per entry shown
  }, [entry.id, via]);

  if (via === 'lookup')
    return (
      <p className="text-xs text-zinc-700 dark:text-zinc-300" data-testid="freshness">
        {tr(lang, {
          pt: `Análise ${DEPTH_LABELS[entry.depth].pt} · ${chargedText('pt', entry.creditsCharged)}`,
          en: `${DEPTH_LABELS[entry.depth].en} analysis · ${chargedText('en', entry.creditsCharged)}`,
        })}
      </p>
    );

  const q = quote.status === 'success' ? quote.value : null;
  const age = tr(lang, ageText(daysSince(entry.createdAt, Date.now())));
  return (
    <div
      className="flex flex-wrap items-center gap-x-1 text-xs text-zinc-700 dark:text-zinc-300"
      data-testid="freshness"
    >
      <span>
        {via === 'cache'
          ? tr(lang, {
              pt: `Servida do histórico por 0 créditos (análise ${DEPTH_LABELS[entry.depth].pt} de ${formatDate('pt', entry.createdAt)}) — ${age}`,
              en: `Served from history at 0 credits (${DEPTH_LABELS[entry.depth].en} analysis of ${formatDate('en', entry.createdAt)}) — ${age}`,
            })
          : `${age.charAt(0).toUpperCase()}${age.slice(1)} (${formatDate(lang, entry.createdAt)})`}
      </span>
      {q && !q.unavailable && (
        <>
          <span aria-hidden="true">—</span>
          <Button
            variant="ghost"
            size="sm"
            className="print:hidden"
            data-testid="refresh-entry"
            onClick={() =>
              spend({
                depth: entry.depth,
                cost: q.credits,
                balance: balance ?? q.balance,
                who: `${personName(entry.input)} (${entry.input.empresa})`,
                go: () => void runRequest(request, q),
              })
            }
          >
            {tr(lang, {
              pt: `atualizar (${creditsText('pt', q.credits)})`,
              en: `refresh (${creditsText('en', q.credits)})`,
            })}
          </Button>
        </>
      )}
      {q?.unavailable && <span>— {tr(lang, q.unavailable)}</span>}
      {dialog}
    </div>
  );
}

/**
 * An analysis on screen in two steps: its header (who, which level, what it cost), the summary and the OCEAN bars in
 * the frame after the answer; the sections, the composer and similar people after that, as the reader scrolls to
 * them or when the panel is idle, added below what is shown so nothing on screen moves.
 */
export function ResultView({ entry, via, lang, prefs }: Shown) {
  const send = useSend();
  const back = usePanel((s) => s.back);
  const showHistory = usePanel((s) => s.showHistory);
  const showEntry = usePanel((s) => s.showEntry);
  const root = useRef<HTMLDivElement>(null);
  const [rest, marker] = useLater(RESULT_REST_MARK);
  usePrintOpensSections(root);
  useLayoutEffect(() => {
    performance.mark(RESULT_COMMITTED_MARK);
  }, [entry.id]);
  const name = personName(entry.input);
  return (
    <div
      ref={root}
      className="flex flex-col gap-2"
      data-testid="result"
      data-via={via}
      data-depth={entry.depth}
    >
      <div className="print:hidden">
        <Button variant="ghost" size="sm" onClick={via === 'history' ? showHistory : back}>
          ←{' '}
          {via === 'history'
            ? tr(lang, { pt: 'Histórico', en: 'History' })
            : tr(lang, { pt: 'Nesta página', en: 'On this page' })}
        </Button>
      </div>
      <Freshness entry={entry} via={via} lang={lang} prefs={prefs} />
      {entry.notice && (
        <Notice tone="warning">
          <p data-testid="entry-notice">{tr(lang, entry.notice)}</p>
        </Notice>
      )}
      {entry.implausibleCharge !== undefined && (
        <Notice tone="warning" title={tr(lang, { pt: 'Cobrança implausível', en: 'Implausible charge' })}>
          <p data-testid="implausible-charge">
            {tr(lang, {
              pt: `O serviço informou uma cobrança de ${creditsText('pt', entry.implausibleCharge)} por esta consulta, muito além do que ela pode custar. O valor fica guardado só como o que o serviço disse: não é contado como gasto. O custo contado é ${creditsText('pt', entry.creditsCharged)}; confira o saldo e, se ele caiu mais que isso, fale com o suporte.`,
              en: `The service reported a charge of ${creditsText('en', entry.implausibleCharge)} for this lookup, far beyond what it can cost. The figure is kept only as what the service said: it is not counted as spent. The cost counted is ${creditsText('en', entry.creditsCharged)}; check the balance and, if it dropped by more, contact support.`,
            })}
          </p>
        </Notice>
      )}
      <UnreadFields issues={entry.issues} lang={lang} />
      <ExportBar entry={entry} lang={lang} />
      <CrmInsert entry={entry} lang={lang} />
      <article className="flex flex-col gap-2" data-testid="analysis">
        <AnalysisHead analysis={entry.analysis} name={name} company={entry.input.empresa} lang={lang} />
        {rest ? (
          <AnalysisSections analysis={entry.analysis} lang={lang} />
        ) : (
          <div ref={marker} data-testid="analysis-rest" aria-hidden="true" />
        )}
      </article>
      {rest && (
        <>
          <div className="print:hidden">
            <DraftComposer entry={entry} />
          </div>
          <div className="print:hidden">
            <SimilarPeople
              entryId={entry.id}
              onOpen={(id) => void send('history.get', { id }).then((e) => e && showEntry(e, 'history'))}
            />
          </div>
        </>
      )}
    </div>
  );
}
