import { useMemo, useState } from 'react';
import {
  FIELDS,
  FIELD_LABELS,
  applyMapping,
  guessMapping,
  readTable,
  type Mapping,
  type Table,
} from '@/lib/batch/import';
import { formatNumber, tr } from '@/lib/i18n';
import { Button, Card } from '@/components/ui';
import { BadRows } from './BadRows';
import { plural } from './text';
import type { Lang, LookupInput } from '@/lib/model';

const PREVIEW_ROWS = 5;

/** A CSV or TSV file: columns mapped (guessed from the headers), a preview, and the bad rows listed. */
export function CsvImport({ onAdd, lang }: { onAdd: (p: LookupInput[]) => void; lang: Lang }) {
  const [table, setTable] = useState<Table | null>(null);
  const [mapping, setMapping] = useState<Mapping>({});
  const result = useMemo(() => (table ? applyMapping(table, mapping) : null), [table, mapping]);

  async function load(file: File) {
    const t = readTable(await file.text());
    setTable(t);
    setMapping(guessMapping(t.headers));
  }

  return (
    <Card className="space-y-2 p-4">
      <label htmlFor="csv-file" className="font-medium">
        {tr(lang, { pt: 'Importar CSV ou TSV', en: 'Import CSV or TSV' })}
      </label>
      <input
        id="csv-file"
        type="file"
        accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values"
        className="block w-full text-sm"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void load(file);
        }}
      />
      {table && result && (
        <>
          <fieldset className="grid grid-cols-2 gap-2 text-sm">
            <legend className="sr-only">{tr(lang, { pt: 'Colunas', en: 'Columns' })}</legend>
            {FIELDS.map((f) => (
              <label key={f} className="flex flex-col">
                {tr(lang, FIELD_LABELS[f])}
                <select
                  className="rounded border border-zinc-300 p-1 dark:border-zinc-600 dark:bg-zinc-900"
                  value={mapping[f] ?? ''}
                  onChange={(e) => {
                    const { [f]: _old, ...rest } = mapping;
                    setMapping(e.target.value === '' ? rest : { ...rest, [f]: Number(e.target.value) });
                  }}
                >
                  <option value="">—</option>
                  {table.headers.map((h, i) => (
                    <option key={i} value={i}>
                      {h || tr(lang, { pt: `Coluna ${i + 1}`, en: `Column ${i + 1}` })}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </fieldset>
          <table className="w-full text-xs" aria-label={tr(lang, { pt: 'Prévia', en: 'Preview' })}>
            <thead>
              <tr>
                <th className="text-left">{tr(lang, { pt: 'Nome', en: 'First name' })}</th>
                <th className="text-left">{tr(lang, FIELD_LABELS.last)}</th>
                <th className="text-left">{tr(lang, FIELD_LABELS.company)}</th>
              </tr>
            </thead>
            <tbody>
              {result.people.slice(0, PREVIEW_ROWS).map((p, i) => (
                <tr key={i}>
                  <td>{p.primeiro_nome}</td>
                  <td>{p.ultimo_nome}</td>
                  <td>{p.empresa}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <BadRows rows={result.bad} lang={lang} />
          <Button
            size="sm"
            disabled={!result.people.length}
            onClick={() => {
              onAdd(result.people);
              setTable(null);
            }}
          >
            {tr(lang, {
              pt: `Adicionar ${formatNumber(lang, result.people.length)} pessoas`,
              en: `Add ${formatNumber(lang, result.people.length)} ${plural(result.people.length, 'person', 'people')}`,
            })}
          </Button>
        </>
      )}
    </Card>
  );
}
