import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '@/lib/analysis/model';
import { ANALYSIS_COLUMNS, EXPORT_FORMAT, exportFileName, historyCsvWriter, jsonWriter } from '@/lib/export';
import type { HistoryEntry } from '@/lib/model';
import { batchJob } from '../../fixtures/batch-job';
import { historyToCsv, historyToJson } from '../export-oracle';

const analysis: Analysis = {
  cargo: 'Diretora Comercial',
  tipoStakeholder: 'C-Level',
  interesses: ['vendas B2B', 'liderança'],
  painPoints: [{ desafio: 'Ciclo de vendas longo' }, { desafio: 'Previsibilidade' }],
  motivadores: [{ texto: 'Crescimento' }],
  ganhosProcurados: [],
  prioridades: [],
  linguagemImpacto: ['resultado'],
  ocean: { openness: 0.8, neuroticism: 0.25 },
  mbti: { type: 'ENTJ', strengths: [] },
  strengths: [],
  buildingTrust: [],
  dynamicPainPoints: [],
};

const entry = (over: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: 'h1',
  personKey: 'ana souza|nubank',
  input: {
    primeiro_nome: 'Ana',
    ultimo_nome: 'Souza',
    empresa: 'Nubank',
    contexto_adicional: 'reunião, "Q3"',
  },
  depth: 'complete',
  lang: 'pt',
  endpoint: '/crm',
  creditsCharged: 2,
  createdAt: Date.UTC(2025, 4, 6, 12, 0, 0),
  analysis,
  issues: [],
  ...over,
});

describe('history export', () => {
  it('JSON keeps every entry whole, with a format marker', () => {
    const entries = [entry(), entry({ id: 'h2' })];
    const parsed = JSON.parse(historyToJson(entries, new Date('2025-05-07T00:00:00Z')));
    expect(parsed).toMatchObject({
      format: EXPORT_FORMAT,
      version: 1,
      exportedAt: '2025-05-07T00:00:00.000Z',
      count: 2,
    });
    expect(parsed.entries).toEqual(entries);
  });

  it('CSV has one row per lookup, Portuguese headers, and reads back with its accents and quotes', () => {
    const csv = historyToCsv([
      entry(),
      entry({ id: 'h2', input: { primeiro_nome: 'João', ultimo_nome: '', empresa: 'Ação S.A.' } }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const { data } = Papa.parse<Record<string, string>>(csv.slice(1), { header: true, skipEmptyLines: true });
    expect(Object.keys(data[0]!)).toEqual([
      'data',
      'primeiro_nome',
      'ultimo_nome',
      'empresa',
      'contexto_adicional',
      'profundidade',
      'idioma',
      'endpoint',
      'creditos_cobrados',
      'creditos_cotados',
      'aviso_cobranca',
      'cobranca_implausivel_informada',
      ...ANALYSIS_COLUMNS.map(([h]) => h),
      'id',
    ]);
    expect(data).toHaveLength(2);
    expect(data[0]).toMatchObject({
      data: '2025-05-06T12:00:00.000Z',
      primeiro_nome: 'Ana',
      empresa: 'Nubank',
      contexto_adicional: 'reunião, "Q3"',
      creditos_cobrados: '2',
      cargo: 'Diretora Comercial',
      mbti: 'ENTJ',
      ocean_abertura: '0.80',
      ocean_neuroticismo: '0.25',
      ocean_extroversao: '',
      interesses: 'vendas B2B; liderança',
      dores: 'Ciclo de vendas longo; Previsibilidade',
      id: 'h1',
    });
    expect(data[1]).toMatchObject({ primeiro_nome: 'João', empresa: 'Ação S.A.' });
  });

  it('CSV neutralises cells a spreadsheet would run as formulas', () => {
    const csv = historyToCsv([
      entry({ input: { primeiro_nome: '=HYPERLINK("x")', ultimo_nome: '', empresa: '+cmd' } }),
    ]);
    const { data } = Papa.parse<Record<string, string>>(csv.slice(1), { header: true });
    expect(data[0]!.primeiro_nome).toBe(`'=HYPERLINK("x")`);
    expect(data[0]!.empresa).toBe(`'+cmd`);
  });

  it('names the file after the day', () => {
    expect(exportFileName('csv', new Date('2025-05-07T10:00:00Z'))).toBe(
      'perfil-intel-historico-2025-05-07.csv',
    );
  });
});

describe('one table of analysis columns', () => {
  const headersOf = (csv: string) => Papa.parse(csv.slice(1), { header: true }).meta.fields ?? [];

  it('the history and batch exports write the same analysis columns, in the same order', async () => {
    const { batchToCsv } = await import('@/lib/batch/export');
    const analysisHeaders = ANALYSIS_COLUMNS.map(([h]) => h);
    const run = (headers: string[]) => {
      const at = headers.indexOf(analysisHeaders[0]!);
      return headers.slice(at, at + analysisHeaders.length);
    };
    const job = batchJob([{ id: '0', input: entry().input, status: 'done', entryId: 'h1' }]);
    const batchCsv = batchToCsv(job, new Map([['h1', entry()]]));
    expect(run(headersOf(historyToCsv([entry()])))).toEqual(analysisHeaders);
    expect(run(headersOf(batchCsv))).toEqual(analysisHeaders);
    expect(analysisHeaders).toEqual(
      expect.arrayContaining(['perfil_profissional', 'estilo_trabalho', 'setor', 'pontos_fortes']),
    );
    // The same analysis gives the same cells in both files.
    const history = Papa.parse<Record<string, string>>(historyToCsv([entry()]).slice(1), { header: true });
    const batch = Papa.parse<Record<string, string>>(batchCsv.slice(1), { header: true });
    for (const h of analysisHeaders) expect(batch.data[0]![h], h).toBe(history.data[0]![h]);
  });
});

describe('history export a page at a time', () => {
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      entry({ id: `h${i}`, input: { primeiro_nome: `Pessoa ${i}`, ultimo_nome: '', empresa: '=SOMA(1)' } }),
    );

  it('writes, page by page, the file one call writes: the head laid out, one compact entry per line', () => {
    const at = new Date('2025-05-07T00:00:00Z');
    for (const [n, size] of [
      [0, 3],
      [1, 3],
      [7, 3],
      [9, 3],
    ] as const) {
      const entries = many(n);
      const w = jsonWriter(at);
      let text = w.start;
      for (let i = 0; i < n; i += size) text += w.part(entries.slice(i, i + size));
      text += w.end();
      expect(text).toBe(historyToJson(entries, at));
      expect(JSON.parse(text)).toEqual({
        format: EXPORT_FORMAT,
        version: 1,
        exportedAt: at.toISOString(),
        entries,
        count: n,
      });
      const lines = text.split('\n');
      expect(lines.slice(0, 5)).toEqual([
        '{',
        `  "format": "${EXPORT_FORMAT}",`,
        '  "version": 1,',
        `  "exportedAt": "${at.toISOString()}",`,
        n ? '  "entries": [' : '  "entries": [],',
      ]);
      expect(lines.filter((l) => l.startsWith('    {')).map((l) => JSON.parse(l.replace(/,$/, '')))).toEqual(
        entries,
      );
    }
  });

  it('CSV pages join into the same file, header once, formulas escaped', () => {
    const entries = many(7);
    const w = historyCsvWriter();
    let text = w.start;
    for (let i = 0; i < entries.length; i += 3) text += w.part(entries.slice(i, i + 3));
    text += w.part([]);
    expect(text).toBe(historyToCsv(entries));
    const { data } = Papa.parse<Record<string, string>>(text.slice(1), {
      header: true,
      skipEmptyLines: true,
    });
    expect(data.map((r) => r.id)).toEqual(entries.map((e) => e.id));
    expect(data[0]!.empresa).toBe("'=SOMA(1)");
  });
});
