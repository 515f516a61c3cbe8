import { makeApiError, type ApiError } from '@/lib/api/errors';
import type { LookupRequest, Quote } from '@/lib/model';

const field = (s: string | undefined) => (s ?? '').trim();
/** The same four fields, as they will be sent. */
export function sameInput(a: LookupRequest['input'], b: LookupRequest['input']): boolean {
  return (
    field(a.primeiro_nome) === field(b.primeiro_nome) &&
    field(a.ultimo_nome) === field(b.ultimo_nome) &&
    field(a.empresa) === field(b.empresa) &&
    field(a.contexto_adicional) === field(b.contexto_adicional)
  );
}

/**
 * Compares the quote the user saw (`req.seen`) with the worker's fresh one; null when the lookup may go at the price
 * shown. A quote seen for other data (another input, depth or language) is not a price change: QUOTE_STALE. A
 * price change says from what to what, and why: the history entry that served it went, the person is now in
 * history, or the key's tier routes the depth to another endpoint. Another history entry serving it at 0 credits
 * still costs what was shown: it goes ahead.
 */
export function refuseSeen(req: LookupRequest, quote: Quote, fromHistory: boolean): ApiError | null {
  const { seen } = req;
  if (!seen) return null;
  const ctx = { charging: false, endpoint: quote.endpoint };
  if (!sameInput(seen.input, req.input) || seen.depth !== req.depth || seen.lang !== req.lang)
    return makeApiError('QUOTE_STALE', ctx);
  const cost = fromHistory ? 0 : quote.credits;
  if (seen.endpoint === quote.endpoint && seen.cost === cost) return null;
  const priceReason =
    seen.endpoint !== quote.endpoint ? 'tier' : seen.cost === 0 ? 'history_expired' : 'in_history';
  return makeApiError('PRICE_CHANGED', ctx, {
    details: { oldCost: seen.cost, newCost: cost, priceReason },
  });
}
