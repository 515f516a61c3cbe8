import { useEffect, useMemo, useState } from 'react';
import { browser } from 'wxt/browser';
import { progressOf } from '@/lib/batch/progress';
import { lostText } from '@/lib/batch/lost-cost';
import { formatNumber, tr } from '@/lib/i18n';
import type { BatchJob, Lang } from '@/lib/model';
import { batchHeads, watchBatchJob, type BatchHead } from '@/lib/storage';
import { lookupJobs } from '@/lib/storage/session';
import { useStored } from '@/components/ui';
import { JOB_LABELS, countsText } from './text';
import { useWakeWhile } from './useWake';

/** A job to show beside the page's own work: running, or with lost answers whose cost is still being measured. */
const shown = (h: BatchHead) => h.status === 'running' || (h.lost?.measuring ?? 0) > 0;

function JobLine({ id, lang }: { id: string; lang: Lang }) {
  const [job, setJob] = useState<BatchJob | null>();
  useEffect(() => watchBatchJob(id, setJob), [id]);
  const progress = useMemo(() => (job ? progressOf(job) : null), [job]);
  if (!job || !progress) return null;
  const settled = progress.total - progress.remaining;
  return (
    <li className="space-y-1" data-testid="running-job" data-job={id}>
      <div className="flex items-baseline justify-between gap-2">
        <span className="font-medium">
          {tr(lang, { pt: 'Lote', en: 'Batch' })}: {formatNumber(lang, settled)}/
          {formatNumber(lang, progress.total)} ·{' '}
          <span data-testid="running-job-status">{tr(lang, JOB_LABELS[job.status])}</span>
        </span>
        <a
          className="text-xs font-medium text-indigo-700 underline dark:text-indigo-300"
          href={browser.runtime.getURL(`/batch.html#job=${id}`)}
          target="_blank"
          rel="noreferrer"
        >
          {tr(lang, { pt: 'Ver lote', en: 'See batch' })}
        </a>
      </div>
      <progress
        className="w-full"
        max={1}
        value={progress.fraction}
        aria-label={tr(lang, { pt: 'Progresso do lote', en: 'Batch progress' })}
      />
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="running-job-counts">
        {countsText(lang, progress)}
      </p>
      {(job.lost?.measuring ?? 0) > 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, lostText({ state: 'measuring' }, job.lost!.measuring!))}
        </p>
      )}
    </li>
  );
}

/**
 * The batch jobs running now (read from storage, so they show as soon as the page opens, also right after the worker
 * restarted), each with its progress; while one runs, the page keeps waking the worker (./useWake.ts).
 */
export function RunningJobs({ lang }: { lang: Lang }) {
  const heads = useStored(batchHeads);
  const lookups = useStored(lookupJobs);
  const jobs = Object.values(heads ?? {})
    .filter(shown)
    .sort((a, b) => b.createdAt - a.createdAt);
  // A lookup in flight too: a worker stopped mid-call is woken to settle it.
  useWakeWhile(
    jobs.some((j) => j.status === 'running') ||
      Object.values(lookups ?? {}).some((j) => j.status === 'running'),
  );
  if (!jobs.length) return null;
  return (
    <section aria-label={tr(lang, { pt: 'Lotes em andamento', en: 'Batches running' })} className="text-sm">
      <ul className="space-y-3">
        {jobs.map((j) => (
          <JobLine key={j.id} id={j.id} lang={lang} />
        ))}
      </ul>
    </section>
  );
}
