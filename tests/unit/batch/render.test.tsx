import { emptyAnalysis } from '@/lib/analysis/normalize';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { BadRows } from '@/components/batch/BadRows';
import { BatchApp } from '@/components/batch/BatchApp';
import { CommitteeView } from '@/components/batch/CommitteeView';
import { PlanPanel } from '@/components/batch/PlanPanel';
import { RowEditor } from '@/components/batch/RowEditor';
import { Sources } from '@/components/batch/Sources';
import { JOB_LABELS, countsText, planTexts, rowErrorText, rowStatusText } from '@/components/batch/text';
import type { Analysis } from '@/lib/analysis/model';
import { buildCommittee } from '@/lib/batch/committee';
import { ROW_STATUS_LABELS } from '@/lib/batch/export';
import { parseLines } from '@/lib/batch/import';
import { INTERRUPTED_ROW } from '@/lib/batch/model';
import { progressOf } from '@/lib/batch/progress';
import {
  type BatchPlan,
  type BatchRow,
  type HistoryEntry,
  type Lang,
  type LookupInput,
  ROW_STATUSES,
} from '@/lib/model';

/** The text a reader gets: element contents and the labels given as attributes, one per line. */
const shown = (el: ReactElement) =>
  renderToStaticMarkup(el)
    .replace(/\s(?:aria-label|title|placeholder)="([^"]*)"/g, '>$1<')
    .replace(/<[^>]*>/g, '\n')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n+/g, '\n');

/** Portuguese words of the page's own texts; none may be left on an English page (the data here has none). */
const PORTUGUESE =
  /[ãõçáéíóúâê]|\b(pessoas?|linhas?|empresa|adicionar|colar|importar|nome|sobrenome|contexto|fechar|tentar|análise|quem|comitê|abordagem|saldo|créditos?)\b/i;

const people: LookupInput[] = [
  { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
  { primeiro_nome: 'Bruno', ultimo_nome: 'Lima', empresa: 'Stone' },
];

const analysis = (a: Partial<Analysis>): Analysis => ({
  ...emptyAnalysis(),
  ...a,
});
const entries = [
  {
    id: '1',
    input: { primeiro_nome: 'Ana', ultimo_nome: 'S', empresa: 'Acme' },
    analysis: analysis({
      tipoStakeholder: 'C-Level',
      ocean: { openness: 0.9 },
      decisionMaking: 'by the numbers',
      painPoints: [{ desafio: 'Slow onboarding' }],
    }),
  },
  {
    id: '2',
    input: { primeiro_nome: 'Bruno', ultimo_nome: 'L', empresa: 'Acme' },
    analysis: analysis({ tipoStakeholder: 'Manager', painPoints: [{ desafio: 'slow onboarding' }] }),
  },
] as HistoryEntry[];

const interrupted: BatchRow = { id: 'r', input: people[0]!, status: 'interrupted', ...INTERRUPTED_ROW };
const noop = () => undefined;

const parts = (lang: Lang) => ({
  sources: shown(<Sources tabId={null} people={people} onChange={noop} lang={lang} />),
  plan: shown(<PlanPanel people={people} onStarted={noop} lang={lang} />),
  bad: shown(<BadRows rows={parseLines('12345\nCarla – Vtex').bad} lang={lang} />),
  editor: shown(<RowEditor row={interrupted} lang={lang} onClose={noop} onRetry={async () => undefined} />),
  committee: shown(<CommitteeView entries={entries} onOpen={noop} lang={lang} />),
});

describe('the batch page in both languages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps its Portuguese texts', () => {
    const pt = parts('pt');
    expect(pt.sources).toContain('1. Pessoas');
    expect(pt.sources).toContain('Importar CSV ou TSV');
    expect(pt.sources).toMatch(/\n2\n pessoas na lista\n/);
    expect(pt.sources).toContain('Remover Ana Souza');
    expect(pt.plan).toContain('2. Planejamento');
    expect(pt.plan).toContain('Completa (2 créditos por pessoa)');
    expect(pt.plan).toContain('Calculando…');
    expect(pt.bad).toContain('2 linha(s) ignorada(s)');
    expect(pt.bad).toContain('Linha 1: Não parece uma pessoa');
    expect(pt.bad).toContain('Linha 2: Falta sobrenome');
    expect(pt.editor).toContain('Editar e tentar de novo');
    expect(pt.editor).toContain('interrompido: confira os créditos (INTERRUPTED)');
    expect(pt.committee).toContain('Comitê de compra');
    expect(pt.committee).toContain('Alta direção e decisores');
    expect(pt.committee).toContain('Abertura 90%');
    for (const step of buildCommittee('Acme', entries).approach) expect(pt.committee).toContain(step.pt);
  });

  it('shows every text in English when the language is English', () => {
    const en = parts('en');
    expect(en.sources).toContain('1. People');
    expect(en.sources).toContain('Import CSV or TSV');
    expect(en.sources).toContain('Paste lines');
    expect(en.sources).toMatch(/\n2\n people on the list\n/);
    expect(en.sources).toContain('Remove Ana Souza');
    expect(en.plan).toContain('2. Plan');
    expect(en.plan).toContain('Complete (2 credits per person)');
    expect(en.plan).toContain('Calculating…');
    expect(en.bad).toContain('2 rows skipped');
    expect(en.bad).toContain('Line 1: Does not look like a person');
    expect(en.bad).toContain('Line 2: Missing last name');
    expect(en.editor).toContain('Edit and try again');
    expect(en.editor).toContain('First name');
    expect(en.editor).toContain('interrupted: check your credits (INTERRUPTED)');
    expect(en.committee).toContain('Buying committee');
    expect(en.committee).toContain('C-Level / decision makers');
    expect(en.committee).toContain('Openness 90%');
    expect(en.committee).toContain('Open with the pain 2 people share: Slow onboarding.');
    expect(en.committee).toContain('Take the decision to Ana S; how they decide: by the numbers.');
    for (const [part, text] of Object.entries(en))
      expect([part, text.match(PORTUGUESE)?.[0]]).toEqual([part, undefined]);
  });

  it('words statuses and row errors in the language, the Portuguese as the export does', () => {
    for (const s of ROW_STATUSES) expect(rowStatusText('pt', s)).toBe(ROW_STATUS_LABELS[s]);
    expect(rowStatusText('en', 'cached')).toBe('from history');
    expect(JOB_LABELS.done).toEqual({ pt: 'concluído', en: 'done' });
    const failed: BatchRow = {
      id: 'f',
      input: people[0]!,
      status: 'failed',
      error: 'Dados insuficientes',
      error_code: 'INSUFFICIENT_DATA',
      apiError: {
        code: 'INSUFFICIENT_DATA',
        charged: 'no',
        action: 'add_context',
        message: { pt: 'Dados insuficientes', en: 'Not enough data' },
      },
    };
    expect(rowErrorText('pt', failed)).toBe('Dados insuficientes');
    expect(rowErrorText('en', failed)).toBe('Not enough data');
    // The service's own words for one profile come in Portuguese only.
    const { apiError: _a, ...serviceWords } = failed;
    expect(rowErrorText('en', serviceWords)).toBe('Dados insuficientes');
  });

  it('words the plan and the progress in the language', () => {
    const plan: BatchPlan = {
      people: [],
      toSend: 10,
      cached: 2,
      duplicates: 1,
      invalid: 0,
      creditsPerProfile: 2,
      cost: 20,
      balance: 8,
      fits: 4,
      short: true,
    };
    expect(planTexts('pt', plan)).toEqual({
      toSend: 'a analisar',
      cost: 'créditos · saldo 8',
      setAside: '2 do histórico (sem custo) · 1 duplicada(s) unida(s) · 0 incompleta(s) ignorada(s)',
      covers: 'O saldo cobre 4 de 10 pessoas.',
    });
    expect(planTexts('en', { ...plan, balance: null })).toEqual({
      toSend: 'to analyse',
      cost: 'credits · balance unknown',
      setAside: '2 from the history (no cost) · 1 duplicate merged · 0 incomplete, skipped',
      covers: 'The balance covers 4 of 10 people.',
    });

    const row = (status: BatchRow['status']): BatchRow => ({ id: status, input: people[0]!, status });
    const progress = progressOf({
      id: 'j',
      depth: 'complete',
      endpoint: '/crm_batch',
      creditsPerProfile: 2,
      status: 'running',
      rows: [row('done'), row('cached'), row('failed'), row('queued')],
      creditsSpent: 2,
      requests: 1,
      requestMs: 3_000,
      createdAt: 0,
      updatedAt: 0,
    });
    expect(countsText('pt', progress)).toBe(
      '2 concluídas · 1 com falha · 1 restantes · 2 créditos gastos · cerca de 3 s restantes',
    );
    expect(countsText('en', progress)).toBe(
      '2 done · 1 failed · 1 remaining · 2 credits spent · about 3 s left',
    );
  });

  it('follows the browser language until the setting is read', () => {
    vi.stubGlobal('location', { hash: '', search: '' });
    vi.stubGlobal('navigator', { language: 'en-US' });
    const en = shown(<BatchApp tabId={null} />);
    expect(en).toContain('Batch analysis');
    expect(en).toContain('1. People');
    vi.stubGlobal('navigator', { language: 'pt-BR' });
    const pt = shown(<BatchApp tabId={null} />);
    expect(pt).toContain('Análise em lote');
    expect(pt).toContain('1. Pessoas');
  });
});
