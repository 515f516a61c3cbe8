import { useEffect, useId, useState } from 'react';
import { Button, Notice, Spinner, TextField, useAction } from '@/components/ui';
import { creditsText, formatDate, tr } from '@/lib/i18n';
import { DEPTH_LABELS, personName } from '@/lib/panel/format';
import { ageText, daysSince } from '@/lib/panel/time';
import { usePanel, useSend } from './context';
import { MeetingHistory } from '@/components/meeting/MeetingHistory';
import type { HistorySummary, Lang } from '@/lib/model';

const SEARCH_DEBOUNCE_MS = 200;

/** Recent lookups, searchable; opening one reads it from the local history, offline and free. */
export function HistoryView({ lang }: { lang: Lang }) {
  const send = useSend();
  const showEntry = usePanel((s) => s.showEntry);
  const [query, setQuery] = useState('');
  const [list, load] = useAction((q: string) => send('history.list', { query: q, limit: 50 }));
  const [opening, open] = useAction(async (id: string) => {
    const entry = await send('history.get', { id });
    if (!entry)
      throw new Error(
        tr(lang, {
          pt: 'Esta análise não está mais no histórico.',
          en: 'This analysis is no longer in the history.',
        }),
      );
    showEntry(entry, 'history');
  });
  const headingId = useId();

  useEffect(() => {
    const timer = setTimeout(() => void load(query), query ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reload when the query changes
  }, [query]);

  const items: HistorySummary[] = list.status === 'success' ? list.value : [];
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="history">
      <h2 id={headingId} tabIndex={-1} className="text-sm font-semibold">
        {tr(lang, { pt: 'Histórico', en: 'History' })}
      </h2>
      <MeetingHistory lang={lang} />
      <div role="search">
        <TextField
          type="search"
          label={tr(lang, { pt: 'Buscar por nome, empresa ou cargo', en: 'Search by name, company or role' })}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          maxLength={200}
        />
      </div>
      {list.status === 'loading' && <Spinner label={tr(lang, { pt: 'Carregando', en: 'Loading' })} />}
      {list.status === 'error' && <Notice tone="danger">{tr(lang, list.error)}</Notice>}
      {opening.status === 'error' && <Notice tone="danger">{tr(lang, opening.error)}</Notice>}
      {list.status === 'success' && items.length === 0 && (
        <p className="text-sm" data-testid="history-empty">
          {query
            ? tr(lang, { pt: `Nada encontrado para “${query}”.`, en: `Nothing found for “${query}”.` })
            : tr(lang, { pt: 'Nenhuma consulta ainda.', en: 'No lookups yet.' })}
        </p>
      )}
      {items.length > 0 && (
        <ul
          className="flex flex-col gap-1.5"
          aria-label={tr(lang, { pt: 'Consultas recentes', en: 'Recent lookups' })}
        >
          {items.map((h) => (
            <li key={h.id}>
              <Button
                className="w-full justify-start! text-left"
                onClick={() => void open(h.id)}
                data-testid="history-item"
              >
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="font-medium break-words">
                    {personName(h.input)} — {h.input.empresa}
                  </span>
                  <span className="text-xs font-normal text-zinc-700 dark:text-zinc-300">
                    {[
                      h.cargo,
                      DEPTH_LABELS[h.depth][lang],
                      h.lang === 'en' ? 'English' : 'Português',
                      creditsText(lang, h.creditsCharged),
                      `${formatDate(lang, h.createdAt)} (${tr(lang, ageText(daysSince(h.createdAt, Date.now())))})`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
