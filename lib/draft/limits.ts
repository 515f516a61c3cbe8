/* The model API's documented limits (docs/api-contract.md, Model API), kept by the client before anything is sent. */

export const TEMPERATURE_MIN = 0;
export const TEMPERATURE_MAX = 2;
export const DEFAULT_TEMPERATURE = 0.7;

/** Documented maximum tokens per model. */
export const MODEL_MAX_TOKENS: Record<string, number> = {
  'service-completion': 2048,
  'service-completion-large': 4096,
};
/**
 * Chat models have no documented maximum: the smallest documented one, halved, leaves room for the prompt in
 * any of the documented contexts.
 */
export const DEFAULT_CHAT_MAX_TOKENS = 1024;
export const DEFAULT_MAX_TOKENS = 400;
/** The longest model id a draft request carries. */
export const MAX_MODEL_ID = 200;
/**
 * The longest draft kept, whatever `max_tokens` says: a service that ignores it must not fill the page. A
 * 4096-token reply is about 18,000 characters of Portuguese.
 */
export const MAX_DRAFT_CHARS = 24_000;

const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));

export function clampTemperature(t: number): number {
  return Number.isFinite(t) ? clamp(t, TEMPERATURE_MIN, TEMPERATURE_MAX) : DEFAULT_TEMPERATURE;
}

/** The most tokens a reply from `model` may ask for. */
export function maxTokensFor(model: string): number {
  return MODEL_MAX_TOKENS[model] ?? DEFAULT_CHAT_MAX_TOKENS;
}

/** A whole number of tokens between 1 and the model's maximum. */
export function clampMaxTokens(n: number, model: string): number {
  const max = maxTokensFor(model);
  return Number.isFinite(n) ? clamp(Math.round(n), 1, max) : Math.min(DEFAULT_MAX_TOKENS, max);
}

/** The model API allows 100 requests a minute and 1000 an hour per key. */
export const MODEL_API_WINDOWS = [
  { limit: 100, windowMs: 60_000 },
  { limit: 1000, windowMs: 3_600_000 },
] as const;

export interface RateLimiter {
  /** Records a request and returns 0 when it may go now; otherwise records nothing and returns the ms to wait. */
  take(): number;
}

/** A sliding-window limiter: at most `limit` requests in any `windowMs`, for every window given. */
export function createRateLimiter(
  windows: readonly { limit: number; windowMs: number }[] = MODEL_API_WINDOWS,
  now: () => number = Date.now,
): RateLimiter {
  const longest = Math.max(...windows.map((w) => w.windowMs));
  // Times of the requests sent, oldest first, kept for the longest window only.
  const sent: number[] = [];
  return {
    take() {
      const t = now();
      while (sent.length > 0 && sent[0]! <= t - longest) sent.shift();
      let wait = 0;
      for (const { limit, windowMs } of windows) {
        const inWindow = sent.filter((s) => s > t - windowMs);
        // The request that frees a slot is the oldest of the last `limit` in this window.
        if (inWindow.length >= limit)
          wait = Math.max(wait, inWindow[inWindow.length - limit]! + windowMs - t);
      }
      if (wait === 0) sent.push(t);
      return wait;
    },
  };
}
