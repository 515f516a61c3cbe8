import { ApiFailure, toApiError, type ApiError } from '@/lib/api/errors';
import { normalizeCredits, type BillingInfo, type NormalizedCredits } from '@/lib/api/schemas';
import { credits } from '@/lib/storage';
import type { ClientFactory } from './api';
import { type Credits, emptyCredits } from '@/lib/model';
import { creditsCheckedAt } from '@/lib/storage/session';

/** The service caches /creditos for 30 s: asking more often only returns the same (possibly stale) figure. */
export const CREDITOS_WINDOW_MS = 30_000;
/** Without `refresh`, /creditos is asked again only after this long (charging responses keep the balance current). */
const RECHECK_MS = 5 * 60_000;

/** A /creditos answer over what was known; a charging response learned after the service's cache could have been filled keeps its balance. */
function merge(old: Credits, n: NormalizedCredits, askedAt: number): Credits {
  const keepBilling =
    old.source === 'billing' && old.balance !== null && old.updatedAt > askedAt - CREDITOS_WINDOW_MS;
  return {
    balance: keepBilling ? old.balance : n.balance,
    plan: n.plan ?? old.plan,
    tier: n.tier ?? old.tier,
    status: n.status,
    renewal: n.renewal ?? old.renewal,
    allowedEndpoints: n.allowedEndpoints,
    usedThisPeriod: n.used ?? null,
    totalCredits: n.total ?? null,
    thisMonth: n.thisMonth ?? null,
    last30Days: n.last30Days ?? null,
    upgradeUrl: old.upgradeUrl,
    updatedAt: keepBilling ? old.updatedAt : askedAt,
    source: keepBilling ? 'billing' : 'creditos',
  };
}

/** The credits as an error tells them (a suspended or expired plan, an insufficient balance, a balance given). */
function withErrorFacts(old: Credits, error: ApiError, at: number): Credits {
  const d = error.details ?? {};
  // The contract has one code for both; the service's text tells an expired plan apart.
  if (error.code === 'PLAN_SUSPENDED')
    return { ...old, status: /expir/i.test(d.serviceMessage ?? '') ? 'expired' : 'suspended' };
  if (error.code === 'INSUFFICIENT_CREDITS') {
    // Without a (valid) figure the balance is not known to be 0: what was known stays.
    return {
      ...old,
      renewal: d.renewalDate ?? old.renewal,
      upgradeUrl: d.upgradeUrl ?? old.upgradeUrl,
      ...(d.balance !== undefined && {
        balance: d.balance,
        updatedAt: at,
        source: 'billing' as const,
      }),
    };
  }
  if (d.balance === undefined) return old;
  return { ...old, balance: d.balance, updatedAt: at, source: 'billing' };
}

/** The credits after a charging response reported `balance` (and the plan). */
function withBilling(old: Credits, balance: number, plan: string | undefined, at: number): Credits {
  return {
    ...old,
    balance,
    // What was used this period follows the balance, so the popup agrees with the service's ledger.
    usedThisPeriod:
      old.usedThisPeriod !== null && old.balance !== null && old.balance >= balance
        ? old.usedThisPeriod + (old.balance - balance)
        : old.usedThisPeriod,
    plan: plan ?? old.plan,
    // The service charged, so the plan works.
    status: 'active',
    updatedAt: at,
    source: 'billing',
  };
}

export function createCreditsService({
  client,
  now = Date.now,
}: {
  client: ClientFactory;
  now?: () => number;
}) {
  let inFlight: Promise<Credits> | null = null;
  /** Charging calls in flight, and how many were ever begun: a balance drop is read only for a call alone. */
  let charging = 0;
  let chargesBegun = 0;
  // Also kept in memory: two pages asking at once must not both pass the window check.
  let lastAsked = 0;

  async function ask(key?: string): Promise<NormalizedCredits> {
    try {
      return normalizeCredits(await (await client(key === undefined ? {} : { key })).creditos());
    } catch (e) {
      throw new ApiFailure(toApiError(e));
    }
  }

  /** Asks /creditos for the saved key and stores the answer; a suspended plan is stored as such. */
  async function refreshStored(askedAt: number): Promise<Credits> {
    lastAsked = askedAt;
    await creditsCheckedAt.set(askedAt);
    try {
      const n = await ask();
      return await credits.update((old) => merge(old, n, askedAt));
    } catch (e) {
      const error = toApiError(e);
      if (error.code === 'PLAN_SUSPENDED') await fromError(error);
      throw e;
    }
  }

  /** Updates the stored credits from what an error says about the account; returns them. */
  function fromError(error: ApiError): Promise<Credits> {
    return credits.update((old) => withErrorFacts(old, error, now()));
  }

  /**
   * The stored credits. /creditos is asked at most once per 30 s whoever asks, even with `refresh`; without it,
   * at most once per 5 minutes.
   */
  async function get({ refresh = false }: { refresh?: boolean } = {}): Promise<Credits> {
    const [stored, checkedAt] = await Promise.all([credits.get(), creditsCheckedAt.get()]);
    if (inFlight) return inFlight;
    if (now() - Math.max(checkedAt, lastAsked) < (refresh ? CREDITOS_WINDOW_MS : RECHECK_MS)) return stored;
    lastAsked = now();
    inFlight = refreshStored(lastAsked)
      .catch((e: unknown) => {
        // A suspended plan is an answer, shown by the pages from the stored status.
        if (toApiError(e).code === 'PLAN_SUSPENDED') return credits.get();
        throw e;
      })
      .finally(() => (inFlight = null));
    return inFlight;
  }

  return {
    get,

    /**
     * key.test: asks /creditos now with the saved key (stored, and it restarts the 30 s window) or with another
     * key (answered, never stored). Errors are thrown as they came, PLAN_SUSPENDED included.
     */
    async test(key?: string): Promise<Credits> {
      if (key === undefined) return refreshStored(now());
      return merge(emptyCredits, await ask(key), now());
    },

    /**
     * The balance just before a charging call: the stored one when learned within the service's 30 s cache,
     * else a fresh /creditos through `get` (the one a quote already asked, if it is still on its way; never more than
     * one in 30 s). null when it cannot be known fresh (the call still goes ahead).
     */
    async balanceBefore(): Promise<number | null> {
      const fresh = (c: Credits) =>
        c.balance !== null && now() - c.updatedAt < CREDITOS_WINDOW_MS ? c.balance : null;
      const stored = await credits.get();
      if (fresh(stored) !== null) return stored.balance;
      try {
        return fresh(await get({ refresh: true }));
      } catch {
        return null;
      }
    },

    /**
     * When a quote is asked (the panel asks the price before the user can click): a balance older than the service's
     * 30 s cache is read again now, not awaited, so that a click soon after finds it known and its charge does not
     * wait for /creditos.
     */
    freshen(): void {
      void credits
        .get()
        .then((stored) => {
          if (stored.balance === null || now() - stored.updatedAt >= CREDITOS_WINDOW_MS)
            return get({ refresh: true });
        })
        .catch(() => undefined);
    },

    /**
     * Marks a charging call; `end()` tells whether it ran alone (no other charging call overlapped it), the only
     * case where the balance's drop is this call's own.
     */
    beginCharge(): { end(): boolean } {
      const overlapped = charging > 0;
      const mine = ++chargesBegun;
      charging++;
      let ended = false;
      return {
        end() {
          if (!ended) charging--;
          ended = true;
          return !overlapped && chargesBegun === mine;
        },
      };
    },

    /** The balance a charging response reports (creditos_restantes): fresher than /creditos. */
    async fromBilling(billing: BillingInfo | undefined): Promise<void> {
      const balance = billing?.creditos_restantes;
      if (balance === undefined) return;
      await credits.update((old) => withBilling(old, balance, billing?.tipo_plano, now()));
    },

    fromError,

    /** A new key means another account: forget what was known about the old one. */
    async reset(): Promise<void> {
      lastAsked = 0;
      await Promise.all([credits.set(emptyCredits), creditsCheckedAt.set(0)]);
    },
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
