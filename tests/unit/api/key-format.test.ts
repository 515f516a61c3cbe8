import { expect, it } from 'vitest';
import { keyTier, tierLabel } from '@/lib/api/key-format';

it('names a tier as the user reads it, whatever its case; an unknown tier as the service named it', () => {
  expect(['basic', 'COMPLETE', 'Plus'].map(tierLabel)).toEqual(['Basic', 'Complete', 'Plus']);
  expect(tierLabel('enterprise_gold')).toBe('enterprise_gold');
});

it('reads the tier from a key of the documented form only', () => {
  expect(keyTier('complete_api_x7Kq')).toBe('complete');
  expect(keyTier('basic_api_')).toBeNull();
  expect(keyTier('plus_api_abc')).toBeNull();
});
