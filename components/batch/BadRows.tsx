import type { BadRow } from '@/lib/batch/import';
import { formatNumber, tr } from '@/lib/i18n';
import { Notice } from '@/components/ui';
import { plural } from './text';
import type { Lang } from '@/lib/model';

/** Rows that could not be read as a person, with the reason; they are skipped. */
export function BadRows({ rows, lang }: { rows: BadRow[]; lang: Lang }) {
  if (!rows.length) return null;
  const n = formatNumber(lang, rows.length);
  return (
    <Notice
      tone="warning"
      title={tr(lang, {
        pt: `${n} linha(s) ignorada(s)`,
        en: `${n} ${plural(rows.length, 'row', 'rows')} skipped`,
      })}
    >
      <ul className="max-h-32 overflow-auto text-xs" data-testid="bad-rows">
        {rows.map((r) => (
          <li key={r.line}>
            {tr(lang, { pt: 'Linha', en: 'Line' })} {r.line}: {tr(lang, r.reason)} —{' '}
            <span className="text-zinc-600 dark:text-zinc-400">{r.text}</span>
          </li>
        ))}
      </ul>
    </Notice>
  );
}
