import { useState } from 'react';
import { Button, Dialog, Notice, Section, downloadText, useAction } from '@/components/ui';
import { exportFileName, historyToCsv, historyToJson } from '@/lib/export';
import { tr } from '@/lib/i18n';
import { send } from '@/lib/messaging';
import { meetingBriefs } from '@/lib/storage';
import type { HistoryEntry, Lang } from '@/lib/model';

/** The protocol's largest page of history. */
const MAX_ENTRIES = 500;

async function allEntries(): Promise<HistoryEntry[]> {
  const summaries = await send('history.list', { limit: MAX_ENTRIES });
  const entries = await Promise.all(summaries.map((s) => send('history.get', { id: s.id })));
  return entries.filter((e): e is HistoryEntry => e !== null);
}

export function DataSection({ lang }: { lang: Lang }) {
  const [confirming, setConfirming] = useState(false);
  const [exported, runExport] = useAction(async (kind: 'json' | 'csv') => {
    const entries = await allEntries();
    if (entries.length > 0) {
      const text = kind === 'json' ? historyToJson(entries) : historyToCsv(entries);
      downloadText(exportFileName(kind), kind === 'json' ? 'application/json' : 'text/csv', text);
    }
    return entries.length;
  });
  const [cleared, runClear] = useAction(async () => {
    const done = await send('history.clear', {});
    // the meeting briefs are made of the analyses: they go with them
    await meetingBriefs.remove();
    return done;
  });
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
      {exported.status === 'success' &&
        (exported.value === 0 ? (
          <Notice tone="info">
            {tr(lang, { pt: 'O histórico está vazio.', en: 'The history is empty.' })}
          </Notice>
        ) : (
          <Notice tone="success">
            {tr(lang, {
              pt: `${exported.value} consultas exportadas.`,
              en: `${exported.value} lookups exported.`,
            })}
            {exported.value >= MAX_ENTRIES &&
              tr(lang, {
                pt: ` São as ${MAX_ENTRIES} mais recentes; apague-as depois de guardar o arquivo para exportar as anteriores.`,
                en: ` These are the ${MAX_ENTRIES} most recent; delete them once the file is kept to export older ones.`,
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
