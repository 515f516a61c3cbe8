import { Badge, Card, Notice } from '@/components/ui';
import { tr } from '@/lib/i18n';
import type { MeetingState, Row } from '@/lib/meeting/store';
import type { Lang } from '@/lib/model';

const input =
  'w-full min-w-0 rounded border border-zinc-300 px-1.5 py-1 text-sm dark:border-zinc-600 dark:bg-zinc-900';

function PersonRow({
  row,
  lang,
  onToggle,
  onEdit,
}: {
  row: Row;
  lang: Lang;
  onToggle: () => void;
  onEdit: (patch: Partial<Row['input']>) => void;
}) {
  const label = (pt: string, en: string) => `${tr(lang, { pt, en })} (${row.email})`;
  return (
    <li
      className="space-y-1 border-b border-zinc-100 py-2 last:border-0 dark:border-zinc-800"
      data-testid="meeting-person"
      data-email={row.email}
    >
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={row.selected}
          onChange={onToggle}
          aria-label={label('Incluir', 'Include')}
        />
        <span className="font-medium">
          {`${row.input.primeiro_nome} ${row.input.ultimo_nome}`.trim() ||
            tr(lang, { pt: 'Sem nome', en: 'No name' })}
        </span>
        {row.organizer && <Badge tone="info">{tr(lang, { pt: 'organizador', en: 'organizer' })}</Badge>}
        {row.optional && <Badge tone="neutral">{tr(lang, { pt: 'opcional', en: 'optional' })}</Badge>}
        {row.named === 'address' && (
          <Badge tone="neutral">{tr(lang, { pt: 'nome lido do e-mail', en: 'name from the address' })}</Badge>
        )}
      </label>
      <div className="grid grid-cols-3 gap-1 pl-6">
        <input
          className={input}
          value={row.input.primeiro_nome}
          aria-label={label('Nome', 'First name')}
          onChange={(e) => onEdit({ primeiro_nome: e.target.value })}
        />
        <input
          className={input}
          value={row.input.ultimo_nome}
          aria-label={label('Sobrenome', 'Last name')}
          onChange={(e) => onEdit({ ultimo_nome: e.target.value })}
        />
        <input
          className={input}
          value={row.input.empresa}
          aria-label={label('Empresa', 'Company')}
          placeholder={tr(lang, { pt: 'Empresa', en: 'Company' })}
          onChange={(e) => onEdit({ empresa: e.target.value })}
        />
      </div>
    </li>
  );
}

/** No one on the meeting is external, and where to look if a colleague is. */
export function NobodyExternal({ lang }: { lang: Lang }) {
  return (
    <Notice
      tone="neutral"
      title={tr(lang, {
        pt: 'Nenhum participante externo nesta reunião.',
        en: 'No external attendees in this meeting.',
      })}
    >
      <span data-testid="meeting-nobody">
        {tr(lang, {
          pt: 'Só aparecem você, colegas da sua empresa, salas ou listas. Se algum colega for de fora, ajuste "Domínios da minha empresa" nas opções.',
          en: 'Only you, colleagues from your company, rooms or lists are on it. If a colleague is external, adjust "My company domains" in the options.',
        })}
      </span>
    </Notice>
  );
}

/** One list of the meeting's people (external, or who declined), each included or not, name and company editable. */
export function PeopleCard({
  title,
  rows,
  testId,
  lang,
  onToggle,
  onEdit,
}: {
  title: string;
  rows: Row[];
  testId: string;
  lang: Lang;
  onToggle: (email: string) => void;
  onEdit: (email: string, patch: Partial<Row['input']>) => void;
}) {
  return (
    <Card className="p-3">
      <h3 className="text-sm font-semibold">{title}</h3>
      <ul data-testid={testId}>
        {rows.map((r) => (
          <PersonRow
            key={r.email}
            row={r}
            lang={lang}
            onToggle={() => onToggle(r.email)}
            onEdit={(p) => onEdit(r.email, p)}
          />
        ))}
      </ul>
    </Card>
  );
}

/** Who was left out of the lists (you, colleagues, rooms, lists) and the guests the page does not show. */
export function LeftOut({
  left,
  unlisted,
  lang,
}: {
  left: MeetingState['left'];
  unlisted: number;
  lang: Lang;
}) {
  const leftText = left
    ? [
        left.self && tr(lang, { pt: 'você', en: 'you' }),
        left.colleagues &&
          tr(lang, { pt: `${left.colleagues} colega(s)`, en: `${left.colleagues} colleague(s)` }),
        left.rooms && tr(lang, { pt: `${left.rooms} sala(s)`, en: `${left.rooms} room(s)` }),
        left.groups &&
          tr(lang, { pt: `${left.groups} lista(s) ou grupo(s)`, en: `${left.groups} list(s) or group(s)` }),
      ].filter(Boolean)
    : [];
  if (leftText.length === 0 && unlisted === 0) return null;
  return (
    <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="meeting-left">
      {leftText.length > 0 &&
        `${tr(lang, { pt: 'Deixados de fora', en: 'Left out' })}: ${leftText.join(', ')}. `}
      {unlisted > 0 &&
        tr(lang, {
          pt: `${unlisted} convidado(s) não aparecem na página: abra a lista completa de convidados e leia de novo.`,
          en: `${unlisted} guest(s) are not shown on the page: open the full guest list and read again.`,
        })}
    </p>
  );
}
