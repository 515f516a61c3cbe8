import { useSend } from '@/components/panel/context';
import { useEffect } from 'react';
import { Button, Notice, Spinner, useAction } from '@/components/ui';
import { formatNumber, tr, useLang } from '@/lib/i18n';

/** "Pessoas parecidas que você já analisou": from the history's embeddings, at no credit cost. */
export function SimilarPeople({ entryId, onOpen }: { entryId: string; onOpen(id: string): void }) {
  const send = useSend();
  const lang = useLang();
  const [state, load] = useAction(() => send('draft.similar', { entryId }));
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per entry
  }, [entryId]);

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
      {state.status === 'success' &&
        (state.value.length === 0 ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            {tr(lang, {
              pt: 'Ainda não há outras pessoas no histórico para comparar.',
              en: 'No other people in the history to compare with yet.',
            })}
          </p>
        ) : (
          <ul className="flex flex-col gap-1">
            {state.value.map((p) => (
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
