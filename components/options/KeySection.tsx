import { useState, type FormEvent } from 'react';
import { Badge, Button, Dialog, Notice, Section, TextField, useAction, useStored } from '@/components/ui';
import { tierLabel } from '@/lib/api/key-format';
import { send } from '@/lib/send';
import { tr } from '@/lib/i18n';
import { keyStatus } from '@/lib/storage';
import { KeyTestResult } from './KeyTestResult';
import { keyFormatError } from '@/lib/options/validate';
import type { Lang } from '@/lib/model';

/** The key form: paste, check the format, save (then test it). Shared by the options and the onboarding. */
export function KeyForm({ lang, onSaved }: { lang: Lang; onSaved?: () => void }) {
  const status = useStored(keyStatus);
  const [draft, setDraft] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const [save, runSave] = useAction((key: string) => send('key.set', { key }));
  const [test, runTest, resetTest] = useAction((key?: string) => send('key.test', key ? { key } : {}));
  // What a save or a test said belongs to the saved key of that moment: another key (saved here, in another
  // page, or removed) hides it at once.
  const current = status?.present ? status.masked : '';
  const [testedFor, setTestedFor] = useState<string | null>(null);
  const savedNow = save.status === 'success' && save.value.present && save.value.masked === current;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const error = keyFormatError(draft);
    setFormatError(error && tr(lang, error));
    if (error) return;
    resetTest();
    const saved = await runSave(draft.trim());
    if (saved) {
      setDraft('');
      onSaved?.();
      setTestedFor(saved.present ? saved.masked : '');
      await runTest();
    }
  };
  // Tests what is typed when there is something; otherwise the saved key.
  const testKey = () => {
    const typed = draft.trim();
    if (typed) {
      const error = keyFormatError(typed);
      setFormatError(error && tr(lang, error));
      if (error) return;
    }
    setTestedFor(current);
    void runTest(typed || undefined);
  };

  return (
    <div className="flex flex-col gap-3">
      {status?.present && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {tr(lang, { pt: 'Chave salva:', en: 'Saved key:' })}
          <code className="rounded bg-zinc-100 px-1.5 py-0.5 dark:bg-zinc-800" data-testid="masked-key">
            {status.masked}
          </code>
          {status.tier && <Badge tone="info">{tierLabel(status.tier)}</Badge>}
        </p>
      )}
      <form className="flex flex-col gap-3" onSubmit={(e) => void submit(e)} noValidate>
        <TextField
          label={
            status?.present
              ? tr(lang, { pt: 'Substituir pela chave', en: 'Replace with the key' })
              : tr(lang, { pt: 'Chave de API', en: 'API key' })
          }
          hint={tr(lang, {
            pt: 'Começa com basic_api_ ou complete_api_. Fica só neste navegador e é enviada apenas à API configurada.',
            en: 'Starts with basic_api_ or complete_api_. It stays in this browser and is sent only to the configured API.',
          })}
          error={formatError}
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setFormatError(null);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="primary" loading={save.status === 'loading'}>
            {tr(lang, { pt: 'Salvar chave', en: 'Save key' })}
          </Button>
          <Button
            onClick={testKey}
            loading={test.status === 'loading'}
            disabled={!status?.present && !draft.trim()}
          >
            {tr(lang, { pt: 'Testar chave', en: 'Test key' })}
          </Button>
        </div>
      </form>
      {savedNow && <Notice tone="success">{tr(lang, { pt: 'Chave salva.', en: 'Key saved.' })}</Notice>}
      {save.status === 'error' && <Notice tone="danger">{tr(lang, save.error)}</Notice>}
      {testedFor === current && <KeyTestResult state={test} lang={lang} />}
    </div>
  );
}

export function KeySection({ lang }: { lang: Lang }) {
  const status = useStored(keyStatus);
  const [confirming, setConfirming] = useState(false);
  const [removal, runRemove] = useAction(() => send('key.remove', {}));
  const remove = async () => {
    setConfirming(false);
    await runRemove();
  };
  return (
    <Section id="chave" title={tr(lang, { pt: 'Chave de API', en: 'API key' })}>
      <KeyForm lang={lang} />
      {status?.present && (
        <div>
          <Button variant="danger" onClick={() => setConfirming(true)} loading={removal.status === 'loading'}>
            {tr(lang, { pt: 'Remover chave', en: 'Remove key' })}
          </Button>
        </div>
      )}
      {removal.status === 'success' && !status?.present && (
        <Notice tone="success">
          {tr(lang, { pt: 'Chave removida deste navegador.', en: 'Key removed from this browser.' })}
        </Notice>
      )}
      {removal.status === 'error' && <Notice tone="danger">{tr(lang, removal.error)}</Notice>}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={tr(lang, { pt: 'Remover a chave de API?', en: 'Remove the API key?' })}
        actions={
          <>
            <Button onClick={() => setConfirming(false)}>{tr(lang, { pt: 'Cancelar', en: 'Cancel' })}</Button>
            <Button variant="danger" onClick={() => void remove()}>
              {tr(lang, { pt: 'Remover', en: 'Remove' })}
            </Button>
          </>
        }
      >
        {tr(lang, {
          pt: 'A extensão deixa de consultar a API até você salvar outra chave. O histórico é mantido.',
          en: 'The extension stops calling the API until you save another key. The history is kept.',
        })}
      </Dialog>
    </Section>
  );
}
