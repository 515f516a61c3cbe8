import { useStored } from '@/components/ui';
import { lostText, type LostVerdict } from '@/lib/batch/lost-cost';
import { tr } from '@/lib/i18n';
import { INTERRUPTED_MESSAGE, type Lang, type LookupRequest } from '@/lib/model';
import { lookupJobs } from '@/lib/storage/session';

const same = (a: LookupRequest, b: LookupRequest) =>
  a.depth === b.depth &&
  a.lang === b.lang &&
  a.input.primeiro_nome === b.input.primeiro_nome &&
  (a.input.ultimo_nome ?? '') === (b.input.ultimo_nome ?? '') &&
  a.input.empresa === b.input.empresa;

/** What the balance says of the latest interrupted lookup of `request` (kept live: it changes once measured). */
export function useLostLookup(request: LookupRequest): LostVerdict | undefined {
  const jobs = useStored(lookupJobs);
  const job = Object.values(jobs ?? {})
    .filter((j) => j.status === 'interrupted' && same(j.request, request))
    .sort((a, b) => b.updatedAt - a.updatedAt)[0];
  return job?.status === 'interrupted' ? job.lost : undefined;
}

/** The interrupted lookup's cost: measured from the balance, still measuring, or "check your credits" when unknown. */
export function LostLookupText({ verdict, lang }: { verdict: LostVerdict | undefined; lang: Lang }) {
  return (
    <p data-testid="interrupted" data-state={verdict?.state ?? 'unknown'}>
      {tr(lang, verdict ? lostText(verdict, 1) : INTERRUPTED_MESSAGE)}
    </p>
  );
}
