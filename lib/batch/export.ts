import Papa from 'papaparse';
import { OCEAN_LABELS, OCEAN_TRAITS, type Analysis } from '@/lib/analysis/model';
import type { BatchJob, BatchRow, HistoryEntry, RowStatus } from '@/lib/model';
import { fold } from '@/lib/text';

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

const list = (items: string[]) => items.join('; ');
const score = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2));
const slug = (s: string) => fold(s).replace(/[^a-z0-9]+/g, '_');

type Column = [header: string, value: (row: BatchRow, a: Analysis | undefined) => string | number];

const COLUMNS: Column[] = [
  ['primeiro_nome', (r) => r.input.primeiro_nome],
  ['ultimo_nome', (r) => r.input.ultimo_nome],
  ['empresa', (r) => r.input.empresa],
  ['contexto_adicional', (r) => r.input.contexto_adicional ?? ''],
  ['situacao', (r) => ROW_STATUS_LABELS[r.status]],
  ['erro', (r) => r.error ?? ''],
  ['codigo_erro', (r) => r.error_code ?? ''],
  ['cargo', (_, a) => a?.cargo ?? ''],
  ['tipo_stakeholder', (_, a) => a?.tipoStakeholder ?? ''],
  ['localizacao', (_, a) => a?.localizacao ?? ''],
  ['persona', (_, a) => [a?.persona?.titulo, a?.persona?.descricao].filter(Boolean).join(': ')],
  ['mbti', (_, a) => a?.mbti?.type ?? ''],
  ['tipo_personalidade', (_, a) => a?.personalityType ?? ''],
  ['estilo_comunicacao', (_, a) => a?.communicationStyle ?? ''],
  ['tomada_decisao', (_, a) => a?.decisionMaking ?? ''],
  ...OCEAN_TRAITS.map((t): Column => [`ocean_${slug(OCEAN_LABELS[t].pt)}`, (_, a) => score(a?.ocean?.[t])]),
  ['dores', (_, a) => list(a?.painPoints.map((p) => p.desafio) ?? [])],
  ['motivadores', (_, a) => list(a?.motivadores.map((m) => m.texto) ?? [])],
  ['interesses', (_, a) => list(a?.interesses ?? [])],
  ['linguagem_impacto', (_, a) => list(a?.linguagemImpacto ?? [])],
];

export const BATCH_CSV_HEADERS = COLUMNS.map(([h]) => h);

const analysisOf = (row: BatchRow, entries: ReadonlyMap<string, HistoryEntry>) =>
  row.entryId && (row.status === 'done' || row.status === 'cached')
    ? entries.get(row.entryId)?.analysis
    : undefined;

/** UTF-8 with a byte-order mark; cells a spreadsheet would run as a formula are escaped (names come from pages). */
export function batchToCsv(job: BatchJob, entries: ReadonlyMap<string, HistoryEntry>): string {
  const data = job.rows.map((row) => COLUMNS.map(([, value]) => value(row, analysisOf(row, entries))));
  return `\uFEFF${Papa.unparse({ fields: BATCH_CSV_HEADERS, data }, { escapeFormulae: true, newline: '\r\n' })}`;
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
