import { MAX_BATCH_SIZE } from '@/lib/api/endpoints';

/** Consecutive slices of at most `size` (the contract's 10 profiles per request). */
export function chunk<T>(items: readonly T[], size = MAX_BATCH_SIZE): T[][] {
  if (!Number.isInteger(size) || size < 1)
    throw new RangeError(`chunk size must be a positive integer: ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
