import { useSend } from '@/components/panel/context';
import { useRef, useState } from 'react';
import { Button, Notice } from '@/components/ui';
import { shorten } from '@/lib/draft/channel';
import { tr } from '@/lib/i18n';
import { toApiError } from '@/lib/api/errors';
import type { ComposeTarget, Responses } from '@/lib/messaging';
import type { Lang, Text } from '@/lib/model';
import { gesture } from '@/lib/compose/gesture';

type Outcome =
  | { tone: 'success' | 'warning' | 'danger'; text: Text }
  | { tone: 'warning'; text: Text; limit: number; room: number };

/** What each outcome says, for a message ("Inserir na mensagem") and for a CRM note ("Inserir no CRM"). */
const WORDS: Record<ComposeTarget, { done: Text; none: Text; many: Text; noScript: Text; what: Text }> = {
  message: {
    done: { pt: 'Inserido na mensagem.', en: 'Inserted into the message.' },
    none: { pt: 'Abra uma mensagem e clique de novo.', en: 'Open a message and click again.' },
    many: {
      pt: 'Há mais de uma mensagem aberta: clique dentro da que quer usar e clique de novo.',
      en: 'More than one message is open: click inside the one to use and click again.',
    },
    noScript: {
      pt: 'Não é possível escrever nesta aba. Abra o Gmail, o Outlook ou o LinkedIn, abra uma mensagem e clique de novo.',
      en: 'This tab cannot be written into. Open Gmail, Outlook or LinkedIn, open a message and click again.',
    },
    what: { pt: 'A nota', en: 'The note' },
  },
  note: {
    done: { pt: 'Inserido na anotação.', en: 'Inserted into the note.' },
    none: { pt: 'Abra uma anotação no CRM e clique de novo.', en: 'Open a note in the CRM and click again.' },
    many: {
      pt: 'Há mais de uma anotação aberta: clique dentro da que quer usar e clique de novo.',
      en: 'More than one note is open: click inside the one to use and click again.',
    },
    noScript: {
      pt: 'Não é possível escrever nesta aba ainda. Com a aba do CRM à frente, clique no ícone da extensão na barra do navegador e clique de novo.',
      en: 'This tab cannot be written into yet. With the CRM tab in front, click the extension icon in the browser toolbar and click again.',
    },
    what: { pt: 'A anotação', en: 'The note' },
  },
};

/** What a compose answer means to the seller; `fitted`: the text was shortened to this field limit first. */
function outcome(
  r: Responses['compose.insert'],
  length: number,
  target: ComposeTarget,
  fitted: number | null,
): Outcome {
  const w = WORDS[target];
  if (r.ok) {
    const subject =
      r.subject === 'filled'
        ? { pt: ' Assunto preenchido.', en: ' Subject filled in.' }
        : r.subject === 'kept'
          ? { pt: ' O assunto que já estava foi mantido.', en: ' The subject already there was kept.' }
          : { pt: '', en: '' };
    if (fitted !== null)
      return {
        tone: 'success',
        text: {
          pt: `${w.done.pt} O resumo foi encurtado para caber no limite de ${fitted} caracteres.`,
          en: `${w.done.en} The summary was shortened to fit the ${fitted}-character limit.`,
        },
      };
    return { tone: 'success', text: { pt: `${w.done.pt}${subject.pt}`, en: `${w.done.en}${subject.en}` } };
  }
  if (r.reason === 'too-long')
    return {
      tone: 'warning',
      limit: r.limit,
      room: r.room,
      text: {
        pt:
          r.room > 0
            ? `${w.what.pt} aceita ${r.limit} caracteres e este texto tem ${length}. Nada foi inserido.`
            : `${w.what.pt} já está no limite de ${r.limit} caracteres. Nada foi inserido.`,
        en:
          r.room > 0
            ? `${w.what.en} takes ${r.limit} characters and this text has ${length}. Nothing was inserted.`
            : `${w.what.en} is already at its ${r.limit}-character limit. Nothing was inserted.`,
      },
    };
  if (r.reason === 'many') return { tone: 'warning', text: w.many };
  if (r.reason === 'no-script') return { tone: 'danger', text: w.noScript };
  return { tone: 'warning', text: w.none };
}

/**
 * "Inserir na mensagem" and "Inserir no CRM": sends the text to the compose box (or the CRM note) of the panel's tab.
 * A click while one insert is on its way, or within the double-click interval of the previous click, is ignored: a
 * double click inserts once (`lib/compose/gesture.ts`). A text too long for the field is
 * never cut silently: the seller is offered a shortened version to check first (`onShorten`), or, where the text is
 * written to fit (`fit`: the CRM summary for a given room), the fitted text is inserted and the notice says so.
 */
export function useInsert(
  lang: Lang,
  tabId: number | null,
  opts: {
    onShorten?(text: string): void;
    testId?: string;
    target?: ComposeTarget;
    fit?(room: number): string | null;
  },
) {
  const target = opts.target ?? 'message';
  const send = useSend();
  const clicks = useRef<ReturnType<typeof gesture> | null>(null);
  clicks.current ??= gesture(() => performance.now());
  const [pending, setPending] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);

  /** `at`: the click event's time stamp, when the caller has it (the time the person clicked). */
  async function insert(text: string, extra: { replace?: boolean; subject?: string } = {}, at?: number) {
    const guard = clicks.current!;
    if (!text.trim() || !guard.start(at)) return;
    setPending(true);
    setResult(null);
    try {
      if (tabId === null) return setResult({ tone: 'warning', text: WORDS[target].none });
      const request = {
        tabId,
        text,
        replace: extra.replace ?? false,
        target,
        ...(extra.subject ? { subject: extra.subject } : {}),
      };
      let r = await send('compose.insert', request);
      let fitted: number | null = null;
      const shorter = !r.ok && r.reason === 'too-long' && r.room > 0 ? opts.fit?.(r.room) : null;
      if (shorter && !r.ok && r.reason === 'too-long') {
        fitted = r.limit;
        r = await send('compose.insert', { ...request, text: shorter });
      }
      setResult(outcome(r, [...text].length, target, r.ok ? fitted : null));
    } catch (e) {
      setResult({
        tone: 'danger',
        text: toApiError(e, {}, { pt: 'Não foi possível inserir o texto.', en: 'Could not insert the text.' })
          .message,
      });
    } finally {
      guard.end();
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
          'limit' in result && result.room > 0 && opts.onShorten ? (
            <Button
              size="sm"
              onClick={() => {
                opts.onShorten?.(shorten(text, result.room));
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
