import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CREDITS, validCredits } from '@/lib/api/billing';
import { createApiClient } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import { errorFromResponse, MAX_RETRY_AFTER_SEC, parseRetryAfter } from '@/lib/api/response-errors';
import { billingInfoSchema, creditosSchema, normalizeCredits } from '@/lib/api/schemas';
import { startRecorder, type RunningRecorder } from '../../sandbox/recorder';
import { setupSandbox } from './sandbox';

const SET_TIMEOUT_MAX_MS = 2 ** 31 - 1;

describe('credit figures', () => {
  it('whole numbers in 0..1e9 only', () => {
    for (const ok of [0, 1, 5000, MAX_CREDITS]) expect(validCredits(ok)).toBe(ok);
    for (const bad of [-1, -50, 2.5, 97.5, 1e20, MAX_CREDITS + 1, NaN, Infinity, '5', null, undefined, {}])
      expect(validCredits(bad)).toBeUndefined();
  });

  it('property: the validator answers a whole number within bounds, or nothing', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        const n = validCredits(v);
        return n === undefined || (Number.isSafeInteger(n) && n >= 0 && n <= MAX_CREDITS && n === v);
      }),
    );
  });

  it('property: billing_info and /creditos never carry an invalid figure, whatever the service sends', () => {
    const figure = fc.oneof(fc.double(), fc.integer(), fc.constant(1e20), fc.anything());
    fc.assert(
      fc.property(figure, figure, figure, (a, b, c) => {
        const billing = billingInfoSchema.safeParse({ creditos_restantes: a, creditos_utilizados: b });
        if (!billing.success) return false;
        for (const v of [billing.data.creditos_restantes, billing.data.creditos_utilizados])
          if (v !== undefined && validCredits(v) === undefined) return false;
        const creditos = creditosSchema.safeParse({ creditos_disponiveis: a, creditos_restantes: c });
        if (!creditos.success) return true; // no readable balance: an error, never a figure
        const n = normalizeCredits(creditos.data);
        return validCredits(n.balance) !== undefined;
      }),
    );
  });

  it('a 402 without a readable figure tells no balance; a readable one is kept', () => {
    const ctx = { charging: true, endpoint: '/crm' };
    const none = errorFromResponse(402, { error: 'Créditos insuficientes' }, null, ctx);
    expect(none.details?.balance).toBeUndefined();
    const absurd = errorFromResponse(
      402,
      { error: 'x', billing_info: { creditos_restantes: -50, creditos_utilizados: 1e20 } },
      null,
      ctx,
    );
    expect(absurd.details?.balance).toBeUndefined();
    expect(absurd).toMatchObject({ charged: 'no', creditsCharged: 0 });
    const fine = errorFromResponse(402, { error: 'x', billing_info: { creditos_restantes: 2 } }, null, ctx);
    expect(fine.details?.balance).toBe(2);
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);

  it('reads seconds and HTTP dates, bounded to 7 days', () => {
    expect(parseRetryAfter('5', undefined, now)).toBe(5);
    expect(parseRetryAfter(' 0 ', undefined, now)).toBe(0);
    expect(parseRetryAfter('1.2', undefined, now)).toBe(2);
    expect(parseRetryAfter('3000000', undefined, now)).toBe(MAX_RETRY_AFTER_SEC);
    expect(parseRetryAfter('9'.repeat(400), undefined, now)).toBe(MAX_RETRY_AFTER_SEC);
    expect(parseRetryAfter('Thu, 01 Jan 2026 12:01:00 GMT', undefined, now)).toBe(60);
    expect(parseRetryAfter('Fri, 31 Dec 9999 23:59:59 GMT', undefined, now)).toBe(MAX_RETRY_AFTER_SEC);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', undefined, now)).toBe(0);
    expect(parseRetryAfter('-5', undefined, now)).toBeUndefined();
    expect(parseRetryAfter('soon', undefined, now)).toBeUndefined();
    expect(parseRetryAfter(null, 7, now)).toBe(7);
    expect(parseRetryAfter(null, -1, now)).toBeUndefined();
    expect(parseRetryAfter(null, 1e300, now)).toBe(MAX_RETRY_AFTER_SEC);
  });

  it('property: always an integer in 0..7 days, never over setTimeout’s limit, never throws', () => {
    const header = fc.oneof(
      fc.string(),
      fc.nat().map(String),
      fc.double().map(String),
      fc.date({ noInvalidDate: true }).map((d) => d.toUTCString()),
      fc.constantFrom('Fri, 31 Dec 9999 23:59:59 GMT', '3000000', '1e400', 'Infinity', 'NaN'),
    );
    fc.assert(
      fc.property(fc.option(header), fc.option(fc.anything()), fc.integer(), (h, body, t) => {
        const sec = parseRetryAfter(h, body, t);
        return (
          sec === undefined ||
          (Number.isInteger(sec) && sec >= 0 && sec <= MAX_RETRY_AFTER_SEC && sec * 1000 < SET_TIMEOUT_MAX_MS)
        );
      }),
    );
  });

  it('a long wait is given as a time of day, and marked not to be waited for', () => {
    const headers = new Headers({ 'retry-after': '3000000' });
    const e = errorFromResponse(429, {}, headers, { charging: true, endpoint: '/crm' });
    expect(e.retryAt).toBeGreaterThan(Date.now());
    expect(e.message.pt).toMatch(/Tente novamente às \d{2}:\d{2}/);
    expect(e.message.en).toMatch(/Try again at \d{2}:\d{2}/);
    const short = errorFromResponse(429, {}, new Headers({ 'retry-after': '3' }), { endpoint: '/crm' });
    expect(short.retryAt).toBeUndefined();
    expect(short.message.pt).toContain('3 s');
  });
});

describe('client: redirects and the HTTP cache', () => {
  const sandbox = setupSandbox();
  let other: RunningRecorder;
  beforeAll(async () => {
    other = await startRecorder();
  });
  afterAll(() => other.close());

  it('every request is sent with redirect "manual" and cache "no-store"', async () => {
    const seen: Request[] = [];
    const client = createApiClient({
      baseUrl: sandbox.url(),
      llmBaseUrl: sandbox.url(),
      apiKey: 'complete_api_sandboxDemoComplete01',
      fetch: async (input, init) => {
        const req = new Request(input, init);
        seen.push(req);
        return fetch(req);
      },
    });
    await client.creditos();
    await client.models.list();
    expect(seen.map((r) => [r.redirect, r.cache])).toEqual([
      ['manual', 'no-store'],
      ['manual', 'no-store'],
    ]);
  });

  for (const [status, call] of [
    [307, 'crm'],
    [302, 'creditos'],
    [308, 'models'],
  ] as const) {
    it(`${status} to another origin: REDIRECTED, the other origin receives nothing, nothing charged`, async () => {
      const key = await sandbox.account({ tier: 'complete', credits: 10 });
      const client = sandbox.client(key);
      await sandbox.faults({ redirect_next: { status, to: other.url } });
      const before = other.requests.length;
      const p =
        call === 'crm'
          ? client.crm({ primeiro_nome: 'Ana', empresa: 'Nubank' })
          : call === 'creditos'
            ? client.creditos()
            : client.models.list();
      const error = await p.then(
        () => null,
        (e: unknown) => toApiError(e),
      );
      expect(error).toMatchObject({ code: 'REDIRECTED', charged: 'no' });
      expect(error?.message.pt).toContain('não enviou sua chave nem os dados da pessoa');
      expect(other.requests.length).toBe(before);
      expect((await sandbox.ledger(key)).entries).toEqual([]);
    });
  }

  it('an answer from another origin than the configured one is refused', async () => {
    const client = createApiClient({
      baseUrl: sandbox.url(),
      llmBaseUrl: sandbox.url(),
      apiKey: 'complete_api_sandboxDemoComplete01',
      // A fetch that followed a redirect on its own (as a browser with redirect "follow" would).
      fetch: async () => {
        const res = await fetch(`${other.url}/creditos`);
        Object.defineProperty(res, 'url', { value: `${other.url}/creditos` });
        return res;
      },
    });
    await expect(client.creditos()).rejects.toMatchObject({ error: { code: 'REDIRECTED' } });
  });
});
