import { useSend } from '@/components/panel/context';
import { useRef, useState } from 'react';
import { Button, Notice } from '@/components/ui';
import { shorten } from '@/lib/draft/channel';
import { tr } from '@/lib/i18n';
import { toApiError } from '@/lib/api/errors';
import type { Responses } from '@/lib/messaging';
import type { Lang, Text } from '@/lib/model';

type Outcome =
  | { tone: 'success' | 'warning' | 'danger'; text: Text }
  | { tone: 'warning'; text: Text; limit: number; room: number };

const NO_BOX: Text = { pt: 'Abra uma mensagem e clique de novo.', en: 'Open a message and click again.' };
const MANY: Text = {
  pt: 'Há mais de uma mensagem aberta: clique dentro da que quer usar e clique de novo.',
  en: 'More than one message is open: click inside the one to use and click again.',
};
const NO_SCRIPT: Text = {
  pt: 'Não é possível escrever nesta aba. Abra o Gmail, o Outlook ou o LinkedIn, abra uma mensagem e clique de novo.',
  en: 'This tab cannot be written into. Open Gmail, Outlook or LinkedIn, open a message and click again.',
};

/** What a compose answer means to the seller. */
function outcome(r: Responses['compose.insert'], length: number): Outcome {
  if (r.ok) {
    const subject =
      r.subject === 'filled'
        ? { pt: ' Assunto preenchido.', en: ' Subject filled in.' }
        : r.subject === 'kept'
          ? { pt: ' O assunto que já estava foi mantido.', en: ' The subject already there was kept.' }
          : { pt: '', en: '' };
    return {
      tone: 'success',
      text: { pt: `Inserido na mensagem.${subject.pt}`, en: `Inserted into the message.${subject.en}` },
    };
  }
  if (r.reason === 'too-long')
    return {
      tone: 'warning',
      limit: r.limit,
      room: r.room,
      text: {
        pt:
          r.room > 0
            ? `A nota aceita ${r.limit} caracteres e este texto tem ${length}. Nada foi inserido.`
            : `A nota já está no limite de ${r.limit} caracteres. Nada foi inserido.`,
        en:
          r.room > 0
            ? `The note takes ${r.limit} characters and this text has ${length}. Nothing was inserted.`
            : `The note is already at its ${r.limit}-character limit. Nothing was inserted.`,
      },
    };
  if (r.reason === 'many') return { tone: 'warning', text: MANY };
  if (r.reason === 'no-script') return { tone: 'danger', text: NO_SCRIPT };
  return { tone: 'warning', text: NO_BOX };
}

/**
 * "Inserir na mensagem": sends the text to the compose box of the panel's tab. A click while one insert is on its
 * way is ignored (a double click inserts once). A text too long for the field is never cut silently: the seller
 * is offered a shortened version to check first.
 */
export function useInsert(
  lang: Lang,
  tabId: number | null,
  opts: { onShorten(text: string): void; testId?: string },
) {
  const send = useSend();
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);

  async function insert(text: string, extra: { replace?: boolean; subject?: string } = {}) {
    if (busy.current || !text.trim()) return;
    busy.current = true;
    setPending(true);
    setResult(null);
    try {
      if (tabId === null) return setResult({ tone: 'warning', text: NO_BOX });
      const r = await send('compose.insert', {
        tabId,
        text,
        replace: extra.replace ?? false,
        ...(extra.subject ? { subject: extra.subject } : {}),
      });
      setResult(outcome(r, [...text].length));
    } catch (e) {
      setResult({
        tone: 'danger',
        text: toApiError(e, {}, { pt: 'Não foi possível inserir o texto.', en: 'Could not insert the text.' })
          .message,
      });
    } finally {
      busy.current = false;
      setPending(false);
    }
  }

  function view(text: string) {
    if (!result) return null;
    const testId = opts.testId ?? 'insert-result';
    return (
      <Notice
        tone={result.tone}
        action={
          'limit' in result && result.room > 0 ? (
            <Button
              size="sm"
              onClick={() => {
                opts.onShorten(shorten(text, result.room));
                setResult({
                  tone: 'warning',
                  text: {
                    pt: `Texto encurtado para caber em ${result.limit} caracteres: confira e clique em "Inserir na mensagem".`,
                    en: `Text shortened to fit ${result.limit} characters: check it and click "Insert into the message".`,
                  },
                });
              }}
              data-testid={`${testId}-shorten`}
            >
              {tr(lang, { pt: `Encurtar para ${result.limit}`, en: `Shorten to ${result.limit}` })}
            </Button>
          ) : undefined
        }
      >
        <p data-testid={testId}>{tr(lang, result.text)}</p>
      </Notice>
    );
  }

  return { insert, pending, view };
}
