import { describe, expect, it } from 'vitest';
import {
  formatPrice,
  isCurrentPlan,
  isLowBalance,
  planLabel,
  safeExternalUrl,
  usageRows,
} from '@/components/credits';
import { emptyCredits } from '@/lib/model';

describe('credit display helpers', () => {
  it('reads plan ids as names', () => {
    expect(planLabel('crm_business')).toBe('CRM Business');
    expect(planLabel('platform_essentials')).toBe('Platform Essentials');
  });

  it('formats a bare price as BRL per month and leaves other text as written', () => {
    expect(formatPrice('pt', '99').replace(/\s/g, ' ')).toBe('R$ 99,00/mês');
    expect(formatPrice('en', 'R$ 299')).toBe('R$299.00/month');
    expect(formatPrice('pt', 'Sob consulta')).toBe('Sob consulta');
  });

  it('lists usage with labels for totals, endpoint names as they are, one level of nesting flattened', () => {
    const rows = usageRows('pt', { total_requests: 12, by_endpoint: { crm: 7, crm_basico: 5 }, note: 'x' });
    expect(rows).toEqual([
      { key: 'total_requests', label: 'Total de requisições', value: '12' },
      { key: 'crm', label: 'crm', value: '7' },
      { key: 'crm_basico', label: 'crm_basico', value: '5' },
    ]);
    expect(usageRows('en', { averagePerDay: 2.345, peakDayUsage: 9 })).toEqual([
      { key: 'averagePerDay', label: 'Average per day', value: '2.35' },
      { key: 'peakDayUsage', label: 'Peak day', value: '9' },
    ]);
    expect(usageRows('pt', null)).toEqual([]);
  });

  it('warns at or under the threshold, never when the balance is unknown', () => {
    expect(isLowBalance({ ...emptyCredits, balance: 10 }, 10)).toBe(true);
    expect(isLowBalance({ ...emptyCredits, balance: 11 }, 10)).toBe(false);
    expect(isLowBalance({ ...emptyCredits, balance: null }, 10)).toBe(false);
  });

  it('highlights the plan by tier (a Plus account holds a Complete key), else by name', () => {
    const plan = {
      name: 'Complete',
      tier: 'complete',
      price: '299',
      features: [],
      endpoints: [],
      creditsPerUse: {},
    };
    expect(isCurrentPlan(plan, { tier: 'complete', plan: null })).toBe(true);
    expect(isCurrentPlan(plan, { tier: 'plus', plan: null })).toBe(true);
    expect(isCurrentPlan(plan, { tier: 'basic', plan: 'Complete' })).toBe(false);
    expect(isCurrentPlan({ ...plan, tier: '' }, { tier: null, plan: 'complete' })).toBe(true);
  });

  it('opens only web links from service bodies', () => {
    expect(safeExternalUrl('https://perfilintel.com.br/upgrade')).toBe('https://perfilintel.com.br/upgrade');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,x')).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });
});
