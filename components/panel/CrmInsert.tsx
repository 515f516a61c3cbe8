import { useMemo } from 'react';
import { Button } from '@/components/ui';
import { useInsert } from '@/components/draft/useInsert';
import { crmSummary } from '@/lib/compose/summary';
import { tr } from '@/lib/i18n';
import type { HistoryEntry, Lang } from '@/lib/model';
import { usePanel } from './context';

/**
 * "Inserir no CRM": the analysis's summary typed into the note the seller opened on the CRM record in the panel's tab,
 * through the same insertion as "Inserir na mensagem". A note field with a limit gets the summary written to fit it.
 */
export function CrmInsert({ entry, lang }: { entry: HistoryEntry; lang: Lang }) {
  const tabId = usePanel((s) => s.tabId);
  const ins = useInsert(lang, tabId, {
    target: 'note',
    testId: 'crm-insert-result',
    fit: (room) => crmSummary(entry, lang, room)?.text ?? null,
  });
  // without a limit the summary always exists (its closing line fits)
  const text = useMemo(() => crmSummary(entry, lang)?.text ?? '', [entry, lang]);
  return (
    <div className="flex flex-col gap-1.5 print:hidden">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          loading={ins.pending}
          onClick={(e) => void ins.insert(text, {}, e.timeStamp)}
          data-testid="crm-insert"
          title={tr(lang, {
            pt: 'Escreve um resumo da análise na anotação aberta no CRM (HubSpot, Pipedrive, RD Station, Salesforce, Agendor, Zoho)',
            en: 'Writes a summary of the analysis into the note open in the CRM (HubSpot, Pipedrive, RD Station, Salesforce, Agendor, Zoho)',
          })}
        >
          {tr(lang, { pt: 'Inserir no CRM', en: 'Insert into the CRM' })}
        </Button>
      </div>
      <details className="text-xs">
        <summary className="cursor-pointer">
          {tr(lang, { pt: 'O que será escrito na anotação', en: 'What goes into the note' })}
        </summary>
        <pre className="mt-1 whitespace-pre-wrap font-sans" data-testid="crm-summary">
          {text}
        </pre>
      </details>
      {ins.view(text)}
    </div>
  );
}
