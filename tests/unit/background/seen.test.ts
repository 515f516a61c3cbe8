import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refuseSeen } from '@/lib/background/seen';
import type { HistorySummary, LookupRequest, Quote, SeenQuote } from '@/lib/model';

const ana = { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' };
const cached: HistorySummary = {
  id: 'h1',
  personKey: 'ana souza|nubank',
  input: ana,
  depth: 'plus',
  lang: 'pt',
  endpoint: '/crm_plus',
  creditsCharged: 3,
  createdAt: 1,
};
const fresh = (over: Partial<Quote> = {}): Quote => ({
  input: ana,
  endpoint: '/crm_plus',
  credits: 3,
  timeRange: [15, 35],
  depth: 'plus',
  lang: 'pt',
  cached: null,
  balance: 100,
  unavailable: null,
  ...over,
});
const seen = (over: Partial<SeenQuote> = {}): SeenQuote => ({
  input: ana,
  depth: 'plus',
  lang: 'pt',
  endpoint: '/crm_plus',
  cost: 3,
  cachedId: null,
  ...over,
});
const req = (s: SeenQuote, over: Partial<LookupRequest> = {}): LookupRequest => ({
  input: ana,
  depth: 'plus',
  lang: 'pt',
  refresh: false,
  seen: s,
  ...over,
});

describe('the quote the user saw against the fresh one', () => {
  it('the same price goes ahead; without a seen quote there is nothing to compare', () => {
    expect(refuseSeen(req(seen()), fresh(), false)).toBeNull();
    expect(refuseSeen({ ...req(seen()), seen: undefined }, fresh(), false)).toBeNull();
    // Another history entry serving it at 0 credits costs what was shown.
    expect(refuseSeen(req(seen({ cost: 0, cachedId: 'old' })), fresh({ cached }), true)).toBeNull();
  });

  it('another input, depth or language is not a price change', () => {
    for (const r of [
      req(seen(), { input: { ...ana, empresa: 'Nubank SA' } }),
      req(seen(), { depth: 'complete' }),
      req(seen(), { lang: 'en' }),
    ]) {
      const e = refuseSeen(r, fresh(), false);
      expect(e).toMatchObject({ code: 'QUOTE_STALE', charged: 'no' });
      expect(e?.message.pt).not.toContain('preço mudou');
    }
  });

  it('says from what to what, and why', () => {
    expect(refuseSeen(req(seen({ cost: 0, cachedId: 'h1' })), fresh(), false)).toMatchObject({
      code: 'PRICE_CHANGED',
      details: { oldCost: 0, newCost: 3, priceReason: 'history_expired' },
    });
    const inHistory = refuseSeen(req(seen()), fresh({ cached }), true);
    expect(inHistory).toMatchObject({ details: { oldCost: 3, newCost: 0, priceReason: 'in_history' } });
    expect(inHistory?.message.pt).toBe(
      'O preço mudou de 3 créditos para 0 créditos desde que foi mostrado: esta pessoa, nesta profundidade, entrou no histórico e abre dele sem custo, e nada foi cobrado. Confira o novo custo e confirme de novo.',
    );
    expect(refuseSeen(req(seen({ endpoint: '/crm', cost: 2 })), fresh(), false)?.details).toMatchObject({
      oldCost: 2,
      newCost: 3,
      priceReason: 'tier',
    });
  });

  it('property: refused exactly when something differs, and "O preço mudou" exactly when the cost differs', () => {
    const endpoints = fc.constantFrom('/crm', '/crm_plus', '/crm_basico');
    fc.assert(
      fc.property(
        fc.record({
          sameInput: fc.boolean(),
          seenEndpoint: endpoints,
          freshEndpoint: endpoints,
          seenCost: fc.integer({ min: 0, max: 5 }),
          credits: fc.integer({ min: 1, max: 5 }),
          fromHistory: fc.boolean(),
        }),
        ({ sameInput, seenEndpoint, freshEndpoint, seenCost, credits, fromHistory }) => {
          const s = seen({ endpoint: seenEndpoint, cost: seenCost });
          const r = req(s, sameInput ? {} : { input: { ...ana, ultimo_nome: 'Lima' } });
          const e = refuseSeen(
            r,
            fresh({ endpoint: freshEndpoint, credits, cached: fromHistory ? cached : null }),
            fromHistory,
          );
          const cost = fromHistory ? 0 : credits;
          if (!sameInput) return e?.code === 'QUOTE_STALE';
          if (seenEndpoint === freshEndpoint && seenCost === cost) return e === null;
          return (
            e?.code === 'PRICE_CHANGED' &&
            e.message.pt.startsWith('O preço mudou') === (seenCost !== cost) &&
            e.details?.newCost === cost &&
            e.details.oldCost === seenCost
          );
        },
      ),
    );
  });
});
