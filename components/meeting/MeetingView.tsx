import { useEffect } from 'react';
import { Badge, Button, Card, Notice, SelectField, Spinner, useStored } from '@/components/ui';
import { creditsPerProfile } from '@/lib/batch/model';
import type { MeetingReading } from '@/lib/extract/meeting-types';
import { creditsText, tr } from '@/lib/i18n';
import { selectedInputs, type Row } from '@/lib/meeting/store';
import { DEPTH_LABELS } from '@/lib/panel/format';
import { depths, type Depth, type Lang } from '@/lib/model';
import { credits, meetingBriefs, ownDomains, type Settings } from '@/lib/storage';
import { MeetingBriefView } from './MeetingBriefView';
import { useMeeting, useMeetingStore } from './useMeeting';
import { usePanel } from '@/components/panel/context';
import { useConfirmSpend } from '@/components/panel/useConfirmSpend';
import { useWakeWhile } from '@/components/batch/useWake';

const SOURCE_LABEL = {
  'google-calendar': 'Google Agenda',
  'outlook-calendar': 'Outlook',
  'gmail-invite': { pt: 'Convite no Gmail', en: 'Invitation in Gmail' },
  'outlook-invite': { pt: 'Convite no Outlook', en: 'Invitation in Outlook' },
} as const;

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

/** Meeting prep: the meeting open on the page, its external people and the one click that prepares them all. */
export function MeetingView({
  reading,
  lang,
  prefs,
}: {
  reading: MeetingReading;
  lang: Lang;
  prefs?: Settings;
}) {
  const store = useMeetingStore();
  const detect = usePanel((x) => x.detect);
  // Plus, or a cost at or above the seller's threshold, asks first, as a single lookup does
  const [confirmDialog, confirmSpend] = useConfirmSpend(lang, prefs);
  const domains = useStored(ownDomains);
  const balance = useStored(credits)?.balance ?? null;
  const briefs = useStored(meetingBriefs);
  const s = useMeeting(store, (x) => x);
  const defaultDepth: Depth = prefs?.defaultDepth ?? 'quick';
  useEffect(() => {
    if (domains) s.load(reading, domains, defaultDepth);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new reading or new domains
  }, [reading, domains]);
  // its batch runs in the worker: a stopped one wakes and goes on
  useWakeWhile(s.phase === 'running');

  if (s.phase === 'brief' && s.open)
    return <MeetingBriefView store={store} lang={lang} job={s.job} onBack={s.closeBrief} />;

  const external = s.rows.filter((r) => !r.declined);
  const declined = s.rows.filter((r) => r.declined);
  const people = (rows: Row[], testId: string) => (
    <ul data-testid={testId}>
      {rows.map((r) => (
        <PersonRow
          key={r.email}
          row={r}
          lang={lang}
          onToggle={() => s.toggle(r.email)}
          onEdit={(p) => s.edit(r.email, p)}
        />
      ))}
    </ul>
  );
  const chosen = selectedInputs(s.rows).length;
  const left = s.left;
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
  const saved = Object.values(briefs ?? {}).find((b) => b.title === reading.title && b.when === reading.when);
  const source = SOURCE_LABEL[reading.source];
  const plan = s.plan;
  const busy = s.phase === 'starting' || s.phase === 'running';
  const invalid = plan?.people.filter((p) => p.status === 'invalid') ?? [];

  return (
    <section aria-labelledby="meeting-title" className="flex flex-col gap-3" data-testid="meeting">
      <div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, { pt: 'Reunião', en: 'Meeting' })} ·{' '}
          {typeof source === 'string' ? source : tr(lang, source)}
        </p>
        <h2 id="meeting-title" tabIndex={-1} className="text-base font-semibold" data-testid="meeting-title">
          {reading.title || tr(lang, { pt: 'Reunião sem título', en: 'Untitled meeting' })}
        </h2>
        {reading.when && (
          <p className="text-xs" data-testid="meeting-when">
            {reading.when}
          </p>
        )}
        <Button
          size="sm"
          variant="ghost"
          className="print:hidden"
          onClick={() => void detect()}
          data-testid="meeting-reread"
        >
          {tr(lang, { pt: 'Ler a reunião de novo', en: 'Read the meeting again' })}
        </Button>
      </div>
      {saved && (
        <Notice
          tone="info"
          action={
            <Button size="sm" onClick={() => void s.openBrief(saved)} data-testid="meeting-open-saved">
              {tr(lang, { pt: 'Abrir resumo salvo', en: 'Open saved brief' })}
            </Button>
          }
        >
          {tr(lang, {
            pt: 'Esta reunião já tem um resumo, sem custo para abrir.',
            en: 'This meeting already has a brief, free to open.',
          })}
        </Notice>
      )}
      {external.length === 0 ? (
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
      ) : (
        <Card className="p-3">
          <h3 className="text-sm font-semibold">
            {tr(lang, {
              pt: `Participantes externos (${external.length})`,
              en: `External attendees (${external.length})`,
            })}
          </h3>
          {people(external, 'meeting-external')}
        </Card>
      )}
      {declined.length > 0 && (
        <Card className="p-3">
          <h3 className="text-sm font-semibold">{tr(lang, { pt: 'Recusaram o convite', en: 'Declined' })}</h3>
          {people(declined, 'meeting-declined')}
        </Card>
      )}
      {(leftText.length > 0 || reading.unlisted > 0) && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="meeting-left">
          {leftText.length > 0 &&
            `${tr(lang, { pt: 'Deixados de fora', en: 'Left out' })}: ${leftText.join(', ')}. `}
          {reading.unlisted > 0 &&
            tr(lang, {
              pt: `${reading.unlisted} convidado(s) não aparecem na página: abra a lista completa de convidados e leia de novo.`,
              en: `${reading.unlisted} guest(s) are not shown on the page: open the full guest list and read again.`,
            })}
        </p>
      )}
      {s.rows.length > 0 && (
        <Card className="flex flex-col gap-2 p-3">
          <SelectField
            label={tr(lang, { pt: 'Nível da análise', en: 'Analysis level' })}
            value={s.depth}
            options={depths.map((d) => ({
              value: d,
              label: `${tr(lang, DEPTH_LABELS[d])} (${creditsText(lang, creditsPerProfile(d))} / ${tr(lang, { pt: 'pessoa', en: 'person' })})`,
            }))}
            onChange={(d) => s.setDepth(d)}
            data-testid="meeting-depth"
          />
          <div className="text-sm" aria-live="polite" data-testid="meeting-plan">
            {chosen === 0 &&
              tr(lang, { pt: 'Escolha ao menos uma pessoa.', en: 'Choose at least one person.' })}
            {chosen > 0 && s.planning && !plan && (
              <Spinner label={tr(lang, { pt: 'Calculando o custo…', en: 'Working out the cost…' })} />
            )}
            {chosen > 0 && plan && (
              <>
                <p data-testid="meeting-cost">
                  {tr(lang, {
                    pt: `${plan.toSend} nova(s) análise(s): ${creditsText(lang, plan.cost)}`,
                    en: `${plan.toSend} new analysis(es): ${creditsText(lang, plan.cost)}`,
                  })}
                  {plan.cached > 0 &&
                    tr(lang, {
                      pt: ` · ${plan.cached} do histórico (0 créditos)`,
                      en: ` · ${plan.cached} from history (0 credits)`,
                    })}
                </p>
                {plan.balance !== null && (
                  <p className="text-xs" data-testid="meeting-balance">
                    {tr(lang, { pt: 'Saldo', en: 'Balance' })}: {creditsText(lang, plan.balance)} →{' '}
                    {creditsText(lang, Math.max(0, plan.balance - plan.cost))}
                  </p>
                )}
                {invalid.length > 0 && (
                  <Notice tone="warning">
                    {invalid
                      .map((p) => `${p.input.primeiro_nome || p.input.empresa || '?'}: ${p.reason}`)
                      .join(' · ')}
                  </Notice>
                )}
                {plan.short && (
                  <Notice tone="danger">
                    {tr(lang, {
                      pt: `O saldo (${creditsText(lang, plan.balance ?? balance ?? 0)}) não cobre ${creditsText(lang, plan.cost)}. Tire alguém da lista, escolha um nível mais barato ou compre créditos.`,
                      en: `The balance (${creditsText(lang, plan.balance ?? balance ?? 0)}) does not cover ${creditsText(lang, plan.cost)}. Remove someone, choose a cheaper level or buy credits.`,
                    })}
                  </Notice>
                )}
              </>
            )}
            {s.planError && <Notice tone="danger">{tr(lang, s.planError.message)}</Notice>}
          </div>
          {s.error && (
            <Notice tone="danger" title={tr(lang, { pt: 'Nada foi preparado', en: 'Nothing was prepared' })}>
              {tr(lang, s.error.message)}
            </Notice>
          )}
          <Button
            variant="primary"
            disabled={busy || !plan || plan.short || invalid.length > 0 || plan.toSend + plan.cached === 0}
            onClick={() =>
              plan &&
              confirmSpend({
                depth: s.depth,
                cost: plan.cost,
                balance: plan.balance,
                who: tr(lang, {
                  pt: `${chosen} pessoa(s) da reunião "${reading.title}"`,
                  en: `${chosen} person(s) of the meeting "${reading.title}"`,
                }),
                go: () => void s.prepare(),
              })
            }
            data-testid="meeting-prepare"
          >
            {busy
              ? tr(lang, { pt: 'Preparando…', en: 'Preparing…' })
              : plan
                ? tr(lang, {
                    pt: `Preparar reunião (${creditsText(lang, plan.cost)})`,
                    en: `Prepare meeting (${creditsText(lang, plan.cost)})`,
                  })
                : tr(lang, { pt: 'Preparar reunião', en: 'Prepare meeting' })}
          </Button>
          {busy && s.job && (
            <p className="text-xs" aria-live="polite" data-testid="meeting-progress">
              {tr(lang, {
                pt: `${s.job.rows.filter((r) => r.status === 'done' || r.status === 'cached').length} de ${s.job.rows.length} prontos`,
                en: `${s.job.rows.filter((r) => r.status === 'done' || r.status === 'cached').length} of ${s.job.rows.length} ready`,
              })}
            </p>
          )}
          {confirmDialog}
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {tr(lang, {
              pt: 'Só nome, sobrenome e empresa de cada pessoa são enviados; a descrição e os e-mails da reunião nunca saem do navegador.',
              en: "Only each person's name and company are sent; the meeting's description and addresses never leave the browser.",
            })}
          </p>
        </Card>
      )}
    </section>
  );
}
