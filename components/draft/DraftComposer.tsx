import { useEffect, useRef, useState } from 'react';
import { Button, Notice, Spinner } from '@/components/ui';
import { clampMaxTokens, clampTemperature } from '@/lib/draft/limits';
import { forChannel } from '@/lib/draft/channel';
import { DRAFT_PORT } from '@/lib/draft/port';
import { tr, useLang } from '@/lib/i18n';
import { usePanel } from '@/components/panel/context';
import { writesHere } from '@/lib/panel/carry';
import type { HistoryEntry, Lang } from '@/lib/model';
import { DRAFT_ID, showDraft } from './anchor';
import { DraftForm, useDraftForm } from './DraftForm';
import { DraftResult } from './DraftResult';
import { ModelChoice, useModelTuning } from './ModelChoice';
import { ReviewPanel } from './ReviewPanel';
import { useChatModel } from './useChatModel';
import { useDraftVersions } from './useDraftVersions';
import { useInsert } from './useInsert';
import { useModelStream } from './useModelStream';

/**
 * Where the seller writes, arriving with this person's analysis (another tab, a panel opened again), the kept
 * draft (or the composer, when there is none) comes into view, once per person and tab: never written again.
 */
function useShowOnArrival(entryId: string, ready: boolean) {
  const arrivedOn = usePanel((s) =>
    s.screen.kind === 'result' && s.screen.carried && 'url' in s.detection && writesHere(s.detection.url)
      ? s.tabId
      : null,
  );
  const shownOn = useRef('');
  useEffect(() => {
    const key = `${entryId}:${arrivedOn}`;
    if (arrivedOn === null || !ready || shownOn.current === key) return;
    shownOn.current = key;
    showDraft({ focus: false });
  }, [arrivedOn, ready, entryId]);
}

/** Why "Escrever abordagem" waits, next to it: the kept drafts being read, or no model to write with. */
function WriteReason(props: { loading: boolean; chat: ReturnType<typeof useChatModel>; lang: Lang }) {
  const { loading, chat, lang } = props;
  const models = chat.models;
  if (loading)
    return (
      <p
        id="draft-write-reason"
        role="status"
        className="text-xs text-zinc-700 dark:text-zinc-300"
        data-testid="draft-write-reason"
      >
        {tr(lang, {
          pt: 'Procurando os rascunhos guardados desta pessoa…',
          en: 'Looking for the drafts kept for this person…',
        })}
      </p>
    );
  // The model list sits in the collapsed "Modelo" section.
  return (
    <p
      id="draft-write-reason"
      className="text-xs text-zinc-700 dark:text-zinc-300"
      data-testid="draft-write-reason"
    >
      {models.status === 'error'
        ? `${tr(lang, { pt: 'Não foi possível listar os modelos: ', en: 'Could not list the models: ' })}${tr(lang, models.error)}`
        : models.status === 'success'
          ? tr(lang, {
              pt: 'A API de modelos não oferece nenhum modelo de conversa para escrever a mensagem.',
              en: 'The model API offers no chat model to write the message.',
            })
          : tr(lang, { pt: 'Carregando os modelos…', en: 'Loading the models…' })}
    </p>
  );
}

/** "Escrever abordagem": the first message to this person, written by the model from the analysis, streamed. */
export function DraftComposer({ entry }: { entry: HistoryEntry }) {
  const lang = useLang();
  const tabId = usePanel((s) => s.tabId);
  const form = useDraftForm(entry.lang);
  const chat = useChatModel();
  const tuning = useModelTuning();
  const draft = useModelStream(DRAFT_PORT, '', entry.id);
  const kept = useDraftVersions(entry.id, (v) => {
    draft.set(v?.text ?? '', v ? 'done' : 'idle');
    if (v) form.setChannel(v.channel);
  });
  const [replace, setReplace] = useState(false);
  const edit = (t: string) => {
    draft.set(t);
    kept.edited();
  };
  const ins = useInsert(lang, tabId, { onShorten: edit });
  useShowOnArrival(entry.id, !kept.loading);
  const { model } = chat;

  function write() {
    // A draft kept from before may be on its way: it is shown, never written again.
    if (kept.loading) return;
    const { channel, tone, length, language, notes } = form;
    const { temperature, maxTokens } = tuning;
    draft.start(
      {
        ...{ entryId: entry.id, channel, tone, length, language, notes, model },
        ...{ temperature: clampTemperature(temperature), maxTokens: clampMaxTokens(maxTokens, model) },
      },
      (whole, { versions }) => {
        kept.written(versions?.length ? versions : undefined);
        return forChannel(channel, whole).trim();
      },
    );
  }

  function pick(id: string) {
    void kept.save(draft.text, form.channel);
    const v = kept.pick(id);
    if (!v) return;
    draft.set(v.text);
    form.setChannel(v.channel);
  }

  const { streaming, status, text, error } = draft;
  const loading = kept.loading;
  return (
    <section
      id={DRAFT_ID}
      tabIndex={-1}
      className="flex scroll-mt-24 flex-col gap-3"
      aria-labelledby="draft-title"
      aria-busy={loading || undefined}
      data-testid="draft-composer"
    >
      <h2 id="draft-title" className="text-base font-semibold">
        {tr(lang, { pt: 'Escrever abordagem', en: 'Write the first message' })}
      </h2>
      <DraftForm form={form} lang={lang} />
      <ModelChoice chat={chat} tuning={tuning} lang={lang} />
      <div className="flex flex-wrap gap-2">
        {streaming ? (
          <Button variant="danger" onClick={() => draft.stop()} data-testid="draft-stop">
            {tr(lang, { pt: 'Parar', en: 'Stop' })}
          </Button>
        ) : (
          <Button
            variant="primary"
            onClick={write}
            disabled={!model}
            loading={loading}
            aria-describedby={!model || loading ? 'draft-write-reason' : undefined}
            data-testid="draft-write"
          >
            {status === 'idle' || loading
              ? tr(lang, { pt: 'Escrever abordagem', en: 'Write the first message' })
              : tr(lang, { pt: 'Gerar de novo', en: 'Regenerate' })}
          </Button>
        )}
      </div>
      {(loading || (!model && !streaming)) && <WriteReason loading={loading} chat={chat} lang={lang} />}
      {kept.unread && (
        <Notice tone="warning">
          <span data-testid="draft-unread">
            {tr(lang, {
              pt: 'Não foi possível ler os rascunhos guardados desta pessoa. Escrever gera um novo.',
              en: 'Could not read the drafts kept for this person. Writing makes a new one.',
            })}
          </span>
        </Notice>
      )}
      {error && (
        <Notice tone="danger" title={tr(lang, error.message)}>
          {error.details?.serviceMessage && (
            <p className="text-xs" data-testid="draft-error-detail">
              {error.details.serviceMessage}
            </p>
          )}
        </Notice>
      )}
      {streaming ? (
        <div
          aria-live="polite"
          className="whitespace-pre-wrap rounded-md border border-zinc-300 p-3 text-sm dark:border-zinc-600"
          data-testid="draft-stream"
        >
          {text || <Spinner label={tr(lang, { pt: 'Escrevendo', en: 'Writing' })} />}
        </div>
      ) : (
        text && (
          <DraftResult
            {...{ text, status, lang, kept, ins, replace }}
            channel={form.channel}
            onReplace={setReplace}
            onEdit={edit}
            onPick={pick}
          />
        )
      )}
      <ReviewPanel
        entry={entry}
        tabId={tabId}
        channel={form.channel}
        language={form.language}
        model={model}
      />
    </section>
  );
}
