import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui';
import { creditsText, tr } from '@/lib/i18n';
import { DEPTH_LABELS, personName } from '@/lib/panel/format';
import type { RunningJob } from '@/lib/panel/store';
import { progressOf, type Phase } from '@/lib/panel/time';
import { usePanel } from './context';
import type { Lang, Text } from '@/lib/model';

const PHASES: Record<Phase, Text> = {
  early: {
    pt: 'Buscando dados públicos e validando a pessoa…',
    en: 'Searching public data and validating the person…',
  },
  typical: { pt: 'Montando a análise…', en: 'Building the analysis…' },
  late: {
    pt: 'Está demorando mais que o normal. Você pode continuar esperando ou parar de esperar.',
    en: 'This is taking longer than usual. You can keep waiting or stop waiting.',
  },
};

/** Progress against the typical time, and a way to stop waiting; the background does the work. */
export function RunningCard({ job, lang }: { job: RunningJob; lang: Lang }) {
  const cancel = usePanel((s) => s.cancel);
  const [now, setNow] = useState(() => Date.now());
  const headingId = useId();
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const elapsedMs = Math.max(0, now - job.startedAt);
  const { percent, phase } = progressOf(elapsedMs, job.timeRange);
  const elapsed = Math.floor(elapsedMs / 1000);
  const [min, max] = job.timeRange;
  const { input, depth } = job.request;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="running">
      <div>
        <h2 id={headingId} tabIndex={-1} className="text-base font-semibold break-words">
          {tr(lang, { pt: 'Analisando', en: 'Analysing' })} {personName(input)}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300 break-words">{input.empresa}</p>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {DEPTH_LABELS[depth][lang]}
          {job.credits !== null && ` · ${creditsText(lang, job.credits)}`}
          {` · ${tr(lang, { pt: 'normalmente', en: 'typically' })} ${min}–${max} s`}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={tr(lang, { pt: 'Progresso da análise', en: 'Analysis progress' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={tr(lang, {
          pt: `${elapsed} s de ${min} a ${max} s esperados`,
          en: `${elapsed} s of ${min} to ${max} s expected`,
        })}
        className="h-2.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
      >
        <div
          className={`h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none ${
            phase === 'late' ? 'bg-amber-600 dark:bg-amber-400' : 'bg-indigo-600 dark:bg-indigo-400'
          }`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex justify-between text-xs tabular-nums text-zinc-700 dark:text-zinc-300">
        <span data-testid="elapsed">{elapsed} s</span>
        <span>
          {tr(lang, { pt: 'esperado', en: 'expected' })} {min}–{max} s
        </span>
      </p>
      <p aria-live="polite" className="text-sm" data-phase={phase}>
        {tr(lang, PHASES[phase])}
      </p>
      <Button onClick={cancel} data-testid="cancel">
        {tr(lang, { pt: 'Parar de esperar', en: 'Stop waiting' })}
      </Button>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {tr(lang, {
          pt: 'Parar de esperar não desfaz a consulta: ela pode ser cobrada mesmo assim, e o resultado vai para o histórico.',
          en: 'Stopping the wait does not undo the request: it may still be charged, and the result goes to the history.',
        })}
      </p>
    </section>
  );
}
