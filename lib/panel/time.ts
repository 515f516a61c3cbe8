import type { Text } from '@/lib/model';

const DAY_MS = 86_400_000;

/** Whole days between `at` and `now` (0 on the same day of use, never negative). */
export function daysSince(at: number, now: number): number {
  return Math.max(0, Math.floor((now - at) / DAY_MS));
}

export function ageText(days: number): Text {
  if (days === 0) return { pt: 'atualizado hoje', en: 'updated today' };
  if (days === 1) return { pt: 'atualizado há 1 dia', en: 'updated 1 day ago' };
  return { pt: `atualizado há ${days} dias`, en: `updated ${days} days ago` };
}

export type Phase = 'early' | 'typical' | 'late';

/**
 * Where a lookup stands against the contract's typical time [min, max] seconds. The bar fills toward the
 * maximum and stops short of full, since only the answer completes it.
 */
export function progressOf(
  elapsedMs: number,
  [min, max]: readonly [number, number],
): { percent: number; phase: Phase } {
  const s = Math.max(0, elapsedMs) / 1000;
  const percent = max > 0 ? Math.min(95, Math.round((s / max) * 100)) : 95;
  return { percent, phase: s < min ? 'early' : s <= max ? 'typical' : 'late' };
}
