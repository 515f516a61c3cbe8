import { useEffect } from 'react';
import { Button, Card, Notice, SelectField, Spinner, useStored } from '@/components/ui';
import { creditsPerProfile } from '@/lib/batch/model';
import type { MeetingReading } from '@/lib/extract/meeting-types';
import { creditsText, tr } from '@/lib/i18n';
import { selectedInputs, type MeetingState } from '@/lib/meeting/store';
import { DEPTH_LABELS } from '@/lib/panel/format';
import { depths, type BatchJob, type BatchPlan, type Depth, type Lang } from '@/lib/model';
import { credits, meetingBriefs, ownDomains, type Settings } from '@/lib/storage';
import { MeetingBriefView } from './MeetingBriefView';
import { useMeeting, useMeetingStore } from './useMeeting';
import { usePanel } from '@/components/panel/context';
import { useConfirmSpend } from '@/components/panel/useConfirmSpend';
import { useWakeWhile } from '@/components/batch/useWake';
import { LeftOut, NobodyExternal, PeopleCard } from './MeetingPeople';

const SOURCE_LABEL = {
  'google-calendar': 'Google Agenda',
  'outlook-calendar': 'Outlook',
  'gmail-invite': { pt: 'Convite no Gmail', en: 'Invitation in Gmail' },
  'outlook-invite': { pt: 'Convite no Outlook', en: 'Invitation in Outlook' },
} as const;

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
  const chosen = selectedInputs(s.rows).length;
  const saved = Object.values(briefs ?? {}).find((b) => b.title === reading.title && b.when === reading.when);
  const plan = s.plan;
  const busy = s.phase === 'starting' || s.phase === 'running';
  const invalid = plan?.people.filter((p) => p.status === 'invalid') ?? [];

  return (
    <section aria-labelledby="meeting-title" className="flex flex-col gap-3" data-testid="meeting">
      <MeetingHeader reading={reading} lang={lang} />
      {saved && <SavedBrief lang={lang} onOpen={() => void s.openBrief(saved)} />}
      {external.length === 0 ? (
        <NobodyExternal lang={lang} />
      ) : (
        <PeopleCard
          title={tr(lang, {
            pt: `Participantes externos (${external.length})`,
            en: `External attendees (${external.length})`,
          })}
          rows={external}
          testId="meeting-external"
          lang={lang}
          onToggle={s.toggle}
          onEdit={s.edit}
        />
      )}
      {declined.length > 0 && (
        <PeopleCard
          title={tr(lang, { pt: 'Recusaram o convite', en: 'Declined' })}
          rows={declined}
          testId="meeting-declined"
          lang={lang}
          onToggle={s.toggle}
          onEdit={s.edit}
        />
      )}
      <LeftOut left={s.left} unlisted={reading.unlisted} lang={lang} />
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
          <PlanSummary
            plan={plan}
            chosen={chosen}
            planning={s.planning}
            planError={s.planError}
            invalid={invalid}
            balance={balance}
            lang={lang}
          />
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
          {busy && s.job && <PrepareProgress job={s.job} lang={lang} />}
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

/** How many of the chosen people are ready while the meeting is being prepared. */
function PrepareProgress({ job, lang }: { job: BatchJob; lang: Lang }) {
  const ready = job.rows.filter((r) => r.status === 'done' || r.status === 'cached').length;
  return (
    <p className="text-xs" aria-live="polite" data-testid="meeting-progress">
      {tr(lang, { pt: `${ready} de ${job.rows.length} prontos`, en: `${ready} of ${job.rows.length} ready` })}
    </p>
  );
}

/** The meeting's source, title and time, and the button that reads it again. */
function MeetingHeader({ reading, lang }: { reading: MeetingReading; lang: Lang }) {
  const detect = usePanel((x) => x.detect);
  const source = SOURCE_LABEL[reading.source];
  return (
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
  );
}

/** The meeting already has a brief: it opens at no cost. */
function SavedBrief({ lang, onOpen }: { lang: Lang; onOpen: () => void }) {
  return (
    <Notice
      tone="info"
      action={
        <Button size="sm" onClick={onOpen} data-testid="meeting-open-saved">
          {tr(lang, { pt: 'Abrir resumo salvo', en: 'Open saved brief' })}
        </Button>
      }
    >
      {tr(lang, {
        pt: 'Esta reunião já tem um resumo, sem custo para abrir.',
        en: 'This meeting already has a brief, free to open.',
      })}
    </Notice>
  );
}

/** What preparing costs: the new analyses and those from history, the balance after, and what stands in the way. */
function PlanSummary({
  plan,
  chosen,
  planning,
  planError,
  invalid,
  balance,
  lang,
}: {
  plan: BatchPlan | null;
  chosen: number;
  planning: boolean;
  planError: MeetingState['planError'];
  invalid: BatchPlan['people'];
  balance: number | null;
  lang: Lang;
}) {
  return (
    <div className="text-sm" aria-live="polite" data-testid="meeting-plan">
      {chosen === 0 && tr(lang, { pt: 'Escolha ao menos uma pessoa.', en: 'Choose at least one person.' })}
      {chosen > 0 && planning && !plan && (
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
      {planError && <Notice tone="danger">{tr(lang, planError.message)}</Notice>}
    </div>
  );
}
