import { isChatModel } from '@/lib/draft/models';
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Disclosure,
  Field,
  Notice,
  SelectField,
  Spinner,
  controlClass,
  useAction,
  useCopy,
  type Option,
} from '@/components/ui';
import type { ApiError } from '@/lib/api/errors';
import {
  clampMaxTokens,
  clampTemperature,
  DEFAULT_MAX_TOKENS,
  DEFAULT_TEMPERATURE,
  MAX_DRAFT_CHARS,
  maxTokensFor,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
} from '@/lib/draft/limits';
import { forChannel, NOTE_LIMIT_FREE, NOTE_LIMIT_PREMIUM, splitSubject } from '@/lib/draft/channel';
import type { DraftLanguage, Length, Tone } from '@/lib/draft/prompt';
import { tr, useLang } from '@/lib/i18n';
import { settings } from '@/lib/storage';
import { usePanel, useSend, useStream } from '@/components/panel/context';
import { writesHere } from '@/lib/panel/carry';
import { DRAFT_ID, DRAFT_TEXT_ATTR, showDraft } from './anchor';
import { ReviewPanel } from './ReviewPanel';
import { useInsert } from './useInsert';
import type { Channel, DraftVersion, HistoryEntry, Lang, Text } from '@/lib/model';

const CHANNEL_LABELS: Record<Channel, Text> = {
  linkedin: { pt: 'Mensagem no LinkedIn', en: 'LinkedIn message' },
  'linkedin-note': { pt: 'Nota de convite (LinkedIn)', en: 'Invitation note (LinkedIn)' },
  email: { pt: 'E-mail', en: 'E-mail' },
  whatsapp: { pt: 'WhatsApp', en: 'WhatsApp' },
};
const TONE_LABELS: Record<Tone, Text> = {
  consultivo: { pt: 'Consultivo', en: 'Consultative' },
  direto: { pt: 'Direto', en: 'Direct' },
  amigavel: { pt: 'Amigável', en: 'Friendly' },
  formal: { pt: 'Formal', en: 'Formal' },
};
const LENGTH_LABELS: Record<Length, Text> = {
  curta: { pt: 'Curta', en: 'Short' },
  media: { pt: 'Média', en: 'Medium' },
  longa: { pt: 'Longa', en: 'Long' },
};
const LANGUAGE_LABELS: Record<DraftLanguage, Text> = {
  pt: { pt: 'Português', en: 'Portuguese' },
  en: { pt: 'Inglês', en: 'English' },
};

const options = <V extends string>(labels: Record<V, Text>, lang: Lang): Option<V>[] =>
  (Object.keys(labels) as V[]).map((value) => ({ value, label: tr(lang, labels[value]) }));

/** `loading`: the person's kept drafts are being read; nothing can be written until they are known. */
type Status = 'loading' | 'idle' | 'streaming' | 'done' | 'truncated' | 'stopped' | 'error';

/** "Escrever abordagem": the first message to this person, written by the model from the analysis, streamed. */
export function DraftComposer({ entry }: { entry: HistoryEntry }) {
  const send = useSend();
  const stream = useStream();
  const lang = useLang();
  const [channel, setChannel] = useState<Channel>('linkedin');
  const [tone, setTone] = useState<Tone>('consultivo');
  const [length, setLength] = useState<Length>('curta');
  const [language, setLanguage] = useState<DraftLanguage>(entry.lang);
  const [notes, setNotes] = useState('');
  const [model, setModel] = useState('');
  const [temperature, setTemperature] = useState(DEFAULT_TEMPERATURE);
  const [maxTokens, setMaxTokens] = useState(DEFAULT_MAX_TOKENS);
  const [status, setStatus] = useState<Status>('loading');
  const [text, setText] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const { said: copied, copy: copyText, clear: clearCopied } = useCopy(lang);
  const stop = useRef<(() => void) | null>(null);
  // The person's drafts, kept with the analysis: shown again, never written (and paid for) again to be inserted.
  const [versions, setVersions] = useState<DraftVersion[]>([]);
  const [versionId, setVersionId] = useState<string | null>(null);
  const [unread, setUnread] = useState(false);
  const [replace, setReplace] = useState(false);
  const tabId = usePanel((s) => s.tabId);
  const ins = useInsert(lang, tabId, { onShorten: (t) => edit(t) });

  useEffect(() => {
    let live = true;
    setVersions([]);
    setVersionId(null);
    setText('');
    setUnread(false);
    setStatus('loading');
    void send('draft.list', { entryId: entry.id })
      .then((list) => {
        if (!live) return;
        const last = list.at(-1);
        if (!last) return setStatus('idle');
        setVersions(list);
        setVersionId(last.id);
        setText(last.text);
        setChannel(last.channel);
        setStatus('done');
      })
      .catch(() => {
        if (!live) return;
        // Said, not hidden: the seller decides whether to write a new one.
        setUnread(true);
        setStatus('idle');
      });
    return () => {
      live = false;
    };
  }, [entry.id, send]);

  function edit(t: string) {
    setText(t);
    setDirty(true);
  }
  const [dirty, setDirty] = useState(false);
  /** The seller's edits are kept with the version they edit. */
  async function saveEdit() {
    if (!dirty || !text.trim()) return;
    setDirty(false);
    const list = await send('draft.save', {
      entryId: entry.id,
      text,
      channel,
      ...(versionId ? { versionId } : {}),
    }).catch(() => null);
    if (list) {
      setVersions(list);
      setVersionId(versionId ?? list.at(-1)?.id ?? null);
    }
  }

  function pick(id: string) {
    const v = versions.find((x) => x.id === id);
    if (!v) return;
    void saveEdit();
    setVersionId(v.id);
    setText(v.text);
    setChannel(v.channel);
  }

  function insertDraft(at?: number) {
    void saveEdit();
    if (channel === 'email') {
      const { subject, body } = splitSubject(text);
      return ins.insert(body || text, { replace, ...(subject ? { subject } : {}) }, at);
    }
    return ins.insert(text.trim(), { replace }, at);
  }

  const [models, loadModels] = useAction(async () => {
    const list = (await send('models.list', {})).filter((m) => isChatModel(m.id));
    const preferred = (await settings.get()).llmModel;
    const pick = list.find((m) => m.id === preferred) ?? list.find((m) => m.id === 'service-chat') ?? list[0];
    if (pick) setModel(pick.id);
    return list;
  });
  useEffect(() => {
    void loadModels();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once
  }, []);
  // Where the seller writes, arriving with this person's analysis (another tab, a panel opened again), the kept
  // draft (or the composer, when there is none) comes into view, once per person and tab: never written again.
  const arrivedOn = usePanel((s) =>
    s.screen.kind === 'result' && s.screen.carried && 'url' in s.detection && writesHere(s.detection.url)
      ? s.tabId
      : null,
  );
  const shownOn = useRef('');
  useEffect(() => {
    const key = `${entry.id}:${arrivedOn}`;
    if (arrivedOn === null || status === 'loading' || shownOn.current === key) return;
    shownOn.current = key;
    showDraft({ focus: false });
  }, [arrivedOn, status, entry.id]);

  // A new entry or leaving the page stops a running draft.
  useEffect(() => () => stop.current?.(), [entry.id]);

  const limit = model ? maxTokensFor(model) : DEFAULT_MAX_TOKENS;

  function write() {
    // A draft kept from before may be on its way: it is shown, never written again.
    if (status === 'loading') return;
    stop.current?.();
    setText('');
    setError(null);
    clearCopied();
    setStatus('streaming');
    stop.current = stream(
      {
        entryId: entry.id,
        channel,
        tone,
        length,
        language,
        notes,
        model,
        temperature: clampTemperature(temperature),
        maxTokens: clampMaxTokens(maxTokens, model),
      },
      {
        onDelta: (t) => setText((old) => old + t),
        onDone: ({ truncated, versions: list }) => {
          setStatus(truncated ? 'truncated' : 'done');
          setText((t) => forChannel(channel, t).trim());
          setDirty(false);
          if (list?.length) {
            setVersions(list);
            setVersionId(list.at(-1)!.id);
          }
        },
        onError: (e) => {
          setError(e);
          setStatus('error');
        },
      },
    );
  }

  function halt() {
    stop.current?.();
    stop.current = null;
    setStatus('stopped');
  }

  const streaming = status === 'streaming';
  const loading = status === 'loading';
  const noteLength = [...text.trim()].length;
  const versionIndex = versions.findIndex((v) => v.id === versionId);
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
      <div className="grid grid-cols-2 gap-2">
        {/* The channel's names are the longest ("Mensagem no LinkedIn"): a full row keeps them whole. */}
        <SelectField
          className="col-span-2"
          label={tr(lang, { pt: 'Canal', en: 'Channel' })}
          options={options(CHANNEL_LABELS, lang)}
          value={channel}
          onChange={setChannel}
        />
        <SelectField
          label={tr(lang, { pt: 'Tom', en: 'Tone' })}
          options={options(TONE_LABELS, lang)}
          value={tone}
          onChange={setTone}
        />
        <SelectField
          label={tr(lang, { pt: 'Tamanho', en: 'Length' })}
          options={options(LENGTH_LABELS, lang)}
          value={length}
          onChange={setLength}
        />
        <SelectField
          label={tr(lang, { pt: 'Idioma', en: 'Language' })}
          options={options(LANGUAGE_LABELS, lang)}
          value={language}
          onChange={setLanguage}
        />
      </div>
      <Field
        label={tr(lang, { pt: 'Suas notas (opcional)', en: 'Your notes (optional)' })}
        hint={tr(lang, {
          pt: 'Só a análise e estas notas vão para o modelo.',
          en: 'Only the analysis and these notes go to the model.',
        })}
      >
        {(control) => (
          <textarea
            className={controlClass}
            rows={2}
            maxLength={2000}
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            {...control}
          />
        )}
      </Field>
      <Disclosure summary={tr(lang, { pt: 'Modelo', en: 'Model' })}>
        <div className="flex flex-col gap-2">
          {models.status === 'loading' && (
            <Spinner label={tr(lang, { pt: 'Carregando modelos', en: 'Loading models' })} />
          )}
          {models.status === 'error' && <Notice tone="danger">{tr(lang, models.error)}</Notice>}
          {models.status === 'success' && (
            <SelectField
              label={tr(lang, { pt: 'Modelo', en: 'Model' })}
              options={models.value.map((m) => ({ value: m.id, label: m.id }))}
              value={model}
              onChange={(id) => {
                setModel(id);
                setMaxTokens((n) => clampMaxTokens(n, id));
              }}
              data-testid="draft-model"
            />
          )}
          <Field
            label={tr(lang, {
              pt: `Temperatura (${TEMPERATURE_MIN}–${TEMPERATURE_MAX})`,
              en: `Temperature (${TEMPERATURE_MIN}–${TEMPERATURE_MAX})`,
            })}
          >
            {(control) => (
              <input
                type="number"
                className={controlClass}
                min={TEMPERATURE_MIN}
                max={TEMPERATURE_MAX}
                step={0.1}
                value={temperature}
                onChange={(e) => setTemperature(clampTemperature(e.target.valueAsNumber))}
                {...control}
              />
            )}
          </Field>
          <Field
            label={tr(lang, { pt: `Máximo de tokens (até ${limit})`, en: `Max tokens (up to ${limit})` })}
          >
            {(control) => (
              <input
                type="number"
                className={controlClass}
                min={1}
                max={limit}
                step={50}
                value={maxTokens}
                onChange={(e) => setMaxTokens(clampMaxTokens(e.target.valueAsNumber, model))}
                {...control}
              />
            )}
          </Field>
        </div>
      </Disclosure>
      <div className="flex flex-wrap gap-2">
        {streaming ? (
          <Button variant="danger" onClick={halt} data-testid="draft-stop">
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
      {loading && (
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
      )}
      {unread && (
        <Notice tone="warning">
          <span data-testid="draft-unread">
            {tr(lang, {
              pt: 'Não foi possível ler os rascunhos guardados desta pessoa. Escrever gera um novo.',
              en: 'Could not read the drafts kept for this person. Writing makes a new one.',
            })}
          </span>
        </Notice>
      )}
      {!model && !streaming && !loading && (
        // Why the button is off, next to it: the model list sits in the collapsed "Modelo" section.
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
          <>
            {status === 'truncated' && (
              <div data-testid="draft-truncated">
                <Notice tone="warning">
                  {tr(lang, {
                    pt: `A mensagem passou do limite de ${MAX_DRAFT_CHARS.toLocaleString('pt-BR')} caracteres e foi interrompida: o texto recebido até aqui foi mantido.`,
                    en: `The message passed the limit of ${MAX_DRAFT_CHARS.toLocaleString('en')} characters and was stopped: the text received so far is kept.`,
                  })}
                </Notice>
              </div>
            )}
            {status === 'stopped' && (
              <Notice tone="warning">
                {tr(lang, {
                  pt: 'Geração interrompida: o texto pode estar incompleto.',
                  en: 'Stopped: the text may be incomplete.',
                })}
              </Notice>
            )}
            {versions.length > 1 && (
              <SelectField
                label={tr(lang, { pt: 'Versão', en: 'Version' })}
                options={versions.map((v, i) => ({
                  value: v.id,
                  label: tr(lang, {
                    pt: `Versão ${i + 1} de ${versions.length} · ${CHANNEL_LABELS[v.channel].pt}`,
                    en: `Version ${i + 1} of ${versions.length} · ${CHANNEL_LABELS[v.channel].en}`,
                  }),
                }))}
                value={versionId ?? ''}
                onChange={pick}
                data-testid="draft-version"
              />
            )}
            <Field
              label={tr(lang, { pt: 'Mensagem (edite à vontade)', en: 'Message (edit freely)' })}
              hint={
                channel === 'linkedin-note'
                  ? tr(lang, {
                      pt: `${noteLength} caracteres. A nota aceita ${NOTE_LIMIT_FREE} em contas gratuitas e ${NOTE_LIMIT_PREMIUM} no Premium.`,
                      en: `${noteLength} characters. The note takes ${NOTE_LIMIT_FREE} on free accounts and ${NOTE_LIMIT_PREMIUM} with Premium.`,
                    })
                  : channel === 'email'
                    ? tr(lang, {
                        pt: 'A linha "Assunto:" vai para o campo de assunto, se ele estiver vazio.',
                        en: 'The "Assunto:"/"Subject:" line goes into the subject field, if it is empty.',
                      })
                    : undefined
              }
            >
              {(control) => (
                <textarea
                  className={controlClass}
                  rows={8}
                  value={text}
                  onChange={(e) => edit(e.target.value)}
                  onBlur={() => void saveEdit()}
                  data-testid="draft-text"
                  data-version={versionIndex + 1 || undefined}
                  {...{ [DRAFT_TEXT_ATTR]: '' }}
                  {...control}
                />
              )}
            </Field>
            <label className="flex items-center gap-2 text-xs">
              <input
                type="checkbox"
                checked={replace}
                onChange={(e) => setReplace(e.target.checked)}
                data-testid="draft-replace"
              />
              {tr(lang, {
                pt: 'Substituir o que já escrevi na mensagem',
                en: 'Replace what I already wrote in the message',
              })}
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <Button
                size="sm"
                variant="primary"
                loading={ins.pending}
                onClick={(e) => void insertDraft(e.timeStamp)}
                data-testid="draft-insert"
              >
                {tr(lang, { pt: 'Inserir na mensagem', en: 'Insert into the message' })}
              </Button>
              <Button
                size="sm"
                onClick={() => void copyText(text, { pt: 'Mensagem copiada.', en: 'Message copied.' })}
                data-testid="draft-copy"
              >
                {tr(lang, { pt: 'Copiar', en: 'Copy' })}
              </Button>
              <span role="status" className="text-xs">
                {copied}
              </span>
            </div>
            {ins.view(text)}
          </>
        )
      )}
      <ReviewPanel entry={entry} tabId={tabId} channel={channel} language={language} model={model} />
    </section>
  );
}
