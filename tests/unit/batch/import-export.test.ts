import { emptyAnalysis } from '@/lib/analysis/normalize';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '@/lib/analysis/model';
import { batchToCsv, batchToJson } from '@/lib/batch/export';
import { ANALYSIS_COLUMNS } from '@/lib/export';
import { batchJob } from '../../fixtures/batch-job';
import { applyMapping, guessMapping, missingText, parseLines, readTable } from '@/lib/batch/import';
import { missingFields } from '@/lib/batch/plan';
import type { HistoryEntry } from '@/lib/model';

describe('CSV and TSV import', () => {
  it('understands Portuguese headers, a semicolon delimiter and lists bad rows', () => {
    const csv = [
      'Nome;Sobrenome;Empresa;Contexto',
      'Ana;Souza;Nubank;Head de Vendas',
      ';Lima;Stone;', // no first name
      'Davi;Reis;;', // no company
      'Eva;Melo;Natura;',
    ].join('\n');
    const table = readTable(csv);
    const mapping = guessMapping(table.headers);
    expect(mapping).toEqual({ first: 0, last: 1, company: 2, context: 3 });
    const { people, bad } = applyMapping(table, mapping);
    expect(people).toEqual([
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank', contexto_adicional: 'Head de Vendas' },
      { primeiro_nome: 'Eva', ultimo_nome: 'Melo', empresa: 'Natura' },
    ]);
    expect(bad.map((b) => [b.line, b.reason])).toEqual([
      [3, { pt: 'Falta nome', en: 'Missing first name' }],
      [4, { pt: 'Falta empresa', en: 'Missing company' }],
    ]);
  });

  it('understands English headers in a TSV with a byte-order mark and quoted cells', () => {
    const tsv = '\uFEFFFirst Name\tLast_Name\tCompany\tContext\nJohn\tSmith\t"Acme, Inc."\tCTO\n';
    const table = readTable(tsv);
    const mapping = guessMapping(table.headers);
    expect(mapping).toEqual({ first: 0, last: 1, company: 2, context: 3 });
    expect(applyMapping(table, mapping).people).toEqual([
      { primeiro_nome: 'John', ultimo_nome: 'Smith', empresa: 'Acme, Inc.', contexto_adicional: 'CTO' },
    ]);
  });

  it('splits a full-name column and accepts primeiro_nome/ultimo_nome headers', () => {
    const full = readTable('Nome completo,Empresa\nAna Maria Souza,Nubank\nCarla,Vtex\n');
    const result = applyMapping(full, guessMapping(full.headers));
    expect(result.people).toEqual([{ primeiro_nome: 'Ana', ultimo_nome: 'Maria Souza', empresa: 'Nubank' }]);
    expect(result.bad).toEqual([
      { line: 3, text: 'Carla, Vtex', reason: { pt: 'Falta sobrenome', en: 'Missing last name' } },
    ]);
    expect(guessMapping(['primeiro_nome', 'ultimo_nome', 'empresa'])).toEqual({
      first: 0,
      last: 1,
      company: 2,
    });
  });

  it('refuses a mapping without name or company', () => {
    const table = readTable('a,b\n1,2\n');
    const { reason } = applyMapping(table, { first: 0 }).bad[0]!;
    expect(reason.pt).toMatch(/nome e empresa/);
    expect(reason.en).toMatch(/name and company/);
  });
});

describe('missing fields', () => {
  it('words them in both languages, the Portuguese as the plan does', () => {
    const person = { primeiro_nome: ' ', ultimo_nome: '', empresa: 'Nubank' };
    expect(missingText(person)).toEqual({ pt: missingFields(person), en: 'Missing first name, last name' });
    expect(missingText({ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' })).toBeUndefined();
  });
});

describe('pasted lines', () => {
  it('reads "Name – Company", columns, and lists what is not a person', () => {
    const { people, bad } = parseLines(
      'Ana Souza – Nubank\n\nBruno\tLima\tStone\tcomprador\n12345\nCarla – Vtex\n',
    );
    expect(people).toEqual([
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
      { primeiro_nome: 'Bruno', ultimo_nome: 'Lima', empresa: 'Stone', contexto_adicional: 'comprador' },
    ]);
    expect(bad.map((b) => b.line)).toEqual([4, 5]);
    expect(bad[0]!.reason).toEqual({ pt: 'Não parece uma pessoa', en: 'Does not look like a person' });
    expect(bad[1]!.reason).toEqual({ pt: 'Falta sobrenome', en: 'Missing last name' });
  });
});

describe('export', () => {
  const analysis: Analysis = {
    ...emptyAnalysis(),
    cargo: 'CFO',
    tipoStakeholder: 'C-Level',
    interesses: ['finanças'],
    painPoints: [{ desafio: 'custo alto' }, { desafio: 'prazo' }],
    mbti: { type: 'ENTJ', strengths: [] },
    ocean: { openness: 0.7 },
    perfilProfissional: 'Executiva de finanças',
    workingStyle: 'Analítico',
    contextoNegocios: { setor: 'Serviços financeiros', tendencias: [] },
    strengths: ['negociação', 'visão de dados'],
  };
  const entry = {
    id: 'e1',
    input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    analysis,
  } as HistoryEntry;
  const job = batchJob([
    { id: '0', input: entry.input, status: 'done', entryId: 'e1' },
    {
      id: '1',
      input: { primeiro_nome: '=cmd', ultimo_nome: 'X', empresa: 'Empresa Inexistente' },
      status: 'failed',
      error: 'Perfil não encontrado',
      error_code: 'PROFILE_NOT_FOUND',
    },
  ]);
  const entries = new Map([['e1', entry]]);

  it('CSV: one row per person, Portuguese headers, key fields flattened, formulas escaped', () => {
    const csv = batchToCsv(job, entries);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<Record<string, string>>(csv.slice(1), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(Object.keys(rows[0]!)).toEqual([
      'primeiro_nome',
      'ultimo_nome',
      'empresa',
      'contexto_adicional',
      'situacao',
      'erro',
      'codigo_erro',
      ...ANALYSIS_COLUMNS.map(([h]) => h),
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      primeiro_nome: 'Ana',
      situacao: 'concluído',
      cargo: 'CFO',
      mbti: 'ENTJ',
      dores: 'custo alto; prazo',
      ocean_abertura: '0.70',
      // The four analysis columns the batch export once lacked.
      perfil_profissional: 'Executiva de finanças',
      estilo_trabalho: 'Analítico',
      setor: 'Serviços financeiros',
      pontos_fortes: 'negociação; visão de dados',
    });
    expect(rows[1]).toMatchObject({
      primeiro_nome: "'=cmd",
      situacao: 'falhou',
      erro: 'Perfil não encontrado',
      codigo_erro: 'PROFILE_NOT_FOUND',
      cargo: '',
      setor: '',
      pontos_fortes: '',
    });
  });

  it('JSON: every person with status, error or analysis', () => {
    const data = JSON.parse(batchToJson(job, entries, new Date(0))) as {
      people: Record<string, unknown>[];
      creditsSpent: number;
    };
    expect(data.creditsSpent).toBe(2);
    expect(data.people[0]).toMatchObject({ status: 'done', analysis: { cargo: 'CFO' } });
    expect(data.people[1]).toMatchObject({ status: 'failed', error_code: 'PROFILE_NOT_FOUND' });
    expect(data.people[1]).not.toHaveProperty('analysis');
  });
});
