import Papa from 'papaparse';
import { OCEAN_LABELS, OCEAN_TRAITS, type Analysis } from '@/lib/analysis/model';
import type { HistoryEntry } from '@/lib/model';
import { slug } from '@/lib/text';

/* The history as files the user keeps: JSON (everything, re-readable) and CSV (one row per lookup, key fields). */

export const EXPORT_FORMAT = 'perfil-intel-historico';

/**
 * The JSON file written a page of entries at a time (the whole history need never be in memory as one value): the
 * opening, each page's part, and the closing with the count. Together they read as
 * `{format, version, exportedAt, entries, count}`, the head laid out as JSON.stringify(…, null, 2) lays it out and
 * each entry on a line of its own, compact (laying out 10,000 entries took seconds).
 */
export function jsonWriter(exportedAt: Date = new Date()) {
  let count = 0;
  return {
    start: `{\n  "format": ${JSON.stringify(EXPORT_FORMAT)},\n  "version": 1,\n  "exportedAt": ${JSON.stringify(exportedAt.toISOString())},\n  "entries": [`,
    part(entries: readonly HistoryEntry[]): string {
      let out = '';
      // A JSON text has no raw line break inside a string: one entry, one line.
      for (const e of entries) out += `${count++ === 0 ? '' : ','}\n    ${JSON.stringify(e)}`;
      return out;
    },
    end: (): string => `${count ? '\n  ' : ''}],\n  "count": ${count}\n}`,
  };
}

const list = (items: string[] | undefined) => (items ?? []).join('; ');
const score = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2));

type Cell = string | number;

/**
 * The analysis as CSV columns, shared by every export (history and batch) so a spreadsheet reads both alike.
 * `a` is undefined for a row without an analysis (a batch row that failed).
 */
export const ANALYSIS_COLUMNS: [header: string, value: (a: Analysis | undefined) => Cell][] = [
  ['cargo', (a) => a?.cargo ?? ''],
  ['tipo_stakeholder', (a) => a?.tipoStakeholder ?? ''],
  ['localizacao', (a) => a?.localizacao ?? ''],
  ['perfil_profissional', (a) => a?.perfilProfissional ?? ''],
  ['persona', (a) => [a?.persona?.titulo, a?.persona?.descricao].filter(Boolean).join(': ')],
  ['mbti', (a) => a?.mbti?.type ?? ''],
  ['tipo_personalidade', (a) => a?.personalityType ?? ''],
  ['estilo_comunicacao', (a) => a?.communicationStyle ?? ''],
  ['estilo_trabalho', (a) => a?.workingStyle ?? ''],
  ['tomada_decisao', (a) => a?.decisionMaking ?? ''],
  ...OCEAN_TRAITS.map((t): [string, (a: Analysis | undefined) => Cell] => [
    `ocean_${slug(OCEAN_LABELS[t].pt, '_')}`,
    (a) => score(a?.ocean?.[t]),
  ]),
  ['interesses', (a) => list(a?.interesses)],
  ['dores', (a) => list(a?.painPoints.map((p) => p.desafio))],
  ['motivadores', (a) => list(a?.motivadores.map((m) => m.texto))],
  ['linguagem_impacto', (a) => list(a?.linguagemImpacto)],
  ['setor', (a) => a?.contextoNegocios?.setor ?? ''],
  ['pontos_fortes', (a) => list(a?.strengths)],
];

/** A table as CSV columns of one record type: its own columns, then the analysis's. */
export function columnsOf<R>(
  before: [string, (r: R) => Cell][],
  analysis: (r: R) => Analysis | undefined,
  after: [string, (r: R) => Cell][] = [],
): [string, (r: R) => Cell][] {
  return [
    ...before,
    ...ANALYSIS_COLUMNS.map(([h, value]): [string, (r: R) => Cell] => [h, (r) => value(analysis(r))]),
    ...after,
  ];
}

/**
 * Rows as a CSV file: Portuguese headers, UTF-8 with a byte-order mark so spreadsheets read the accents. Cells that
 * a spreadsheet would run as a formula (= + - @) are escaped: names and companies come from pages.
 */
export function toCsv<R>(columns: [string, (r: R) => Cell][], rows: R[]): string {
  const w = csvWriter(columns);
  return w.start + w.part(rows);
}

/** The CSV file a page of rows at a time: the byte-order mark and header, then each page's rows. */
export function csvWriter<R>(columns: [string, (r: R) => Cell][]) {
  const options = { escapeFormulae: true, newline: '\r\n' } as const;
  return {
    start: `\uFEFF${Papa.unparse([columns.map(([h]) => h)], options)}`,
    part: (rows: readonly R[]): string =>
      rows.length
        ? `\r\n${Papa.unparse(
            rows.map((r) => columns.map(([, value]) => value(r))),
            options,
          )}`
        : '',
    end: (): string => '',
  };
}

const COLUMNS = columnsOf<HistoryEntry>(
  [
    ['data', (e) => new Date(e.createdAt).toISOString()],
    ['primeiro_nome', (e) => e.input.primeiro_nome],
    ['ultimo_nome', (e) => e.input.ultimo_nome],
    ['empresa', (e) => e.input.empresa],
    ['contexto_adicional', (e) => e.input.contexto_adicional ?? ''],
    ['profundidade', (e) => e.depth],
    ['idioma', (e) => e.lang],
    ['endpoint', (e) => e.endpoint],
    ['creditos_cobrados', (e) => e.creditsCharged],
    // A charge that differed from the price (e.g. a request the browser re-sent): what was quoted, and why.
    ['creditos_cotados', (e) => e.billingCheck?.expected ?? e.creditsCharged],
    ['aviso_cobranca', (e) => (e.billingCheck ? (e.notice?.pt ?? '') : '')],
    // A charge the service claimed far beyond the price: its claim, never counted above.
    ['cobranca_implausivel_informada', (e) => e.implausibleCharge ?? ''],
  ],
  (e) => e.analysis,
  [['id', (e) => e.id]],
);

/** The history's CSV (one row per lookup), a page at a time. */
export const historyCsvWriter = () => csvWriter(COLUMNS);

export type ExportFormat = 'json' | 'csv';

/** The history's file in `format`, a page of entries at a time (the worker writes it as it reads the history). */
export const historyFileWriter = (format: ExportFormat, exportedAt: Date = new Date()) =>
  format === 'json' ? jsonWriter(exportedAt) : historyCsvWriter();

export function exportFileName(kind: ExportFormat, at: Date = new Date()): string {
  const day = at.toISOString().slice(0, 10);
  return `perfil-intel-historico-${day}.${kind}`;
}
