import { useEffect, useState } from 'react';
import type { Candidate } from '@/lib/extract/types';
import { candidateToInput, withContext } from '@/lib/batch/from-page';
import { parseLines, type BadRow } from '@/lib/batch/import';
import { formatNumber, tr } from '@/lib/i18n';
import { send } from '@/lib/send';
import { Button, Card, Notice, Spinner } from '@/components/ui';
import { BadRows } from './BadRows';
import { CsvImport } from './CsvImport';
import { plural } from './text';
import type { Lang, LookupInput, Text } from '@/lib/model';

const nameOf = (p: LookupInput) => `${p.primeiro_nome} ${p.ultimo_nome}`.trim();

/** Where the people come from: the tab's detected people, a CSV/TSV file, pasted lines. The list is editable. */
export function Sources({
  tabId,
  people,
  onChange,
  lang,
}: {
  tabId: number | null;
  people: LookupInput[];
  onChange: (people: LookupInput[]) => void;
  lang: Lang;
}) {
  const add = (more: LookupInput[]) => onChange([...people, ...more]);
  return (
    <section aria-labelledby="sources-title" className="space-y-4">
      <h2 id="sources-title" className="text-lg font-semibold">
        {tr(lang, { pt: '1. Pessoas', en: '1. People' })}
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        {tabId !== null && <Detected tabId={tabId} onAdd={add} lang={lang} />}
        <CsvImport onAdd={add} lang={lang} />
        <Paste onAdd={add} lang={lang} />
      </div>
      {people.length > 0 && (
        <Card className="space-y-2 p-4">
          <div className="flex items-center justify-between">
            <p>
              <strong data-testid="people-count">{formatNumber(lang, people.length)}</strong>{' '}
              {tr(lang, {
                pt: 'pessoas na lista',
                en: `${plural(people.length, 'person', 'people')} on the list`,
              })}
            </p>
            <Button size="sm" variant="ghost" onClick={() => onChange([])}>
              {tr(lang, { pt: 'Limpar lista', en: 'Clear list' })}
            </Button>
          </div>
          <ul className="max-h-48 overflow-auto text-sm">
            {people.map((p, i) => (
              <li key={i} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                <span>
                  {nameOf(p)} — {p.empresa}
                </span>
                {/* The context sent with this person (the page's role, or a CSV column): editable before the plan. */}
                <input
                  className="min-w-0 flex-1 rounded border border-zinc-300 px-1 text-xs dark:border-zinc-600 dark:bg-zinc-900"
                  aria-label={tr(lang, { pt: `Contexto de ${nameOf(p)}`, en: `Context for ${nameOf(p)}` })}
                  placeholder={tr(lang, { pt: 'contexto (cargo, cidade…)', en: 'context (role, city…)' })}
                  maxLength={1000}
                  value={p.contexto_adicional ?? ''}
                  onChange={(e) => onChange(withContext(people, i, e.target.value))}
                />
                <button
                  type="button"
                  className="text-xs underline"
                  aria-label={tr(lang, { pt: `Remover ${nameOf(p)}`, en: `Remove ${nameOf(p)}` })}
                  onClick={() => onChange(people.filter((_, j) => j !== i))}
                >
                  {tr(lang, { pt: 'remover', en: 'remove' })}
                </button>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

const UNREADABLE: Text = {
  pt: 'Não foi possível ler as pessoas desta página.',
  en: 'Could not read the people on this page.',
};

function Detected({ tabId, onAdd, lang }: { tabId: number; onAdd: (p: LookupInput[]) => void; lang: Lang }) {
  const [found, setFound] = useState<Candidate[] | null>(null);
  const [problem, setProblem] = useState<Text | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  useEffect(() => {
    send('detect', { tabId })
      .then((r) => {
        if (r.ok) {
          setFound(r.candidates);
          setChecked(new Set(r.candidates.map((_, i) => i)));
        } else setProblem(UNREADABLE);
      })
      .catch(() => setProblem(UNREADABLE));
  }, [tabId]);
  const all = found !== null && found.length > 0 && checked.size === found.length;
  return (
    <Card className="space-y-2 p-4">
      <h3 className="font-medium">{tr(lang, { pt: 'Pessoas da página', en: 'People on the page' })}</h3>
      {problem && <Notice tone="warning">{tr(lang, problem)}</Notice>}
      {!found && !problem && <Spinner label={tr(lang, { pt: 'Lendo a página…', en: 'Reading the page…' })} />}
      {found && (
        <>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={all}
              onChange={() => setChecked(all ? new Set() : new Set(found.map((_, i) => i)))}
            />
            {tr(lang, { pt: 'Selecionar todas', en: 'Select all' })} ({formatNumber(lang, found.length)})
          </label>
          <ul className="max-h-48 space-y-1 overflow-auto text-sm">
            {found.map((c, i) => (
              <li key={i}>
                <label className="flex items-center gap-2">
                  <input
                    type="checkbox"
                    checked={checked.has(i)}
                    onChange={() => {
                      const next = new Set(checked);
                      if (!next.delete(i)) next.add(i);
                      setChecked(next);
                    }}
                  />
                  {`${c.primeiro_nome} ${c.ultimo_nome}`.trim()} —{' '}
                  {c.empresa || tr(lang, { pt: 'sem empresa', en: 'no company' })}
                  {c.cargo && <span className="text-zinc-600 dark:text-zinc-400"> · {c.cargo}</span>}
                </label>
              </li>
            ))}
          </ul>
          <Button
            size="sm"
            disabled={!checked.size}
            onClick={() => onAdd(found.filter((_, i) => checked.has(i)).map(candidateToInput))}
          >
            {tr(lang, {
              pt: `Adicionar ${formatNumber(lang, checked.size)} selecionadas`,
              en: `Add ${formatNumber(lang, checked.size)} selected`,
            })}
          </Button>
        </>
      )}
    </Card>
  );
}

function Paste({ onAdd, lang }: { onAdd: (p: LookupInput[]) => void; lang: Lang }) {
  const [text, setText] = useState('');
  const [bad, setBad] = useState<BadRow[]>([]);
  return (
    <Card className="space-y-2 p-4">
      <label htmlFor="paste" className="font-medium">
        {tr(lang, { pt: 'Colar linhas', en: 'Paste lines' })}
      </label>
      <textarea
        id="paste"
        className="h-28 w-full rounded border border-zinc-300 p-2 text-sm dark:border-zinc-600 dark:bg-zinc-900"
        placeholder={tr(lang, {
          pt: 'Ana Souza – Nubank\nBruno;Lima;Stone;contexto',
          en: 'Ana Souza – Nubank\nBruno;Lima;Stone;context',
        })}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        size="sm"
        disabled={!text.trim()}
        onClick={() => {
          const result = parseLines(text);
          setBad(result.bad);
          onAdd(result.people);
          setText('');
        }}
      >
        {tr(lang, { pt: 'Adicionar linhas', en: 'Add lines' })}
      </Button>
      <BadRows rows={bad} lang={lang} />
    </Card>
  );
}
