import { Button, Card, useStored } from '@/components/ui';
import { formatDate, tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';
import { meetingBriefs } from '@/lib/storage';
import { MeetingBriefView } from './MeetingBriefView';
import { useMeeting, useMeetingStore } from './useMeeting';

/** The meeting briefs kept, newest first: each opens again from the history, at no cost. */
export function MeetingHistory({ lang }: { lang: Lang }) {
  const store = useMeetingStore();
  const open = useMeeting(store, (s) => s.open);
  const openBrief = useMeeting(store, (s) => s.openBrief);
  const closeBrief = useMeeting(store, (s) => s.closeBrief);
  const briefs = Object.values(useStored(meetingBriefs) ?? {}).sort((a, b) => b.createdAt - a.createdAt);
  if (open) return <MeetingBriefView store={store} lang={lang} onBack={closeBrief} />;
  if (!briefs.length) return null;
  return (
    <Card className="p-3" data-testid="meeting-history">
      <h3 className="text-sm font-semibold">
        {tr(lang, { pt: 'Reuniões preparadas', en: 'Prepared meetings' })}
      </h3>
      <ul className="mt-1 space-y-1">
        {briefs.map((b) => (
          <li key={b.id} className="flex items-center justify-between gap-2 text-sm">
            <span className="min-w-0 truncate">
              {b.title || tr(lang, { pt: 'Reunião sem título', en: 'Untitled meeting' })}
              <span className="text-xs text-zinc-600 dark:text-zinc-400">
                {' '}
                · {b.when || formatDate(lang, b.createdAt)} · {b.people.length}
              </span>
            </span>
            <span className="flex shrink-0 gap-1">
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void openBrief(b)}
                data-testid="meeting-history-open"
              >
                {tr(lang, { pt: 'Abrir', en: 'Open' })}
              </Button>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => void meetingBriefs.update(({ [b.id]: _gone, ...rest }) => rest)}
                data-testid="meeting-history-delete"
              >
                {tr(lang, { pt: 'Apagar', en: 'Delete' })}
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
