import Papa from 'papaparse';
import { parseSelection } from '@/lib/extract/selection';
import { missingFields } from './plan';
import type { LookupInput, Text } from '@/lib/model';
import { fold, tidy } from '@/lib/text';

/*
 * People from a CSV or TSV file (columns mapped by the user, guessed from Portuguese or English headers) and
 * from pasted lines. Rows that cannot be read as a person are listed with the reason and skipped.
 */

export const FIELDS = ['first', 'last', 'full', 'company', 'context'] as const;
export type ImportField = (typeof FIELDS)[number];
export type Mapping = Partial<Record<ImportField, number>>;

export const FIELD_LABELS: Record<ImportField, Text> = {
  first: { pt: 'Primeiro nome', en: 'First name' },
  last: { pt: 'Sobrenome', en: 'Last name' },
  full: { pt: 'Nome completo', en: 'Full name' },
  company: { pt: 'Empresa', en: 'Company' },
  context: { pt: 'Contexto', en: 'Context' },
};

const HEADERS: Record<ImportField, string[]> = {
  first: ['nome', 'primeiro nome', 'primeiro_nome', 'first name', 'firstname', 'first_name', 'given name'],
  last: [
    'sobrenome',
    'ultimo nome',
    'ultimo_nome',
    'last name',
    'lastname',
    'last_name',
    'surname',
    'family name',
  ],
  full: ['nome completo', 'full name', 'fullname', 'name', 'pessoa', 'contato', 'contact'],
  company: [
    'empresa',
    'company',
    'company name',
    'organizacao',
    'organization',
    'organisation',
    'companhia',
    'conta',
    'account',
  ],
  context: [
    'contexto',
    'contexto adicional',
    'contexto_adicional',
    'context',
    'additional context',
    'observacoes',
    'notes',
  ],
};

/** Text fields are capped as the background caps them; a rejected row is shown up to `row` characters. */
const MAX = { name: 200, context: 1000, row: 500 };

export interface Table {
  headers: string[];
  rows: string[][];
}

export interface BadRow {
  /** 1-based line in the file or the pasted text. */
  line: number;
  text: string;
  reason: Text;
}

export interface ImportResult {
  people: LookupInput[];
  bad: BadRow[];
}

const NO_COLUMNS: Text = {
  pt: 'Indique as colunas de nome e empresa',
  en: 'Choose the name and company columns',
};
const NOT_A_PERSON: Text = { pt: 'Não parece uma pessoa', en: 'Does not look like a person' };

/** What a person lacks to be sent, in both languages (the Portuguese as the plan words it). */
export function missingText(p: LookupInput): Text | undefined {
  const pt = missingFields(p);
  if (!pt) return undefined;
  const missing = [
    !p.primeiro_nome.trim() && 'first name',
    !p.ultimo_nome.trim() && 'last name',
    !p.empresa.trim() && 'company',
  ].filter(Boolean);
  return { pt, en: `Missing ${missing.join(', ')}` };
}

const headerKey = (h: string) =>
  fold(h)
    .replace(/[_\-.]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The first line holds the headers; the delimiter (comma, semicolon, tab) is detected. */
export function readTable(text: string): Table {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = parsed.data;
  return { headers: headers.map((h) => tidy(h)), rows };
}

export function guessMapping(headers: string[]): Mapping {
  const mapping: Mapping = {};
  const keys = headers.map(headerKey);
  for (const field of FIELDS) {
    const i = keys.findIndex((k) => HEADERS[field].includes(k));
    if (i >= 0 && !Object.values(mapping).includes(i)) mapping[field] = i;
  }
  // A full-name column is only needed when first and last are not given apart.
  if (mapping.first !== undefined && mapping.last !== undefined) delete mapping.full;
  return mapping;
}

/** Cleaned exactly as text read from a page is (the extractors' cleaner). */
const cell = (row: string[], i: number | undefined, max: number) =>
  i === undefined ? '' : tidy(row[i] ?? '', max);

/** Splits "Ana Maria Souza" into "Ana" and "Maria Souza". */
function splitName(full: string): [string, string] {
  const [first = '', ...rest] = full.split(' ');
  return [first, rest.join(' ')];
}

function toPerson(first: string, last: string, company: string, context: string): LookupInput {
  return {
    primeiro_nome: first,
    ultimo_nome: last,
    empresa: company,
    ...(context && { contexto_adicional: context }),
  };
}

export function applyMapping(table: Table, mapping: Mapping): ImportResult {
  const people: LookupInput[] = [];
  const bad: BadRow[] = [];
  if (mapping.company === undefined || (mapping.first === undefined && mapping.full === undefined)) {
    return {
      people,
      bad: [{ line: 1, text: table.headers.join(', '), reason: NO_COLUMNS }],
    };
  }
  table.rows.forEach((row, i) => {
    let first = cell(row, mapping.first, MAX.name);
    let last = cell(row, mapping.last, MAX.name);
    if (mapping.full !== undefined && !first) [first, last] = splitName(cell(row, mapping.full, MAX.name));
    else if (!last && mapping.last === undefined) [first, last] = splitName(first);
    const person = toPerson(
      first,
      last,
      cell(row, mapping.company, MAX.name),
      cell(row, mapping.context, MAX.context),
    );
    const reason = missingText(person);
    if (reason) bad.push({ line: i + 2, text: tidy(row.join(', '), MAX.row), reason });
    else people.push(person);
  });
  return { people, bad };
}

/**
 * One person per line: "Ana Souza – Nubank", "Ana Souza, Head of Sales at Nubank", or columns separated by
 * tabs or semicolons (first name, last name, company, context).
 */
export function parseLines(text: string): ImportResult {
  const people: LookupInput[] = [];
  const bad: BadRow[] = [];
  text.split(/\r\n?|\n/).forEach((raw, i) => {
    const line = tidy(raw, MAX.row);
    if (!line) return;
    const cells = raw.split(/\t|;/);
    let person: LookupInput | null = null;
    if (cells.length >= 3) {
      const [first, last, company, context] = [0, 1, 2, 3].map((n) =>
        cell(cells, n, n === 3 ? MAX.context : MAX.name),
      ) as [string, string, string, string];
      person = toPerson(first, last, company, context);
    } else {
      const c = parseSelection(line);
      if (c) person = toPerson(c.primeiro_nome, c.ultimo_nome, c.empresa, '');
    }
    const reason = person ? missingText(person) : NOT_A_PERSON;
    if (person && !reason) people.push(person);
    else bad.push({ line: i + 1, text: line, reason: reason ?? NOT_A_PERSON });
  });
  return { people, bad };
}
