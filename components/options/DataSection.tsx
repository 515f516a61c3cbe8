import { useState } from 'react';
import { Button, Dialog, Notice, Section, downloadText, useAction } from '@/components/ui';
import { exportFileName, type ExportFormat } from '@/lib/export';
import { formatNumber, tr } from '@/lib/i18n';
import { historyFile } from '@/lib/history-export';
import { send } from '@/lib/send';
import type { Lang } from '@/lib/model';

/**
 * The whole history as one file, in parts as the worker writes them (it reads and writes the next meanwhile): each
 * part becomes a piece of the file (a Blob) at once, never one string of everything. `progress` after each part.
 */
async function exportHistory(
  format: ExportFormat,
  progress: (done: number, total: number) => void,
): Promise<number> {
  const parts: Blob[] = [];
  const count = await historyFile(format, (text, done, total) => {
    parts.push(new Blob([text]));
    progress(done, total);
  });
  if (count > 0)
    downloadText(exportFileName(format), format === 'json' ? 'application/json' : 'text/csv', parts);
  return count;
}

export function DataSection({ lang }: { lang: Lang }) {
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [exported, runExport] = useAction(async (kind: ExportFormat) => {
    setProgress(null);
    try {
      return await exportHistory(kind, (done, total) => setProgress({ done, total }));
    } finally {
      setProgress(null);
    }
  });
  const [cleared, runClear] = useAction(() => send('history.clear', {}));
  const clear = async () => {
    setConfirming(false);
    await runClear();
  };

  return (
    <Section
      id="dados"
      title={tr(lang, { pt: 'Seus dados', en: 'Your data' })}
      description={tr(lang, {
        pt: 'O histórico de consultas fica só neste navegador. Exporte-o ou apague-o quando quiser.',
        en: 'The lookup history stays in this browser only. Export or delete it whenever you like.',
      })}
    >
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void runExport('json')} loading={exported.status === 'loading'}>
          {tr(lang, { pt: 'Exportar histórico (JSON)', en: 'Export history (JSON)' })}
        </Button>
        <Button onClick={() => void runExport('csv')} loading={exported.status === 'loading'}>
          {tr(lang, { pt: 'Exportar histórico (CSV)', en: 'Export history (CSV)' })}
        </Button>
        <Button variant="danger" onClick={() => setConfirming(true)} loading={cleared.status === 'loading'}>
          {tr(lang, { pt: 'Apagar todo o histórico', en: 'Delete all history' })}
        </Button>
      </div>
      {exported.status === 'loading' && progress && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" role="status" data-testid="export-progress">
          {tr(lang, {
            pt: `Exportando: ${formatNumber(lang, progress.done)} de ${formatNumber(lang, progress.total)} consultas.`,
            en: `Exporting: ${formatNumber(lang, progress.done)} of ${formatNumber(lang, progress.total)} lookups.`,
          })}
        </p>
      )}
      {exported.status === 'success' &&
        (exported.value === 0 ? (
          <Notice tone="info">
            {tr(lang, { pt: 'O histórico está vazio.', en: 'The history is empty.' })}
          </Notice>
        ) : (
          <Notice tone="success">
            {tr(lang, {
              pt: `${formatNumber(lang, exported.value)} consultas exportadas: o histórico inteiro.`,
              en: `${formatNumber(lang, exported.value)} lookups exported: the whole history.`,
            })}
          </Notice>
        ))}
      {exported.status === 'error' && <Notice tone="danger">{tr(lang, exported.error)}</Notice>}
      {cleared.status === 'success' && (
        <Notice tone="success">{tr(lang, { pt: 'Histórico apagado.', en: 'History deleted.' })}</Notice>
      )}
      {cleared.status === 'error' && <Notice tone="danger">{tr(lang, cleared.error)}</Notice>}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={tr(lang, { pt: 'Apagar todo o histórico?', en: 'Delete all history?' })}
        actions={
          <>
            <Button onClick={() => setConfirming(false)}>{tr(lang, { pt: 'Cancelar', en: 'Cancel' })}</Button>
            <Button variant="danger" onClick={() => void clear()}>
              {tr(lang, { pt: 'Apagar tudo', en: 'Delete everything' })}
            </Button>
          </>
        }
      >
        {tr(lang, {
          pt: 'Todas as análises guardadas neste navegador serão apagadas. Isso não pode ser desfeito, e consultar de novo a mesma pessoa custará créditos.',
          en: 'Every analysis kept in this browser will be deleted. This cannot be undone, and looking the same person up again will cost credits.',
        })}
      </Dialog>
    </Section>
  );
}
