import { useEffect, useState } from 'react';
import { send } from '@/lib/send';
import { formatDate, formatNumber, localeOf, tr, useLang } from '@/lib/i18n';
import { Button, useStored } from '@/components/ui';
import { JobView } from './JobView';
import { PlanPanel } from './PlanPanel';
import { Sources } from './Sources';
import { JOB_LABELS, plural } from './text';
import type { Lang, LookupInput } from '@/lib/model';
import { batchHeads } from '@/lib/storage';

const PAGE_TITLE = { pt: 'Análise em lote — Perfil Intel', en: 'Batch analysis — Perfil Intel' };

/** When a job was created: the date as elsewhere in the extension, and the time, for jobs of the same day. */
function createdText(lang: Lang, at: number): string {
  const time = new Date(at).toLocaleTimeString(localeOf(lang), {
    hour: '2-digit',
    minute: '2-digit',
  });
  return `${formatDate(lang, at)}, ${time}`;
}

/** The batch page: pick people, see the plan, then follow the job (which runs in the background). */
export function BatchApp({ tabId }: { tabId: number | null }) {
  const lang = useLang();
  const [people, setPeople] = useState<LookupInput[]>([]);
  const [jobId, setJobId] = useState<string | null>(() =>
    new URLSearchParams(location.hash.slice(1)).get('job'),
  );
  const jobs = useStored(batchHeads);
  const recent = Object.values(jobs ?? {}).sort((a, b) => b.createdAt - a.createdAt);

  useEffect(() => {
    document.title = tr(lang, PAGE_TITLE);
  }, [lang]);

  const open = (id: string | null) => {
    setJobId(id);
    location.hash = id ? `job=${id}` : '';
  };

  return (
    <main className="mx-auto max-w-5xl space-y-6 p-6 text-zinc-900 dark:text-zinc-100">
      <header className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold">
          {tr(lang, { pt: 'Análise em lote', en: 'Batch analysis' })}
        </h1>
        {jobId && (
          <Button variant="ghost" onClick={() => open(null)}>
            {tr(lang, { pt: 'Novo lote', en: 'New batch' })}
          </Button>
        )}
      </header>
      {jobId ? (
        <JobView jobId={jobId} lang={lang} />
      ) : (
        <>
          <Sources tabId={tabId} people={people} onChange={setPeople} lang={lang} />
          {people.length > 0 && <PlanPanel people={people} onStarted={open} lang={lang} />}
          {recent.length > 0 && (
            <section aria-labelledby="recent-title" className="space-y-2">
              <h2 id="recent-title" className="text-lg font-semibold">
                {tr(lang, { pt: 'Lotes recentes', en: 'Recent batches' })}
              </h2>
              <ul className="space-y-1">
                {recent.map((j) => {
                  const n = formatNumber(lang, j.rowCount);
                  const status = tr(lang, JOB_LABELS[j.status]);
                  return (
                    <li key={j.id}>
                      <Button variant="ghost" size="sm" onClick={() => open(j.id)}>
                        {createdText(lang, j.createdAt)} —{' '}
                        {tr(lang, {
                          pt: `${n} pessoas (${status})`,
                          en: `${n} ${plural(j.rowCount, 'person', 'people')} (${status})`,
                        })}
                      </Button>
                      {j.status !== 'running' && (
                        // Its list of people goes; the analyses stay in the history (deleted from the options).
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={tr(lang, {
                            pt: `Apagar o lote de ${createdText(lang, j.createdAt)}`,
                            en: `Delete the batch of ${createdText(lang, j.createdAt)}`,
                          })}
                          onClick={() => void send('batch.delete', { id: j.id })}
                        >
                          {tr(lang, { pt: 'Apagar', en: 'Delete' })}
                        </Button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </>
      )}
    </main>
  );
}
