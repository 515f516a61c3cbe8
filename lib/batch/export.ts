import { columnsOf, toCsv } from '@/lib/export';
import type { BatchJob, BatchRow, HistoryEntry, RowStatus } from '@/lib/model';

/* A batch's results as files: CSV (one row per person, key fields flattened, Portuguese headers) and JSON. */

export const ROW_STATUS_LABELS: Record<RowStatus, string> = {
  queued: 'na fila',
  sent: 'enviado',
  done: 'concluído',
  cached: 'do histórico',
  failed: 'falhou',
  interrupted: 'interrompido',
  cancelled: 'cancelado',
};

const analysisOf = (row: BatchRow, entries: ReadonlyMap<string, HistoryEntry>) =>
  row.entryId && (row.status === 'done' || row.status === 'cached')
    ? entries.get(row.entryId)?.analysis
    : undefined;

const ROW_COLUMNS: [string, (row: BatchRow) => string][] = [
  ['primeiro_nome', (r) => r.input.primeiro_nome],
  ['ultimo_nome', (r) => r.input.ultimo_nome],
  ['empresa', (r) => r.input.empresa],
  ['contexto_adicional', (r) => r.input.contexto_adicional ?? ''],
  ['situacao', (r) => ROW_STATUS_LABELS[r.status]],
  ['erro', (r) => r.error ?? ''],
  ['codigo_erro', (r) => r.error_code ?? ''],
];

/** One row per person: the row's own columns, then the analysis columns every export shares (lib/export.ts). */
export function batchToCsv(job: BatchJob, entries: ReadonlyMap<string, HistoryEntry>): string {
  return toCsv(
    columnsOf<BatchRow>(ROW_COLUMNS, (row) => analysisOf(row, entries)),
    job.rows,
  );
}

export function batchToJson(
  job: BatchJob,
  entries: ReadonlyMap<string, HistoryEntry>,
  exportedAt: Date = new Date(),
): string {
  return JSON.stringify(
    {
      format: 'perfil-intel-lote',
      version: 1,
      exportedAt: exportedAt.toISOString(),
      depth: job.depth,
      endpoint: job.endpoint,
      creditsSpent: job.creditsSpent,
      people: job.rows.map((row) => ({
        input: row.input,
        status: row.status,
        ...(row.error !== undefined && { error: row.error, error_code: row.error_code }),
        ...(row.entryId && analysisOf(row, entries) && { analysis: analysisOf(row, entries) }),
      })),
    },
    null,
    2,
  );
}

export function batchFileName(kind: 'csv' | 'json', at: Date = new Date()): string {
  return `perfil-intel-lote-${at.toISOString().slice(0, 10)}.${kind}`;
}
