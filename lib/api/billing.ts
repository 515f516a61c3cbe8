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
