import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Notice, Spinner, useCopy } from '@/components/ui';
import { useSend, useStream } from '@/components/panel/context';
import type { ApiError } from '@/lib/api/errors';
import { CLASS_LABELS } from '@/lib/batch/committee';
import { isChatModel } from '@/lib/draft/models';
import { MEETING_PORT } from '@/lib/draft/port';
import { tr } from '@/lib/i18n';
import { briefLabel, briefToMarkdown, briefToText, buildBrief } from '@/lib/meeting/brief';
import type { MeetingStore } from '@/lib/meeting/store';
import type { BatchJob, Lang } from '@/lib/model';
import { settings } from '@/lib/storage';
import { useMeeting } from './useMeeting';

/** "Plano da conversa": one paragraph from the model, streamed and stoppable; no profile credits. */
function CallPlan({ store, lang }: { store: MeetingStore; lang: Lang }) {
  const send = useSend();
  const stream = useStream();
  const open = useMeeting(store, (s) => s.open)!;
  const keepPlan = useMeeting(store, (s) => s.keepPlan);
  const [text, setText] = useState(open.brief.plan ?? '');
  const [status, setStatus] = useState<'idle' | 'streaming' | 'done' | 'stopped' | 'error'>('idle');
  const [error, setError] = useState<ApiError | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  async function write() {
    setError(null);
    setText('');
    setStatus('streaming');
    try {
      const list = (await send('models.list', {})).filter((m) => isChatModel(m.id));
      const preferred = (await settings.get()).llmModel;
      const model =
        list.find((m) => m.id === preferred) ?? list.find((m) => m.id === 'service-chat') ?? list[0];
      if (!model) throw new Error('no model');
      let whole = '';
      stop.current = stream(
        {
          entryIds: open.entries.map((e) => e.id).slice(0, 30),
          title: open.brief.title,
          language: lang,
          model: model.id,
        },
        {
          onDelta: (t) => {
            whole += t;
            setText(whole);
          },
          onDone: () => {
            setStatus('done');
            void keepPlan(whole);
          },
          onError: (e) => {
            setError(e);
            setStatus('error');
          },
        },
        MEETING_PORT,
      );
    } catch {
      setError(null);
      setStatus('error');
    }
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
          <Button
            size="sm"
            onClick={() => {
              stop.current?.();
              setStatus('stopped');
            }}
            data-testid="meeting-call-plan-stop"
          >
            {tr(lang, { pt: 'Parar', en: 'Stop' })}
          </Button>
        ) : (
          <Button size="sm" onClick={() => void write()} data-testid="meeting-call-plan-write">
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
  const { said, copy } = useCopy(lang);
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
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button
          size="sm"
          onClick={() =>
            void copy(briefToText(content, open.brief.plan, lang), {
              pt: 'Texto copiado.',
              en: 'Text copied.',
            })
          }
          data-testid="meeting-copy-text"
        >
          {tr(lang, { pt: 'Copiar texto', en: 'Copy text' })}
        </Button>
        <Button
          size="sm"
          onClick={() =>
            void copy(briefToMarkdown(content, open.brief.plan, lang), {
              pt: 'Markdown copiado.',
              en: 'Markdown copied.',
            })
          }
          data-testid="meeting-copy-markdown"
        >
          {tr(lang, { pt: 'Copiar Markdown', en: 'Copy Markdown' })}
        </Button>
        <Button size="sm" onClick={() => window.print()} data-testid="meeting-print">
          {tr(lang, { pt: 'Imprimir', en: 'Print' })}
        </Button>
        <Button size="sm" variant="ghost" onClick={onBack} data-testid="meeting-back">
          {tr(lang, { pt: 'Voltar', en: 'Back' })}
        </Button>
      </div>
      {said && (
        <p role="status" className="text-xs" data-testid="meeting-copied">
          {said}
        </p>
      )}
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
