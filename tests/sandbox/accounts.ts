/** Sandbox accounts, their credit balance and the ledger of every charge. */
import { randomBytes } from 'node:crypto';

export type Tier = 'basic' | 'complete' | 'plus';
export type PlanStatus = 'active' | 'suspended' | 'expired';
export const TIERS: readonly Tier[] = ['basic', 'complete', 'plus'];
export const PLAN_STATUSES: readonly PlanStatus[] = ['active', 'suspended', 'expired'];

/** Monthly credits and rate limits of each plan (docs/api-contract.md). */
const PLANS: Record<string, { credits: number; perSecond: number; burst: number }> = {
  platform_essentials: { credits: 100, perSecond: 5, burst: 10 },
  platform_professional: { credits: 500, perSecond: 10, burst: 20 },
  crm_business: { credits: 5000, perSecond: 10, burst: 20 },
  crm_enterprise: { credits: 10000, perSecond: 15, burst: 30 },
};
const UNKNOWN_PLAN = { credits: 100, perSecond: 5, burst: 10 };
export const planOf = (plan: string) => PLANS[plan] ?? UNKNOWN_PLAN;
const DEFAULT_PLAN: Record<Tier, string> = {
  basic: 'platform_professional',
  complete: 'crm_business',
  plus: 'crm_enterprise',
};

/** Fixed keys, so that docs and tests can name them. */
export const DEMO_KEYS = {
  basic: 'basic_api_sandboxDemoBasic01',
  complete: 'complete_api_sandboxDemoComplete01',
  plus: 'complete_api_sandboxDemoPlus01',
  low: 'complete_api_sandboxDemoLow01',
  suspended: 'complete_api_sandboxDemoSuspended01',
} as const;

const DEMO_ACCOUNTS: Record<keyof typeof DEMO_KEYS, NewAccount> = {
  basic: { tier: 'basic' },
  complete: { tier: 'complete' },
  plus: { tier: 'plus' },
  low: { tier: 'complete', credits: 3 },
  suspended: { tier: 'complete', status: 'suspended' },
};

export interface LedgerEntry {
  at: string;
  endpoint: string;
  credits: number;
  profiles?: number;
  request_id: string;
}

export interface Account {
  api_key: string;
  tier: Tier;
  plan: string;
  status: PlanStatus;
  initialCredits: number;
  balance: number;
  ledger: LedgerEntry[];
}

export interface NewAccount {
  tier: Tier;
  plan?: string;
  credits?: number;
  status?: PlanStatus;
}

function withDefaults(spec: NewAccount): Required<NewAccount> {
  const plan = spec.plan ?? DEFAULT_PLAN[spec.tier];
  return {
    tier: spec.tier,
    plan,
    credits: spec.credits ?? planOf(plan).credits,
    status: spec.status ?? 'active',
  };
}

/** The demo accounts every start seeds, for printing. */
export const demoAccounts = () =>
  Object.entries(DEMO_ACCOUNTS).map(([name, spec]) => ({
    name,
    api_key: DEMO_KEYS[name as keyof typeof DEMO_KEYS],
    ...withDefaults(spec),
  }));

export const tierRank = (tier: Tier) => TIERS.indexOf(tier);

/** First day of the next month (UTC), when plan credits renew. */
export function renewalDate(now: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
}

export class Accounts {
  private readonly byKey = new Map<string, Account>();

  constructor(private readonly now: () => number) {
    this.seed();
  }

  /** Drops every account and re-creates the demo ones. */
  seed(): void {
    this.byKey.clear();
    for (const [name, spec] of Object.entries(DEMO_ACCOUNTS)) {
      this.create(spec, DEMO_KEYS[name as keyof typeof DEMO_KEYS]);
    }
  }

  create(spec: NewAccount, key?: string): Account {
    const { tier, plan, credits, status } = withDefaults(spec);
    const prefix = tier === 'basic' ? 'basic_api_' : 'complete_api_';
    const account: Account = {
      api_key: key ?? prefix + randomBytes(12).toString('hex'),
      tier,
      plan,
      status,
      initialCredits: credits,
      balance: credits,
      ledger: [],
    };
    this.byKey.set(account.api_key, account);
    return account;
  }

  get(key: string | undefined): Account | undefined {
    return key === undefined ? undefined : this.byKey.get(key);
  }

  /**
   * Checks that `required` credits are available and debits `credits`, in one synchronous step: nothing
   * can run in between, so concurrent requests never overspend. Returns false when the balance is short.
   */
  debit(account: Account, required: number, charge: Omit<LedgerEntry, 'at'>): boolean {
    if (account.balance < required) return false;
    if (charge.credits > 0) {
      account.balance -= charge.credits;
      account.ledger.push({ at: new Date(this.now()).toISOString(), ...charge });
    }
    return true;
  }

  used(account: Account): number {
    return account.ledger.reduce((sum, entry) => sum + entry.credits, 0);
  }
}

/** billing_info after a request that used `used` credits. */
export function billingInfo(account: Account, used: number) {
  return { creditos_utilizados: used, creditos_restantes: account.balance, tipo_plano: account.plan };
}
