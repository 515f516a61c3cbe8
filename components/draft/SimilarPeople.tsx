import { useSend } from '@/components/panel/context';
import { useEffect } from 'react';
import { Button, Notice, Spinner, useAction } from '@/components/ui';
import { formatNumber, tr, useLang } from '@/lib/i18n';

/** How often the answer is asked again while the history is being embedded. */
const REFRESH_MS = 1500;

/** "Pessoas parecidas que você já analisou": from the history's embeddings, at no credit cost. */
export function SimilarPeople({ entryId, onOpen }: { entryId: string; onOpen(id: string): void }) {
  const send = useSend();
  const lang = useLang();
  const [state, load] = useAction(() => send('draft.similar', { entryId }));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per entry
  }, [entryId]);
  // While the rest of the history is embedded in the background, the answer is asked again now and then.
  const filling = state.status === 'success' ? state.value.filling : null;
  useEffect(() => {
    if (!filling) return;
    const again = setTimeout(() => void load(), REFRESH_MS);
    return () => clearTimeout(again);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- each answer still filling asks once more
  }, [filling]);

  return (
    <section className="flex flex-col gap-2" aria-labelledby="similar-title" data-testid="similar-people">
      <h2 id="similar-title" className="text-base font-semibold">
        {tr(lang, {
          pt: 'Pessoas parecidas que você já analisou',
          en: 'People like this one you already analysed',
        })}
      </h2>
      {state.status === 'loading' && <Spinner label={tr(lang, { pt: 'Procurando', en: 'Searching' })} />}
      {state.status === 'error' && (
        <Notice
          tone="danger"
          action={
            <Button size="sm" onClick={() => void load()}>
              {tr(lang, { pt: 'Tentar de novo', en: 'Try again' })}
            </Button>
          }
        >
          {tr(lang, state.error)}
        </Notice>
      )}
      {filling && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" role="status" data-testid="similar-filling">
          {tr(lang, {
            pt: `Comparando com o histórico: ${formatNumber(lang, filling.done)} de ${formatNumber(lang, filling.total)} análises preparadas.`,
            en: `Comparing with the history: ${formatNumber(lang, filling.done)} of ${formatNumber(lang, filling.total)} analyses prepared.`,
          })}
        </p>
      )}
      {state.status === 'success' &&
        (state.value.people.length === 0 ? (
          filling ? null : (
            <p className="text-sm text-zinc-700 dark:text-zinc-300">
              {tr(lang, {
                pt: 'Ainda não há outras pessoas no histórico para comparar.',
                en: 'No other people in the history to compare with yet.',
              })}
            </p>
          )
        ) : (
          <ul className="flex flex-col gap-1">
            {state.value.people.map((p) => (
              <li key={p.id}>
                <Button
                  variant="ghost"
                  size="sm"
                  className="w-full justify-between text-left"
                  onClick={() => onOpen(p.id)}
                >
                  <span>
                    {p.name} · {p.cargo ? `${p.cargo}, ` : ''}
                    {p.company}
                  </span>
                  <span className="text-xs text-zinc-600 dark:text-zinc-400">
                    {tr(lang, { pt: 'semelhança', en: 'similarity' })}{' '}
                    {formatNumber(lang, Math.round(Math.max(0, p.score) * 100))}%
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        ))}
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        {tr(lang, { pt: 'Sem custo de créditos.', en: 'No credits spent.' })}
      </p>
    </section>
  );
}
