import { personKey } from '@/lib/history';
import type { BatchPlan, LookupInput, PlannedPerson, PlanStatus } from '@/lib/model';

/*
 * What a batch will cost before anything is sent: people merged by person key, those already in the history
 * skipped (unless refresh), incomplete ones set aside, and the cost checked against the balance.
 */

export interface PlanInput {
  people: LookupInput[];
  creditsPerProfile: number;
  balance: number | null;
  /** The history entry id per person key, for people analysed recently enough at this depth or deeper. */
  cached: ReadonlyMap<string, string>;
  refresh: boolean;
}

/** The service requires the last name on batch items. */
export function missingFields(p: LookupInput): string | undefined {
  const missing = [
    !p.primeiro_nome.trim() && 'nome',
    !p.ultimo_nome.trim() && 'sobrenome',
    !p.empresa.trim() && 'empresa',
  ].filter(Boolean);
  return missing.length ? `Falta ${missing.join(', ')}` : undefined;
}

export function planBatch({ people, creditsPerProfile, balance, cached, refresh }: PlanInput): BatchPlan {
  const seen = new Set<string>();
  const planned = people.map((input): PlannedPerson => {
    const key = personKey(input);
    const reason = missingFields(input);
    if (reason) return { input, key, status: 'invalid', reason };
    if (seen.has(key)) return { input, key, status: 'duplicate' };
    seen.add(key);
    const entryId = refresh ? undefined : cached.get(key);
    return entryId ? { input, key, status: 'cached', entryId } : { input, key, status: 'new' };
  });
  const count = (s: PlanStatus) => planned.filter((p) => p.status === s).length;
  const toSend = count('new');
  const cost = toSend * creditsPerProfile;
  const fits =
    balance === null ? toSend : Math.min(toSend, Math.floor(Math.max(0, balance) / creditsPerProfile));
  return {
    people: planned,
    toSend,
    cached: count('cached'),
    duplicates: count('duplicate'),
    invalid: count('invalid'),
    creditsPerProfile,
    cost,
    balance,
    fits,
    short: fits < toSend,
  };
}

/** The people a job takes: the cached ones, and the first `limit` of those to send ("run what fits"). */
export function selectForJob(plan: BatchPlan, limit = plan.toSend): PlannedPerson[] {
  let left = limit;
  return plan.people.filter((p) => p.status === 'cached' || (p.status === 'new' && left-- > 0));
}
