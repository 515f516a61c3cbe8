import { useEffect, useState } from 'react';
import { missingText } from '@/lib/batch/import';
import { formatNumber, tr } from '@/lib/i18n';
import { send } from '@/lib/send';
import { Button, Card, Notice, Spinner, errorText, useAction } from '@/components/ui';
import { credits, peopleText, planTexts } from './text';
import type { BatchPlan, Depth, Lang, LookupInput, Text } from '@/lib/model';

const DEPTHS: { value: Depth; label: Text }[] = [
  { value: 'quick', label: { pt: 'Básica (1 crédito por pessoa)', en: 'Basic (1 credit per person)' } },
  {
    value: 'complete',
    label: { pt: 'Completa (2 créditos por pessoa)', en: 'Complete (2 credits per person)' },
  },
  { value: 'plus', label: { pt: 'Plus (3 créditos por pessoa)', en: 'Plus (3 credits per person)' } },
];

/** The cost against the balance, before anything is sent; short of credits, the user may run what fits. */
export function PlanPanel({
  people,
  onStarted,
  lang,
}: {
  people: LookupInput[];
  onStarted: (jobId: string) => void;
  lang: Lang;
}) {
  const [depth, setDepth] = useState<Depth>('complete');
  const [refresh, setRefresh] = useState(false);
  /** The answer for the current choices; a stale one (for other choices) is not shown. */
  const [answer, setAnswer] = useState<{ for: unknown[]; plan?: BatchPlan; problem?: Text } | null>(null);
  const fresh = answer?.for[0] === people && answer.for[1] === depth && answer.for[2] === refresh;
  const plan = fresh ? (answer.plan ?? null) : null;
  const problem = fresh ? (answer.problem ?? null) : null;
  const [starting, start] = useAction(async (limit?: number) => {
    const { jobId } = await send('batch.start', {
      people,
      depth,
      refresh,
      ...(limit !== undefined && { limit }),
    });
    onStarted(jobId);
  });

  useEffect(() => {
    let live = true;
    const args = [people, depth, refresh];
    send('batch.plan', { people, depth, refresh })
      .then((p) => live && setAnswer({ for: args, plan: p }))
      .catch((e: unknown) => live && setAnswer({ for: args, problem: errorText(e) }));
    return () => {
      live = false;
    };
  }, [people, depth, refresh]);

  const texts = plan && planTexts(lang, plan);

  return (
    <section aria-labelledby="plan-title" className="space-y-3">
      <h2 id="plan-title" className="text-lg font-semibold">
        {tr(lang, { pt: '2. Planejamento', en: '2. Plan' })}
      </h2>
      <Card className="space-y-3 p-4">
        <div className="flex flex-wrap items-end gap-4">
          <label className="flex flex-col text-sm">
            {tr(lang, { pt: 'Análise', en: 'Analysis' })}
            <select
              className="rounded border border-zinc-300 p-1 dark:border-zinc-600 dark:bg-zinc-900"
              value={depth}
              onChange={(e) => setDepth(e.target.value as Depth)}
            >
              {DEPTHS.map((d) => (
                <option key={d.value} value={d.value}>
                  {tr(lang, d.label)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={refresh} onChange={(e) => setRefresh(e.target.checked)} />
            {tr(lang, { pt: 'Refazer quem já está no histórico', en: 'Redo people already in the history' })}
          </label>
        </div>
        {problem && <Notice tone="danger">{tr(lang, problem)}</Notice>}
        {!plan && !problem && <Spinner label={tr(lang, { pt: 'Calculando…', en: 'Calculating…' })} />}
        {plan && texts && (
          <div className="space-y-2" data-testid="plan">
            <p>
              <strong>{formatNumber(lang, plan.toSend)}</strong> {texts.toSend} ×{' '}
              {formatNumber(lang, plan.creditsPerProfile)} = <strong>{formatNumber(lang, plan.cost)}</strong>{' '}
              {texts.cost}
            </p>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{texts.setAside}</p>
            {plan.people.some((p) => p.status === 'invalid') && (
              <ul className="text-xs text-amber-800 dark:text-amber-300">
                {plan.people
                  .filter((p) => p.status === 'invalid')
                  .map((p, i) => (
                    <li key={i}>
                      {p.input.primeiro_nome} {p.input.ultimo_nome} — {p.input.empresa}:{' '}
                      {tr(lang, missingText(p.input) ?? { pt: p.reason ?? '', en: p.reason ?? '' })}
                    </li>
                  ))}
              </ul>
            )}
            {plan.short && <Notice tone="warning">{texts.covers}</Notice>}
            {starting.status === 'error' && <Notice tone="danger">{tr(lang, starting.error)}</Notice>}
            <div className="flex gap-2">
              {!plan.short && (
                <Button
                  variant="primary"
                  loading={starting.status === 'loading'}
                  disabled={!plan.toSend && !plan.cached}
                  onClick={() => void start()}
                >
                  {tr(lang, { pt: 'Iniciar', en: 'Start' })} ({credits(lang, plan.cost)})
                </Button>
              )}
              {plan.short && plan.fits > 0 && (
                <Button
                  variant="primary"
                  loading={starting.status === 'loading'}
                  onClick={() => void start(plan.fits)}
                >
                  {tr(lang, { pt: 'Rodar só o que cabe', en: 'Run only what fits' })} (
                  {peopleText(lang, plan.fits)}, {credits(lang, plan.fits * plan.creditsPerProfile)})
                </Button>
              )}
            </div>
          </div>
        )}
      </Card>
    </section>
  );
}
