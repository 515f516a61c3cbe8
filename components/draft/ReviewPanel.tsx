import { useSend } from '@/components/panel/context';
import { useState } from 'react';
import { Button, Field, Notice, Spinner, controlClass } from '@/components/ui';
import { REVIEW_PORT } from '@/lib/draft/port';
import type { DraftLanguage } from '@/lib/draft/prompt';
import { applyEdit, parseReview, REVIEW_ASPECTS, type ReviewAspect } from '@/lib/draft/review';
import { tr, useLang } from '@/lib/i18n';
import { toApiError } from '@/lib/api/errors';
import { useInsert } from './useInsert';
import { useModelStream } from './useModelStream';
import type { Channel, HistoryEntry, Lang, Text } from '@/lib/model';

const ASPECT_LABELS: Record<ReviewAspect, Text> = {
  tom: { pt: 'Tom', en: 'Tone' },
  tamanho: { pt: 'Tamanho', en: 'Length' },
  objetividade: { pt: 'Objetividade', en: 'Directness' },
  abertura: { pt: 'Comece com', en: 'Lead with' },
};

/** The model's suggested edits, each applied with one click where its passage is still in the text. */
function EditList(props: {
  edits: ReturnType<typeof parseReview>['edits'];
  text: string;
  applied: number[];
  streaming: boolean;
  lang: Lang;
  onApply(i: number): void;
}) {
  const { text, applied, streaming, lang } = props;
  return (
    <ul
      className="flex flex-col gap-2"
      aria-label={tr(lang, { pt: 'Trocas sugeridas', en: 'Suggested edits' })}
    >
      {props.edits.map((edit, i) => {
        const done = applied.includes(i);
        const found = text.includes(edit.from);
        return (
          <li
            key={i}
            className="rounded-md border border-zinc-300 p-2 text-xs dark:border-zinc-600"
            data-testid="review-edit"
          >
            <del className="block bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100">{edit.from}</del>
            <ins className="block bg-emerald-50 text-emerald-900 no-underline dark:bg-emerald-950 dark:text-emerald-100">
              {edit.to}
            </ins>
            <Button
              size="sm"
              className="mt-1"
              disabled={done || !found || streaming}
              onClick={() => props.onApply(i)}
              data-testid="review-apply"
            >
              {done
                ? tr(lang, { pt: 'Aplicada', en: 'Applied' })
                : found
                  ? tr(lang, { pt: 'Aplicar', en: 'Apply' })
                  : tr(lang, { pt: 'Trecho não encontrado', en: 'Passage not found' })}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** Takes the text of the open compose box, or says in a note why it could not. */
function useTakeFromMessage(tabId: number | null, onText: (text: string) => void) {
  const send = useSend();
  const [note, setNote] = useState<Text | null>(null);

  async function take() {
    setNote(null);
    if (tabId === null)
      return setNote({ pt: 'Abra uma mensagem e clique de novo.', en: 'Open a message and click again.' });
    try {
      const r = await send('compose.read', { tabId });
      if (r.ok && r.text?.trim()) {
        onText(r.text);
      } else if (r.ok) setNote({ pt: 'A mensagem aberta está vazia.', en: 'The open message is empty.' });
      else
        setNote(
          r.reason === 'many'
            ? {
                pt: 'Há mais de uma mensagem aberta: clique dentro da que quer usar e clique de novo.',
                en: 'More than one message is open: click inside the one to use and click again.',
              }
            : { pt: 'Abra uma mensagem e clique de novo.', en: 'Open a message and click again.' },
        );
    } catch (e) {
      setNote(
        toApiError(e, {}, { pt: 'Não foi possível ler a mensagem.', en: 'Could not read the message.' })
          .message,
      );
    }
  }

  return { note, take };
}

/**
 * "Revisar meu texto": the seller's own text (pasted, or taken from the open compose box) reviewed against the
 * person's communication style, with edits applied in one click, then inserted back.
 */
export function ReviewPanel(props: {
  entry: HistoryEntry;
  tabId: number | null;
  channel: Channel;
  language: DraftLanguage;
  model: string;
}) {
  const { entry, tabId, channel, language, model } = props;
  const lang = useLang();
  const [text, setText] = useState('');
  // Taken from the compose box: inserting replaces what the seller wrote there (that is what they asked for).
  const [fromBox, setFromBox] = useState(false);
  const { note, take } = useTakeFromMessage(tabId, (taken) => {
    setText(taken);
    setFromBox(true);
  });
  const [applied, setApplied] = useState<number[]>([]);
  const answer = useModelStream(REVIEW_PORT, '', entry.id);
  const ins = useInsert(lang, tabId, { onShorten: setText, testId: 'review-insert-result' });
  const { streaming, error } = answer;
  // A review stopped midway is read as far as it came: its edits can be applied.
  const status = answer.status === 'stopped' || answer.status === 'truncated' ? 'done' : answer.status;

  const review = parseReview(answer.text);

  function start() {
    if (!text.trim() || !model) return;
    setApplied([]);
    answer.start({ entryId: entry.id, text, channel, language, model });
  }

  function apply(indexes: number[]) {
    let next = text;
    const done: number[] = [];
    for (const i of indexes) {
      const edit = review.edits[i];
      const out = edit && !applied.includes(i) ? applyEdit(next, edit) : null;
      if (out === null) continue;
      next = out;
      done.push(i);
    }
    setText(next);
    setApplied((a) => [...a, ...done]);
  }

  return (
    <section className="flex flex-col gap-2" aria-labelledby="review-title" data-testid="review">
      <h3 id="review-title" className="text-sm font-semibold">
        {tr(lang, { pt: 'Revisar meu texto', en: 'Review my text' })}
      </h3>
      <Field
        label={tr(lang, { pt: 'Seu texto', en: 'Your text' })}
        hint={tr(lang, {
          pt: 'Só a análise e este texto vão para o modelo.',
          en: 'Only the analysis and this text go to the model.',
        })}
      >
        {(control) => (
          <textarea
            className={controlClass}
            rows={5}
            maxLength={10_000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            data-testid="review-text"
            {...control}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void take()} data-testid="review-take">
          {tr(lang, { pt: 'Pegar da mensagem aberta', en: 'Take from the open message' })}
        </Button>
        {streaming ? (
          <Button size="sm" variant="danger" onClick={() => answer.stop('done')}>
            {tr(lang, { pt: 'Parar', en: 'Stop' })}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="primary"
            disabled={!text.trim() || !model}
            onClick={start}
            data-testid="review-start"
          >
            {tr(lang, { pt: 'Revisar meu texto', en: 'Review my text' })}
          </Button>
        )}
      </div>
      {note && (
        <Notice tone="warning">
          <p data-testid="review-note">{tr(lang, note)}</p>
        </Notice>
      )}
      {error && <Notice tone="danger" title={tr(lang, error.message)} />}
      {streaming && !answer.text && <Spinner label={tr(lang, { pt: 'Revisando', en: 'Reviewing' })} />}
      <ReviewSummary review={review} lang={lang} />
      {status === 'done' && !review.verdict && review.edits.length === 0 && (
        <Notice tone="warning">
          {tr(lang, {
            pt: 'A resposta do modelo não veio no formato esperado. Tente de novo.',
            en: 'The model’s answer was not in the expected format. Try again.',
          })}
        </Notice>
      )}
      {review.edits.length > 0 && (
        <EditList edits={review.edits} {...{ text, applied, streaming, lang }} onApply={(i) => apply([i])} />
      )}
      {status === 'done' && review.edits.length > 1 && (
        <Button size="sm" onClick={() => apply(review.edits.map((_, i) => i))} data-testid="review-apply-all">
          {tr(lang, { pt: 'Aplicar todas', en: 'Apply all' })}
        </Button>
      )}
      {status === 'done' && text.trim() && (
        <div className="flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="primary"
            loading={ins.pending}
            onClick={(e) => void ins.insert(text, { replace: fromBox }, e.timeStamp)}
            data-testid="review-insert"
          >
            {fromBox
              ? tr(lang, {
                  pt: 'Inserir na mensagem (substitui seu texto)',
                  en: 'Insert into the message (replaces your text)',
                })
              : tr(lang, { pt: 'Inserir na mensagem', en: 'Insert into the message' })}
          </Button>
        </div>
      )}
      {ins.view(text)}
    </section>
  );
}

/** The review's verdict and what it says of each aspect (tone, length, directness, opening). */
function ReviewSummary({ review, lang }: { review: ReturnType<typeof parseReview>; lang: Lang }) {
  if (!review.verdict && Object.keys(review.aspects).length === 0) return null;
  return (
    <div aria-live="polite" className="flex flex-col gap-1 text-sm" data-testid="review-result">
      {review.verdict && (
        <p className="font-medium" data-testid="review-verdict">
          {review.verdict}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
        {REVIEW_ASPECTS.filter((a) => review.aspects[a]).map((a) => (
          <div key={a} className="contents">
            <dt className="font-semibold">{tr(lang, ASPECT_LABELS[a])}</dt>
            <dd>{review.aspects[a]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
