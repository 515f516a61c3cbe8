import { Button, Field, Notice, SelectField, controlClass, useCopy } from '@/components/ui';
import { NOTE_LIMIT_FREE, NOTE_LIMIT_PREMIUM, splitSubject } from '@/lib/draft/channel';
import { MAX_DRAFT_CHARS } from '@/lib/draft/limits';
import type { StreamStatus } from '@/lib/draft/stream-state';
import { tr } from '@/lib/i18n';
import type { Channel, Lang } from '@/lib/model';
import { DRAFT_TEXT_ATTR } from './anchor';
import { CHANNEL_LABELS } from './labels';
import type { useDraftVersions } from './useDraftVersions';
import type { useInsert } from './useInsert';

/** What the channel's box says under the message: a note's length against its limits, where a subject goes. */
function channelHint(channel: Channel, text: string, lang: Lang): string | undefined {
  const noteLength = [...text.trim()].length;
  if (channel === 'linkedin-note')
    return tr(lang, {
      pt: `${noteLength} caracteres. A nota aceita ${NOTE_LIMIT_FREE} em contas gratuitas e ${NOTE_LIMIT_PREMIUM} no Premium.`,
      en: `${noteLength} characters. The note takes ${NOTE_LIMIT_FREE} on free accounts and ${NOTE_LIMIT_PREMIUM} with Premium.`,
    });
  if (channel === 'email')
    return tr(lang, {
      pt: 'A linha "Assunto:" vai para o campo de assunto, se ele estiver vazio.',
      en: 'The "Assunto:"/"Subject:" line goes into the subject field, if it is empty.',
    });
  return undefined;
}

/** Why the text may be short: the size limit, or the seller's stop. */
function EndNotice({ status, lang }: { status: StreamStatus; lang: Lang }) {
  if (status === 'truncated')
    return (
      <div data-testid="draft-truncated">
        <Notice tone="warning">
          {tr(lang, {
            pt: `A mensagem passou do limite de ${MAX_DRAFT_CHARS.toLocaleString('pt-BR')} caracteres e foi interrompida: o texto recebido até aqui foi mantido.`,
            en: `The message passed the limit of ${MAX_DRAFT_CHARS.toLocaleString('en')} characters and was stopped: the text received so far is kept.`,
          })}
        </Notice>
      </div>
    );
  if (status === 'stopped')
    return (
      <Notice tone="warning">
        {tr(lang, {
          pt: 'Geração interrompida: o texto pode estar incompleto.',
          en: 'Stopped: the text may be incomplete.',
        })}
      </Notice>
    );
  return null;
}

/**
 * The draft written (or kept): its versions, the text to edit, and where it goes — inserted into the message open
 * in the tab (an e-mail's "Assunto:" line into the subject), or copied.
 */
export function DraftResult(props: {
  text: string;
  status: StreamStatus;
  channel: Channel;
  lang: Lang;
  kept: ReturnType<typeof useDraftVersions>;
  ins: ReturnType<typeof useInsert>;
  /** "Substituir": kept by the composer, so that it holds across a new draft. */
  replace: boolean;
  onReplace(replace: boolean): void;
  onEdit(text: string): void;
  onPick(id: string): void;
}) {
  const { text, status, channel, lang, kept, ins, replace } = props;
  const { said, copy } = useCopy(lang);
  const save = () => void kept.save(text, channel);

  /** `at`: the click's own time stamp, so the double-click guard measures the person's gesture. */
  function insert(at?: number) {
    save();
    if (channel === 'email') {
      const { subject, body } = splitSubject(text);
      return ins.insert(body || text, { replace, ...(subject ? { subject } : {}) }, at);
    }
    return ins.insert(text.trim(), { replace }, at);
  }

  return (
    <>
      <EndNotice status={status} lang={lang} />
      {kept.versions.length > 1 && (
        <SelectField
          label={tr(lang, { pt: 'Versão', en: 'Version' })}
          options={kept.versions.map((v, i) => ({
            value: v.id,
            label: tr(lang, {
              pt: `Versão ${i + 1} de ${kept.versions.length} · ${CHANNEL_LABELS[v.channel].pt}`,
              en: `Version ${i + 1} of ${kept.versions.length} · ${CHANNEL_LABELS[v.channel].en}`,
            }),
          }))}
          value={kept.versionId ?? ''}
          onChange={props.onPick}
          data-testid="draft-version"
        />
      )}
      <Field
        label={tr(lang, { pt: 'Mensagem (edite à vontade)', en: 'Message (edit freely)' })}
        hint={channelHint(channel, text, lang)}
      >
        {(control) => (
          <textarea
            className={controlClass}
            rows={8}
            value={text}
            onChange={(e) => props.onEdit(e.target.value)}
            onBlur={save}
            data-testid="draft-text"
            data-version={kept.index + 1 || undefined}
            {...{ [DRAFT_TEXT_ATTR]: '' }}
            {...control}
          />
        )}
      </Field>
      <label className="flex items-center gap-2 text-xs">
        <input
          type="checkbox"
          checked={replace}
          onChange={(e) => props.onReplace(e.target.checked)}
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
          onClick={(e) => void insert(e.timeStamp)}
          data-testid="draft-insert"
        >
          {tr(lang, { pt: 'Inserir na mensagem', en: 'Insert into the message' })}
        </Button>
        <Button
          size="sm"
          onClick={() => void copy(text, { pt: 'Mensagem copiada.', en: 'Message copied.' })}
          data-testid="draft-copy"
        >
          {tr(lang, { pt: 'Copiar', en: 'Copy' })}
        </Button>
        <span role="status" className="text-xs">
          {said}
        </span>
      </div>
      {ins.view(text)}
    </>
  );
}
