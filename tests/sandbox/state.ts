/** Everything one running sandbox remembers: accounts, faults, rate-limit counters and caches. */
import { Accounts, planOf, type Account } from './accounts';
import { FixedWindow, TokenBuckets } from './rate-limit';

export interface Faults {
  ai_provider_down: boolean;
  latency_scale: number;
  /** Overrides every plan's requests per second; 0 = the plan's own limit. */
  rate_limit_per_s: number;
  /** `retry_after`: the Retry-After header of a 429 (default "1"), verbatim: seconds or an HTTP date. */
  fail_next: { status: number; count: number; retry_after?: string } | null;
  drop_connection_next: boolean;
  /** The next profile- or model-API request is answered with this redirect to `to` + its path (issue 14). */
  redirect_next: { status: number; to: string; path?: string } | null;
  /** The next charged request that arrives on a reused (keep-alive) connection is charged, then dropped. */
  reprocess_dropped_next: boolean;
  /** Replaces the credit figures of every billing_info and /creditos answer (absurd numbers). */
  absurd_billing: { creditos_restantes?: unknown; creditos_utilizados?: unknown } | null;
  /** max-age of /creditos's Cache-Control, in seconds. */
  creditos_max_age: number;
  /** Fields written over every single analysis (wrong types, a service that changed its shape). */
  malformed_analysis: Record<string, unknown> | null;
}

const MODEL_LIMITS = { perMinute: 100, perHour: 1000 };

/** One request to an analysis endpoint as it arrived: when, where, by which key, with which body. */
export interface RequestLogEntry {
  at: number;
  method: string;
  path: string;
  api_key: string | null;
  body: unknown;
}
/** The newest requests kept in the log. */
const REQUEST_LOG_SIZE = 2000;

export class SandboxState {
  readonly accounts: Accounts;
  faults!: Faults;
  readonly profileBuckets = new TokenBuckets();
  readonly profileMinutes = new FixedWindow(60_000);
  readonly modelMinutes = new FixedWindow(60_000);
  readonly modelHours = new FixedWindow(3_600_000);
  readonly creditosCache = new Map<string, { at: number; body: unknown }>();
  /** Closes the server's idle keep-alive connections (set by the server). */
  closeIdleConnections: () => void = () => undefined;
  readonly requestLog: RequestLogEntry[] = [];

  constructor(
    private readonly defaultLatencyScale: number,
    readonly now: () => number,
  ) {
    this.accounts = new Accounts(now);
    this.reset();
  }

  reset(): void {
    this.accounts.seed();
    this.faults = {
      ai_provider_down: false,
      latency_scale: this.defaultLatencyScale,
      rate_limit_per_s: 0,
      fail_next: null,
      drop_connection_next: false,
      redirect_next: null,
      reprocess_dropped_next: false,
      absurd_billing: null,
      creditos_max_age: 30,
      malformed_analysis: null,
    };
    this.clearLimits();
    this.creditosCache.clear();
    this.requestLog.length = 0;
  }

  logRequest(entry: RequestLogEntry): void {
    this.requestLog.push(entry);
    if (this.requestLog.length > REQUEST_LOG_SIZE) this.requestLog.shift();
  }

  clearLimits(): void {
    for (const limiter of [this.profileBuckets, this.profileMinutes, this.modelMinutes, this.modelHours])
      limiter.clear();
  }

  /** The account's rate limit: its plan's, unless a fault overrides it. */
  rateOf(account: Account): { perSecond: number; burst: number } {
    const override = this.faults.rate_limit_per_s;
    return override > 0 ? { perSecond: override, burst: override } : planOf(account.plan);
  }

  /** Counts one profile-API request; returns 0 or the seconds to wait. */
  limitProfileRequest(account: Account): number {
    const now = this.now();
    const { perSecond, burst } = this.rateOf(account);
    const wait = this.profileBuckets.take(account.api_key, perSecond, burst, now);
    if (wait === 0) this.profileMinutes.record(account.api_key, now);
    return wait;
  }

  /** Counts one model-API request; returns 0 or the seconds to wait. */
  limitModelRequest(key: string): number {
    const now = this.now();
    for (const [window, limit] of [
      [this.modelHours, MODEL_LIMITS.perHour],
      [this.modelMinutes, MODEL_LIMITS.perMinute],
    ] as const) {
      if (window.count(key, now) >= limit) return window.retryAfter(key, now);
    }
    this.modelMinutes.record(key, now);
    this.modelHours.record(key, now);
    return 0;
  }

  /** The status the next analysis request must fail with, if a fault asks for one. */
  takeFailure(): number | undefined {
    return this.takeFailureWithHeader()?.status;
  }

  takeFailureWithHeader(): { status: number; retryAfter: string } | undefined {
    const fail = this.faults.fail_next;
    if (!fail || fail.count <= 0) return undefined;
    fail.count -= 1;
    if (fail.count === 0) this.faults.fail_next = null;
    return { status: fail.status, retryAfter: fail.retry_after ?? '1' };
  }

  /** The redirect for a request to `path`, once (only to that path when the fault names one). */
  takeRedirect(path: string): { status: number; to: string } | null {
    const redirect = this.faults.redirect_next;
    if (!redirect || (redirect.path !== undefined && redirect.path !== path)) return null;
    this.faults.redirect_next = null;
    return redirect;
  }

  /** Whether this charged request, on a connection that served `served` requests before, is to be dropped. */
  takeReprocessDrop(served: number): boolean {
    if (!this.faults.reprocess_dropped_next || served === 0) return false;
    this.faults.reprocess_dropped_next = false;
    return true;
  }

  /** `body` with its credit figures replaced when the absurd_billing fault is on. */
  billingFigures<T extends object>(body: T): T {
    const absurd = this.faults.absurd_billing;
    if (!absurd) return body;
    const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    for (const [name, value] of Object.entries(absurd)) if (name in out) out[name] = value;
    if ('creditos_disponiveis' in out && 'creditos_restantes' in absurd)
      out.creditos_disponiveis = absurd.creditos_restantes;
    return out as T;
  }

  takeDropConnection(): boolean {
    const drop = this.faults.drop_connection_next;
    this.faults.drop_connection_next = false;
    return drop;
  }
}
