import { formatNumber, type Text, type UiLang } from '@/lib/i18n';

/** `crm_business` → `CRM Business`: the service's plan ids read as names. */
export function planLabel(plan: string): string {
  return plan
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => (w.toLowerCase() === 'crm' ? 'CRM' : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}

const TIERS: Record<string, string> = { basic: 'Basic', complete: 'Complete', plus: 'Plus' };
export const tierLabel = (tier: string): string => TIERS[tier.toLowerCase()] ?? tier;

/** A bare amount is a monthly price in BRL (contract 2.8); any other text is shown as the service wrote it. */
export function formatPrice(lang: UiLang, price: string): string {
  const bare = price.trim().match(/^(?:R\$\s*)?(\d+(?:[.,]\d{1,2})?)$/);
  if (!bare?.[1]) return price;
  const amount = Number(bare[1].replace(',', '.'));
  const money = amount.toLocaleString(lang === 'pt' ? 'pt-BR' : 'en-US', {
    style: 'currency',
    currency: 'BRL',
  });
  return `${money}${lang === 'pt' ? '/mês' : '/month'}`;
}

export function creditsText(lang: UiLang, n: number): string {
  const unit: Text = n === 1 ? { pt: 'crédito', en: 'credit' } : { pt: 'créditos', en: 'credits' };
  return `${formatNumber(lang, n)} ${unit[lang]}`;
}

const USAGE_LABELS: Record<string, Text> = {
  total: { pt: 'Total de requisições', en: 'Total requests' },
  total_requests: { pt: 'Total de requisições', en: 'Total requests' },
  requests: { pt: 'Requisições', en: 'Requests' },
  credits_used: { pt: 'Créditos usados', en: 'Credits used' },
  average_per_day: { pt: 'Média por dia', en: 'Average per day' },
  averageperday: { pt: 'Média por dia', en: 'Average per day' },
  peak_day_usage: { pt: 'Pico em um dia', en: 'Peak day' },
  peakdayusage: { pt: 'Pico em um dia', en: 'Peak day' },
};

export interface UsageRow {
  key: string;
  label: string;
  value: string;
}

/**
 * A usage breakdown as the service sent it (its shape is not fixed by the contract): known totals get a
 * label, endpoint names stay as they are, and one level of nesting (e.g. `by_endpoint`) is flattened.
 */
export function usageRows(lang: UiLang, usage: Record<string, unknown> | null): UsageRow[] {
  if (!usage) return [];
  const rows: UsageRow[] = [];
  const add = (key: string, value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) {
      const label = USAGE_LABELS[key.toLowerCase()]?.[lang] ?? key;
      rows.push({ key, label, value: formatNumber(lang, Math.round(value * 100) / 100) });
    }
  };
  for (const [key, value] of Object.entries(usage)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value)) add(inner, v);
    } else add(key, value);
  }
  return rows;
}
