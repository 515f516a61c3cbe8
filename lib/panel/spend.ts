import type { Settings } from '@/lib/storage';
import type { Depth, Quote } from '@/lib/model';

/** What running the quoted lookup costs now: nothing when history serves it, unless the user asked to refresh. */
export function costOf(quote: Pick<Quote, 'credits' | 'cached'>, refresh: boolean): number {
  return quote.cached && !refresh ? 0 : quote.credits;
}

export function balanceAfter(balance: number | null | undefined, cost: number): number | null {
  return balance === null || balance === undefined ? null : balance - cost;
}

/** Plus, or any charge at or above the user's threshold, asks first, unless the user turned confirmations off. */
export function needsConfirmation(
  depth: Depth,
  cost: number,
  settings: Pick<Settings, 'confirmSpending' | 'confirmAboveCredits'>,
): boolean {
  if (!settings.confirmSpending || cost <= 0) return false;
  return depth === 'plus' || cost >= settings.confirmAboveCredits;
}
