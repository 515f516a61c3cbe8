import Papa from 'papaparse';
import { OCEAN_LABELS, OCEAN_TRAITS, type Analysis } from '@/lib/analysis/model';
import type { HistoryEntry } from '@/lib/model';
import { slug } from '@/lib/text';

/* The history as files the user keeps: JSON (everything, re-readable) and CSV (one row per lookup, key fields). */

export const EXPORT_FORMAT = 'perfil-intel-historico';

export function historyToJson(entries: HistoryEntry[], exportedAt: Date = new Date()): string {
  return JSON.stringify(
    {
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: exportedAt.toISOString(),
      count: entries.length,
      entries,
    },
    null,
    2,
  );
}

const list = (items: string[]) => items.join('; ');
const score = (n: number | undefined) => (n === undefined ? '' : n.toFixed(2));

type Column = [header: string, value: (e: HistoryEntry, a: Analysis) => string | number];

const COLUMNS: Column[] = [
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
  ['cargo', (_, a) => a.cargo ?? ''],
  ['tipo_stakeholder', (_, a) => a.tipoStakeholder ?? ''],
  ['localizacao', (_, a) => a.localizacao ?? ''],
  ['perfil_profissional', (_, a) => a.perfilProfissional ?? ''],
  ['persona', (_, a) => [a.persona?.titulo, a.persona?.descricao].filter(Boolean).join(': ')],
  ['mbti', (_, a) => a.mbti?.type ?? ''],
  ['tipo_personalidade', (_, a) => a.personalityType ?? ''],
  ['estilo_comunicacao', (_, a) => a.communicationStyle ?? ''],
  ['estilo_trabalho', (_, a) => a.workingStyle ?? ''],
  ['tomada_decisao', (_, a) => a.decisionMaking ?? ''],
  ...OCEAN_TRAITS.map(
    (t): Column => [`ocean_${slug(OCEAN_LABELS[t].pt, '_')}`, (_, a) => score(a.ocean?.[t])],
  ),
  ['interesses', (_, a) => list(a.interesses)],
  ['dores', (_, a) => list(a.painPoints.map((p) => p.desafio))],
  ['motivadores', (_, a) => list(a.motivadores.map((m) => m.texto))],
  ['linguagem_impacto', (_, a) => list(a.linguagemImpacto)],
  ['setor', (_, a) => a.contextoNegocios?.setor ?? ''],
  ['pontos_fortes', (_, a) => list(a.strengths)],
  ['id', (e) => e.id],
];

export const CSV_HEADERS = COLUMNS.map(([h]) => h);

/**
 * One row per lookup, Portuguese headers, UTF-8 with a byte-order mark so spreadsheets read the accents.
 * Cells that a spreadsheet would run as a formula (= + - @) are escaped: names and companies come from pages.
 */
export function historyToCsv(entries: HistoryEntry[]): string {
  const data = entries.map((e) => COLUMNS.map(([, value]) => value(e, e.analysis)));
  return `\uFEFF${Papa.unparse({ fields: CSV_HEADERS, data }, { escapeFormulae: true, newline: '\r\n' })}`;
}

export function exportFileName(kind: 'json' | 'csv', at: Date = new Date()): string {
  const day = at.toISOString().slice(0, 10);
  return `perfil-intel-historico-${day}.${kind}`;
}
