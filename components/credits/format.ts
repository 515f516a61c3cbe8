import { creditsText, formatNumber, localeOf } from '@/lib/i18n';
import type { Lang, Text } from '@/lib/model';

/** `crm_business` → `CRM Business`: the service's plan ids read as names. */
export function planLabel(plan: string): string {
  return plan
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((w) => (w.toLowerCase() === 'crm' ? 'CRM' : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}

/** A bare amount is a monthly price in BRL (contract 2.8); any other text is shown as the service wrote it. */
export function formatPrice(lang: Lang, price: string): string {
  const bare = price.trim().match(/^(?:R\$\s*)?(\d+(?:[.,]\d{1,2})?)$/);
  if (!bare?.[1]) return price;
  const amount = Number(bare[1].replace(',', '.'));
  const money = amount.toLocaleString(localeOf(lang), {
    style: 'currency',
    currency: 'BRL',
  });
  return `${money}${lang === 'pt' ? '/mês' : '/month'}`;
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
export function usageRows(lang: Lang, usage: Record<string, unknown> | null): UsageRow[] {
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

export function chargedText(lang: Lang, n: number): string {
  return lang === 'pt'
    ? `${creditsText('pt', n)} ${n === 1 ? 'cobrado' : 'cobrados'}`
    : `${creditsText('en', n)} charged`;
}

type Level = 'quick' | 'complete' | 'plus';
const LEVEL_OF: Record<string, Level> = {
  crm_basico: 'quick',
  analisar: 'quick',
  analyze: 'quick',
  'analisar-extensao-chrome': 'quick',
  crm: 'complete',
  'analyze-comprehensive': 'complete',
  crm_plus: 'plus',
};
const LEVEL_NAMES: Record<Level, Text> = {
  quick: { pt: 'Rápida (1 crédito)', en: 'Quick (1 credit)' },
  complete: { pt: 'Completa (2 créditos)', en: 'Complete (2 credits)' },
  plus: { pt: 'Plus (3 créditos)', en: 'Plus (3 credits)' },
};
/** Endpoints that only read the account or the service: nothing a seller chooses between. */
const FREE = new Set(['creditos', 'tiers-disponiveis', 'health', 'saude', 'status', 'billing_info']);

const joinWords = (lang: Lang, words: string[]) =>
  words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} ${lang === 'pt' ? 'e' : 'and'} ${words[words.length - 1]}`;

/**
 * What the key's plan allows, in a seller's words instead of endpoint paths: the analysis levels for one person,
 * the levels in batch, and how many other service functions there are.
 */
export function allowanceTexts(lang: Lang, endpoints: readonly string[]): string[] {
  const single = new Set<Level>();
  const batch = new Set<Level>();
  let other = 0;
  for (const raw of endpoints) {
    const name = raw.trim().replace(/^\/+/, '').toLowerCase();
    const isBatch = name.endsWith('_batch');
    const level = LEVEL_OF[isBatch ? name.slice(0, -'_batch'.length) : name];
    if (level) (isBatch ? batch : single).add(level);
    else if (!FREE.has(name) && name) other++;
  }
  const order: Level[] = ['quick', 'complete', 'plus'];
  const names = (set: Set<Level>) => order.filter((l) => set.has(l)).map((l) => LEVEL_NAMES[l][lang]);
  const lines: string[] = [];
  if (single.size)
    lines.push(
      lang === 'pt'
        ? `Análise de uma pessoa: ${joinWords(lang, names(single))}`
        : `One-person analysis: ${joinWords(lang, names(single))}`,
    );
  if (batch.size)
    lines.push(
      lang === 'pt'
        ? `Análise em lote: ${joinWords(lang, names(batch))}`
        : `Batch analysis: ${joinWords(lang, names(batch))}`,
    );
  if (other)
    lines.push(
      lang === 'pt'
        ? `${other === 1 ? 'Mais 1 função' : `Mais ${other} funções`} do serviço`
        : `${other === 1 ? '1 more service function' : `${other} more service functions`}`,
    );
  return lines;
}

/**
 * What the popup says when the service is not fully up. One wording per level, never contradicted by the
 * service's own detail (see toServiceStatus). During an outage of the AI provider the service still answers
 * a Plus request with a Complete analysis and charges it: the notice says so instead of promising no charge.
 */
export const SERVICE_NOTICES: Record<'degraded' | 'outage', Text> = {
  degraded: {
    pt: 'O serviço está instável: as análises podem demorar mais ou falhar. Consultas que falham não são cobradas.',
    en: 'The service is degraded: analyses may be slower or fail. Requests that fail are not charged.',
  },
  outage: {
    pt:
      'O serviço está fora do ar: as análises podem falhar, e consultas que falham não são cobradas. ' +
      'Uma análise Plus pedida agora pode ser entregue como Completa quando a IA está fora; ' +
      'nesse caso ela é cobrada como Completa (2 créditos).',
    en:
      'The service is down: analyses may fail, and requests that fail are not charged. ' +
      'A Plus analysis requested now may be delivered as a Complete one while the AI is down; ' +
      'it is then charged as Complete (2 credits).',
  },
};
