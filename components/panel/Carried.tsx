import { Button } from '@/components/ui';
import { showDraft } from '@/components/draft/anchor';
import { tr } from '@/lib/i18n';
import { writesHere } from '@/lib/panel/carry';
import { personName } from '@/lib/panel/format';
import type { Lang } from '@/lib/model';
import { usePanel } from './context';

function hostOf(url: string) {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/**
 * Over an analysis that followed the seller to another page (where they write, or where nobody else is): whose it
 * is, where the seller is now, the way to the draft where they write, and the way to this page's own people.
 */
export function CarriedNotice({ lang }: { lang: Lang }) {
  const screen = usePanel((s) => s.screen);
  const url = usePanel((s) => ('url' in s.detection ? s.detection.url : ''));
  const readPage = usePanel((s) => s.readPage);
  if (screen.kind !== 'result' || !screen.carried) return null;
  const host = hostOf(url);
  const who = personName(screen.entry.input);
  const writing = writesHere(url);
  return (
    <div
      role="status"
      data-testid="carried"
      className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-xs text-indigo-950 dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100"
    >
      <span>
        {writing
          ? tr(lang, {
              pt: `Rascunho para ${who} · você está em ${host}`,
              en: `Draft for ${who} · you are on ${host}`,
            })
          : host
            ? tr(lang, {
                pt: `Análise e rascunhos de ${who} · você está em ${host}`,
                en: `${who}'s analysis and drafts · you are on ${host}`,
              })
            : tr(lang, { pt: `Análise e rascunhos de ${who}`, en: `${who}'s analysis and drafts` })}
      </span>
      <span className="flex gap-1">
        {writing && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => showDraft({ focus: true })}
            data-testid="go-to-draft"
          >
            {tr(lang, { pt: 'Ir para o rascunho', en: 'Go to the draft' })}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={readPage} data-testid="read-page">
          {tr(lang, { pt: 'Ler esta página', en: 'Read this page' })}
        </Button>
      </span>
    </div>
  );
}
