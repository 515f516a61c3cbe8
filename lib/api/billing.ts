/**
 * Credit figures from the service. Credits are whole, non-negative and bounded: a plan holds far fewer than a
 * billion. Any other number (negative, fractional, astronomical, NaN) is not a balance: it reads as unknown and
 * is never shown nor recorded as a charge.
 */
export const MAX_CREDITS = 1_000_000_000;

export function validCredits(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= MAX_CREDITS
    ? value
    : undefined;
}

/**
 * A call is charged at most a few times its price (a request the browser re-sent after a dropped connection is
 * charged again). A charge the service claims beyond this many times the price is not a charge but a wrong figure:
 * kept as the service's claim, never recorded as what was spent nor counted in a total.
 */
export const MAX_CHARGES_PER_CALL = 5;

export const plausibleCharge = (claimed: number, price: number): boolean =>
  claimed <= price * MAX_CHARGES_PER_CALL;
