/** Rate limits: a token bucket per key for the profile API, fixed windows for the model API. */

/** Requests per second with a burst allowance. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  /** Takes one token; returns 0 when allowed, else the whole seconds to wait. */
  take(key: string, perSecond: number, burst: number, now: number): number {
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
  }

  clear(): void {
    this.buckets.clear();
  }
}

/** Counts requests per key in fixed windows of `windowMs`. */
export class FixedWindow {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly windowMs: number) {}

  private current(key: string, now: number) {
    const window = this.windows.get(key);
    if (window && now - window.start < this.windowMs) return window;
    const fresh = { start: now, count: 0 };
    this.windows.set(key, fresh);
    return fresh;
  }

  count(key: string, now: number): number {
    return this.current(key, now).count;
  }

  record(key: string, now: number): void {
    this.current(key, now).count += 1;
  }

  /** When the current window of `key` ends (ms since the epoch). */
  resetAt(key: string, now: number): number {
    return this.current(key, now).start + this.windowMs;
  }

  /** Whole seconds until the current window of `key` ends. */
  retryAfter(key: string, now: number): number {
    return Math.max(1, Math.ceil((this.resetAt(key, now) - now) / 1000));
  }

  clear(): void {
    this.windows.clear();
  }
}
