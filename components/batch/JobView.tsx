import { STAKEHOLDER_LABEL, stakeholderText } from '@/lib/analysis/stakeholder';
import { useEffect, useMemo, useState } from 'react';
import { batchFileName, batchToCsv, batchToJson } from '@/lib/batch/export';
import { canRetry } from '@/lib/batch/model';
import { progressOf, type BatchProgress } from '@/lib/batch/progress';
import { formatNumber, tr } from '@/lib/i18n';
import { send } from '@/lib/send';
import { Button, Card, Notice, downloadText } from '@/components/ui';
import { AnalysisView } from '@/components/analysis';
import { CommitteeView } from './CommitteeView';
import { RowEditor } from './RowEditor';
import { JOB_LABELS, countsText, rowErrorText, rowStatusText } from './text';
import { useWakeWhile } from './useWake';
import { lostText } from '@/lib/batch/lost-cost';
import { LOST_ROW } from '@/lib/batch/model';
import type { BatchJob, BatchRow, HistoryEntry, Lang } from '@/lib/model';
import { watchBatchJob } from '@/lib/storage';

/** One job, kept live from storage (each answer's chunk applied as it is written); undefined until read, null if gone. */
function useBatchJob(id: string): BatchJob | null | undefined {
  const [job, setJob] = useState<BatchJob | null>();
  useEffect(() => watchBatchJob(id, setJob), [id]);
  return job;
}

/** A job followed live from storage: progress, each row's status, results, exports and the committee view. */
export function JobView({ jobId, lang }: { jobId: string; lang: Lang }) {
  const job = useBatchJob(jobId);
  const [entries, setEntries] = useState<Map<string, HistoryEntry>>(new Map());
  const [open, setOpen] = useState<HistoryEntry | null>(null);
  const [editing, setEditing] = useState<BatchRow | null>(null);
  const settledCount = job?.rows.filter((r) => r.status === 'done' || r.status === 'cached').length ?? 0;

  useEffect(() => {
    if (!settledCount) return;
    void send('batch.entries', { id: jobId }).then((list) => setEntries(new Map(list.map((e) => [e.id, e]))));
  }, [jobId, settledCount]);

  const progress = useMemo(() => (job ? progressOf(job) : null), [job]);
  useWakeWhile(job?.status === 'running');
  if (job === null)
    return <Notice tone="warning">{tr(lang, { pt: 'Lote não encontrado.', en: 'Batch not found.' })}</Notice>;
  if (!job || !progress) return null;

  return (
    <div className="space-y-6">
      <JobProgress job={job} progress={progress} entries={entries} lang={lang} />

      <RowTable rows={job.rows} entries={entries} onOpen={setOpen} onEdit={setEditing} lang={lang} />

      <CommitteeView entries={[...entries.values()]} onOpen={setOpen} lang={lang} />

      {open && (
        <dialog
          open
          className="fixed inset-4 z-10 overflow-auto rounded-lg bg-white p-4 shadow-xl dark:bg-zinc-900"
          aria-label={tr(lang, { pt: 'Análise', en: 'Analysis' })}
        >
          <Button className="float-right" onClick={() => setOpen(null)}>
            {tr(lang, { pt: 'Fechar', en: 'Close' })}
          </Button>
          <AnalysisView
            analysis={open.analysis}
            name={`${open.input.primeiro_nome} ${open.input.ultimo_nome}`}
            company={open.input.empresa}
            lang={lang}
          />
        </dialog>
      )}
      {editing && (
        <RowEditor
          row={editing}
          lang={lang}
          onClose={() => setEditing(null)}
          onRetry={async (input) => {
            await send('batch.retry', { id: jobId, rows: [{ rowId: editing.id, input }] });
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}

/** The job's progress, its notices (paused, lost rows) and what can be done with it. */
function JobProgress({
  job,
  progress,
  entries,
  lang,
}: {
  job: BatchJob;
  progress: BatchProgress;
  entries: Map<string, HistoryEntry>;
  lang: Lang;
}) {
  const lost = job.lost;
  return (
    <section aria-labelledby="progress-title" className="space-y-2">
      <h2 id="progress-title" className="text-lg font-semibold">
        {tr(lang, { pt: 'Progresso', en: 'Progress' })} —{' '}
        <span data-testid="job-status">{tr(lang, JOB_LABELS[job.status])}</span>
      </h2>
      <Card className="space-y-3 p-4">
        <progress
          className="w-full"
          max={1}
          value={progress.fraction}
          aria-label={tr(lang, { pt: 'Progresso do lote', en: 'Batch progress' })}
        />
        <p data-testid="progress-counts">{countsText(lang, progress)}</p>
        {job.pausedReason && <Notice tone="warning">{tr(lang, job.pausedReason)}</Notice>}
        {lost?.measured && lost.measured.people > 0 && (
          <Notice tone={lost.measured.verdict.state === 'free' ? 'info' : 'warning'}>
            <span data-testid="lost-cost" data-state={lost.measured.verdict.state}>
              {tr(lang, lostText(lost.measured.verdict, lost.measured.people))}
            </span>
          </Notice>
        )}
        {(lost?.measuring ?? 0) > 0 && (
          <Notice tone="info">
            <span data-testid="lost-measuring">
              {tr(lang, lostText({ state: 'measuring' }, lost!.measuring!))}
            </span>
          </Notice>
        )}
        <JobActions job={job} entries={entries} lang={lang} />
      </Card>
    </section>
  );
}

/** Pause, resume, cancel, retry the failed rows, and the exports. */
function JobActions({
  job,
  entries,
  lang,
}: {
  job: BatchJob;
  entries: Map<string, HistoryEntry>;
  lang: Lang;
}) {
  const jobId = job.id;
  const retryable = job.rows.filter((r) => canRetry(r.status));
  // "Tentar de novo" warns unless every interrupted row is known not to have been charged.
  const mayCharge = retryable.some(
    (r) => r.status === 'interrupted' && r.error_code !== LOST_ROW.free.error_code,
  );
  return (
    <div className="flex flex-wrap gap-2">
      {job.status === 'running' && (
        <Button onClick={() => void send('batch.pause', { id: jobId })}>
          {tr(lang, { pt: 'Pausar', en: 'Pause' })}
        </Button>
      )}
      {job.status === 'paused' && (
        <Button onClick={() => void send('batch.resume', { id: jobId })}>
          {tr(lang, { pt: 'Retomar', en: 'Resume' })}
        </Button>
      )}
      {(job.status === 'running' || job.status === 'paused') && (
        <Button variant="danger" onClick={() => void send('batch.cancel', { id: jobId })}>
          {tr(lang, { pt: 'Cancelar', en: 'Cancel' })}
        </Button>
      )}
      {retryable.length > 0 && job.status !== 'running' && (
        <Button
          onClick={() =>
            void send('batch.retry', { id: jobId, rows: retryable.map((r) => ({ rowId: r.id })) })
          }
        >
          {tr(lang, {
            pt: `Tentar de novo as ${formatNumber('pt', retryable.length)} com falha`,
            en: `Retry the ${formatNumber('en', retryable.length)} that failed`,
          })}
          {mayCharge &&
            tr(lang, {
              pt: ' (as interrompidas podem cobrar de novo)',
              en: ' (the interrupted may charge again)',
            })}
        </Button>
      )}
      <Button onClick={() => downloadText(batchFileName('csv'), 'text/csv', batchToCsv(job, entries))}>
        {tr(lang, { pt: 'Exportar CSV', en: 'Export CSV' })}
      </Button>
      <Button
        onClick={() => downloadText(batchFileName('json'), 'application/json', batchToJson(job, entries))}
      >
        {tr(lang, { pt: 'Exportar JSON', en: 'Export JSON' })}
      </Button>
    </div>
  );
}

/** Each row of the job: who, its status or error, the analysis' headline, and what can be done with it. */
function RowTable({
  rows,
  entries,
  onOpen,
  onEdit,
  lang,
}: {
  rows: BatchRow[];
  entries: Map<string, HistoryEntry>;
  onOpen: (entry: HistoryEntry) => void;
  onEdit: (row: BatchRow) => void;
  lang: Lang;
}) {
  return (
    <section aria-labelledby="results-title" className="space-y-2">
      <h2 id="results-title" className="text-lg font-semibold">
        {tr(lang, { pt: 'Resultados', en: 'Results' })}
      </h2>
      <div className="overflow-auto">
        {/* Cells are padded so that neighbouring columns ("Situação", "Cargo") never touch. */}
        <table
          className="w-full text-sm [&_td]:px-2 [&_td]:py-1 [&_td]:align-top [&_th]:px-2 [&_th]:py-1"
          data-testid="results"
        >
          <thead className="text-left">
            <tr>
              <th>{tr(lang, { pt: 'Pessoa', en: 'Person' })}</th>
              <th>{tr(lang, { pt: 'Empresa', en: 'Company' })}</th>
              <th>{tr(lang, { pt: 'Situação', en: 'Status' })}</th>
              <th>{tr(lang, { pt: 'Cargo', en: 'Role' })}</th>
              <th>{tr(lang, STAKEHOLDER_LABEL)}</th>
              <th>MBTI</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const entry = row.entryId ? entries.get(row.entryId) : undefined;
              const a = row.status === 'done' || row.status === 'cached' ? entry?.analysis : undefined;
              return (
                <tr
                  key={row.id}
                  data-status={row.status}
                  className="border-t border-zinc-200 dark:border-zinc-700"
                >
                  <td>{`${row.input.primeiro_nome} ${row.input.ultimo_nome}`}</td>
                  <td>{row.input.empresa}</td>
                  <td>
                    {rowStatusText(lang, row.status)}
                    {row.error && (
                      <span className="block text-xs text-red-700 dark:text-red-300">
                        {rowErrorText(lang, row)} ({row.error_code})
                      </span>
                    )}
                  </td>
                  <td>{a?.cargo}</td>
                  <td>{stakeholderText(lang, a?.tipoStakeholder)}</td>
                  <td>{a?.mbti?.type}</td>
                  <td>
                    {a && entry && (
                      <Button size="sm" variant="ghost" onClick={() => onOpen(entry)}>
                        {tr(lang, { pt: 'Ver análise', en: 'View analysis' })}
                      </Button>
                    )}
                    {canRetry(row.status) && (
                      <Button size="sm" variant="ghost" onClick={() => onEdit(row)}>
                        {tr(lang, { pt: 'Editar e tentar', en: 'Edit and retry' })}
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
