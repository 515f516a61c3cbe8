import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CHAT_MAX_TOKENS,
  clampMaxTokens,
  clampTemperature,
  createRateLimiter,
  maxTokensFor,
} from '@/lib/draft/limits';

describe('model limits', () => {
  it('keeps the temperature within 0–2', () => {
    expect(clampTemperature(-1)).toBe(0);
    expect(clampTemperature(0)).toBe(0);
    expect(clampTemperature(1.3)).toBe(1.3);
    expect(clampTemperature(2)).toBe(2);
    expect(clampTemperature(7)).toBe(2);
    expect(clampTemperature(Number.NaN)).toBe(0.7);
  });

  it("keeps max_tokens within each model's documented maximum", () => {
    expect(maxTokensFor('service-completion')).toBe(2048);
    expect(maxTokensFor('service-completion-large')).toBe(4096);
    expect(maxTokensFor('service-chat')).toBe(DEFAULT_CHAT_MAX_TOKENS);
    expect(clampMaxTokens(5000, 'service-completion')).toBe(2048);
    expect(clampMaxTokens(5000, 'service-completion-large')).toBe(4096);
    expect(clampMaxTokens(3000, 'service-chat')).toBe(DEFAULT_CHAT_MAX_TOKENS);
    expect(clampMaxTokens(0, 'service-chat')).toBe(1);
    expect(clampMaxTokens(250.6, 'service-chat')).toBe(251);
    expect(clampMaxTokens(Number.NaN, 'service-chat')).toBe(400);
  });
});

describe('rate limiter', () => {
  const clock = () => {
    let t = 1_000_000;
    return { now: () => t, advance: (ms: number) => (t += ms) };
  };

  it('lets 100 requests through in a minute, then says how long to wait', () => {
    const c = clock();
    const limiter = createRateLimiter([{ limit: 100, windowMs: 60_000 }], c.now);
    for (let i = 0; i < 100; i++) {
      expect(limiter.take()).toBe(0);
      c.advance(100);
    }
    // The first request was at 0 ms; now is 10 000 ms: it leaves the window in 50 s.
    expect(limiter.take()).toBe(50_000);
    // A refusal is not counted.
    expect(limiter.take()).toBe(50_000);
    c.advance(49_999);
    expect(limiter.take()).toBe(1);
    c.advance(1);
    expect(limiter.take()).toBe(0);
    // The window slides: the second request (at 100 ms) is the next to leave.
    expect(limiter.take()).toBe(100);
  });

  it('applies every window: the hourly one too', () => {
    const c = clock();
    const limiter = createRateLimiter(
      [
        { limit: 3, windowMs: 1_000 },
        { limit: 4, windowMs: 10_000 },
      ],
      c.now,
    );
    expect([limiter.take(), limiter.take(), limiter.take()]).toEqual([0, 0, 0]);
    expect(limiter.take()).toBe(1_000);
    c.advance(1_000);
    expect(limiter.take()).toBe(0);
    expect(limiter.take()).toBe(9_000);
    c.advance(9_000);
    expect(limiter.take()).toBe(0);
  });

  it('defaults to the model API limits: 100 a minute', () => {
    const c = clock();
    const limiter = createRateLimiter(undefined, c.now);
    const waits = Array.from({ length: 101 }, () => limiter.take());
    expect(waits.slice(0, 100).every((w) => w === 0)).toBe(true);
    expect(waits[100]).toBe(60_000);
  });
});
