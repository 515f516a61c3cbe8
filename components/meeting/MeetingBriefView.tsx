import { useMemo } from 'react';
import { Button, Card, CopyBar, Notice, Spinner } from '@/components/ui';
import { useChatModel } from '@/components/draft/useChatModel';
import { useModelStream } from '@/components/draft/useModelStream';
import { CLASS_LABELS } from '@/lib/batch/committee';
import { MEETING_PORT } from '@/lib/draft/port';
import { tr } from '@/lib/i18n';
import { briefLabel, briefToMarkdown, briefToText, buildBrief } from '@/lib/meeting/brief';
import type { MeetingStore } from '@/lib/meeting/store';
import type { BatchJob, Lang } from '@/lib/model';
import { useMeeting } from './useMeeting';

/** "Plano da conversa": one paragraph from the model, streamed and stoppable; no profile credits. */
function CallPlan({ store, lang }: { store: MeetingStore; lang: Lang }) {
  const open = useMeeting(store, (s) => s.open)!;
  const keepPlan = useMeeting(store, (s) => s.keepPlan);
  const { model, models } = useChatModel();
  const plan = useModelStream(MEETING_PORT, open.brief.plan ?? '');
  const { text, status, error } = plan;

  function write() {
    if (!model) return plan.set('', 'error');
    plan.start(
      {
        entryIds: open.entries.map((e) => e.id).slice(0, 30),
        title: open.brief.title,
        language: lang,
        model,
      },
      (whole) => void keepPlan(whole),
    );
  }

  return (
    <Card className="space-y-2 p-3" data-testid="meeting-call-plan">
      <h3 className="text-sm font-semibold">{briefLabel('plan', lang)}</h3>
      {text && (
        <p className="whitespace-pre-wrap text-sm" data-testid="meeting-call-plan-text">
          {text}
        </p>
      )}
      {status === 'streaming' && <Spinner label={tr(lang, { pt: 'Escrevendo…', en: 'Writing…' })} />}
      {status === 'stopped' && (
        <p role="status" className="text-xs" data-testid="meeting-call-plan-stopped">
          {tr(lang, {
            pt: 'Plano interrompido: o texto pode estar incompleto e não foi guardado.',
            en: 'Plan stopped: the text may be incomplete and was not kept.',
          })}
        </p>
      )}
      {status === 'error' && (
        <Notice tone="danger">
          {error
            ? tr(lang, error.message)
            : tr(lang, { pt: 'Nenhum modelo disponível.', en: 'No model available.' })}
        </Notice>
      )}
      <div className="flex flex-wrap gap-2 print:hidden">
        {status === 'streaming' ? (
          <Button size="sm" onClick={() => plan.stop()} data-testid="meeting-call-plan-stop">
            {tr(lang, { pt: 'Parar', en: 'Stop' })}
          </Button>
        ) : (
          <Button
            size="sm"
            onClick={write}
            loading={models.status === 'loading'}
            data-testid="meeting-call-plan-write"
          >
            {text
              ? tr(lang, { pt: 'Escrever de novo', en: 'Write again' })
              : tr(lang, { pt: 'Escrever plano da conversa', en: 'Write a plan for the call' })}
          </Button>
        )}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400 print:hidden">
        {tr(lang, {
          pt: 'Só o título da reunião e as análises vão para o modelo. Não gasta créditos de perfil.',
          en: "Only the meeting's title and the analyses go to the model. No profile credits.",
        })}
      </p>
    </Card>
  );
}

/** The meeting brief: readable here, copied as text or Markdown, printed; reopened from history at no cost. */
export function MeetingBriefView({
  store,
  lang,
  job,
  onBack,
}: {
  store: MeetingStore;
  lang: Lang;
  job?: BatchJob | null;
  onBack: () => void;
}) {
  const open = useMeeting(store, (s) => s.open)!;
  const content = useMemo(() => buildBrief(open.brief, open.entries), [open.brief, open.entries]);
  return (
    <section
      aria-labelledby="meeting-brief-title"
      className="flex flex-col gap-3"
      data-testid="meeting-brief"
    >
      <div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, { pt: 'Resumo da reunião', en: 'Meeting brief' })}
        </p>
        <h2 id="meeting-brief-title" tabIndex={-1} className="text-base font-semibold">
          {open.brief.title}
        </h2>
        {open.brief.when && <p className="text-xs">{open.brief.when}</p>}
      </div>
      <CopyBar
        lang={lang}
        label={tr(lang, { pt: 'Levar o resumo', en: 'Take the brief' })}
        text={() => briefToText(content, open.brief.plan, lang)}
        markdown={() => briefToMarkdown(content, open.brief.plan, lang)}
        ids={{
          text: 'meeting-copy-text',
          markdown: 'meeting-copy-markdown',
          print: 'meeting-print',
          status: 'meeting-copied',
        }}
      >
        <Button size="sm" variant="ghost" onClick={onBack} data-testid="meeting-back">
          {tr(lang, { pt: 'Voltar', en: 'Back' })}
        </Button>
      </CopyBar>
      {job?.pausedReason && <Notice tone="warning">{tr(lang, job.pausedReason)}</Notice>}
      {open.missing.length > 0 && (
        <Notice tone="warning" data-testid="meeting-missing">
          {tr(lang, { pt: 'Sem análise (não entram no resumo)', en: 'No analysis (not in the brief)' })}:{' '}
          {open.missing.map((p) => `${p.primeiro_nome} ${p.ultimo_nome}`.trim()).join(', ')}
        </Notice>
      )}
      <CallPlan store={store} lang={lang} />
      {content.committees.map((c) => (
        <Card key={c.company} className="space-y-1 p-3" data-testid="meeting-committee">
          <h3 className="text-sm font-semibold">
            {briefLabel('committee', lang)} — {c.company}
          </h3>
          {c.deciders.length > 0 && (
            <p className="text-sm">
              <strong>{briefLabel('deciders', lang)}:</strong> {c.deciders.map((m) => m.name).join(', ')}
            </p>
          )}
          {c.influencers.length > 0 && (
            <p className="text-sm">
              <strong>{briefLabel('influencers', lang)}:</strong>{' '}
              {c.influencers.map((m) => m.name).join(', ')}
            </p>
          )}
          <ul className="text-xs">
            {c.members.map((m) => (
              <li key={m.entryId}>
                {m.name} · {CLASS_LABELS[m.klass]}
                {m.cargo ? ` · ${m.cargo}` : ''}
              </li>
            ))}
          </ul>
          {c.sharedPains.length > 0 && (
            <p className="text-sm">
              <strong>{briefLabel('pains', lang)}:</strong> {c.sharedPains.map((p) => p.desafio).join('; ')}
            </p>
          )}
          <ol className="list-decimal pl-5 text-sm">
            {c.approach.map((step, i) => (
              <li key={i}>{tr(lang, step)}</li>
            ))}
          </ol>
        </Card>
      ))}
      <h3 className="text-sm font-semibold">{briefLabel('people', lang)}</h3>
      {content.people.map((p) => (
        <Card key={p.entryId} className="space-y-1 p-3" data-testid="meeting-person-brief">
          <h4 className="font-semibold">
            {p.name} — {p.company}
          </h4>
          <dl className="space-y-1 text-sm">
            {(['role', 'open', 'avoid', 'question'] as const).map((k) =>
              p[k] ? (
                <div key={k}>
                  <dt className="font-medium">{briefLabel(k, lang)}</dt>
                  <dd>{p[k]}</dd>
                </div>
              ) : null,
            )}
          </dl>
        </Card>
      ))}
    </section>
  );
}
