import { unreadFields } from '@/lib/analysis/issues';
import { tr } from '@/lib/i18n';
import type { Lang } from '@/lib/model';

/**
 * What the reader could not read from the service's answer, said quietly with the fields on request: the rest of
 * the analysis is shown as read. The reasons are the reader's, in Portuguese, so the English UI names the fields only.
 */
export function UnreadFields({ issues, lang }: { issues: readonly string[]; lang: Lang }) {
  const { count, fields } = unreadFields(issues);
  if (!count) return null;
  return (
    <details className="text-xs text-zinc-600 dark:text-zinc-400 print:hidden" data-testid="unread-fields">
      <summary className="cursor-pointer" title={fields.map((f) => f.field).join(', ')}>
        {count === 1
          ? tr(lang, { pt: '1 campo não pôde ser lido', en: '1 field could not be read' })
          : tr(lang, {
              pt: `${count} campos não puderam ser lidos`,
              en: `${count} fields could not be read`,
            })}
      </summary>
      <ul className="mt-1 list-disc pl-5">
        {fields.map((f, i) => (
          <li key={i}>
            <code>{f.field}</code>
            {lang === 'pt' && f.reason && ` — ${f.reason}`}
          </li>
        ))}
        {count > fields.length && (
          <li>
            {tr(lang, {
              pt: `e mais ${count - fields.length}`,
              en: `and ${count - fields.length} more`,
            })}
          </li>
        )}
      </ul>
    </details>
  );
}
