import { useState } from 'react';
import { FIELD_LABELS } from '@/lib/batch/import';
import { tr } from '@/lib/i18n';
import { Button, Dialog, TextField } from '@/components/ui';
import { rowErrorText } from './text';
import type { BatchRow, Lang, LookupInput } from '@/lib/model';

/** Fix a failed row (a company name, some context) and send it again. */
export function RowEditor({
  row,
  lang,
  onClose,
  onRetry,
}: {
  row: BatchRow;
  lang: Lang;
  onClose: () => void;
  onRetry: (input: LookupInput) => Promise<void>;
}) {
  const [input, setInput] = useState<LookupInput>(row.input);
  const set = (k: keyof LookupInput) => (value: string) => setInput({ ...input, [k]: value });
  return (
    <Dialog
      open
      title={tr(lang, { pt: 'Editar e tentar de novo', en: 'Edit and try again' })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{tr(lang, { pt: 'Fechar', en: 'Close' })}</Button>
          <Button variant="primary" onClick={() => void onRetry(input)}>
            {tr(lang, { pt: 'Tentar de novo', en: 'Try again' })}
          </Button>
        </>
      }
    >
      {row.error && (
        <p className="text-sm text-red-700 dark:text-red-300">
          {rowErrorText(lang, row)} ({row.error_code})
        </p>
      )}
      <TextField
        label={tr(lang, FIELD_LABELS.first)}
        value={input.primeiro_nome}
        onChange={(e) => set('primeiro_nome')(e.target.value)}
      />
      <TextField
        label={tr(lang, FIELD_LABELS.last)}
        value={input.ultimo_nome}
        onChange={(e) => set('ultimo_nome')(e.target.value)}
      />
      <TextField
        label={tr(lang, FIELD_LABELS.company)}
        value={input.empresa}
        onChange={(e) => set('empresa')(e.target.value)}
      />
      <TextField
        label={tr(lang, FIELD_LABELS.context)}
        value={input.contexto_adicional ?? ''}
        onChange={(e) => set('contexto_adicional')(e.target.value)}
      />
    </Dialog>
  );
}
