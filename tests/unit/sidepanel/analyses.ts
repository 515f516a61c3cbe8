import { normalizeAnalysis } from '@/lib/analysis/normalize';
import type { Analysis } from '@/lib/analysis/model';
import basico from '@/tests/fixtures/api/crm_basico.json';
import crm from '@/tests/fixtures/api/crm.json';
import crmPlus from '@/tests/fixtures/api/crm_plus.json';
import plusBatch from '@/tests/fixtures/api/crm_plus_batch.json';
import type { HistoryEntry } from '@/lib/model';

/** The API fixtures of every tier and variant, read the way the background reads them. */
export const basic: Analysis = normalizeAnalysis(basico.analise).analysis;
export const complete: Analysis = normalizeAnalysis(crm.analise).analysis;
export const plus: Analysis = normalizeAnalysis(crmPlus.analise, {
  aiInsights: crmPlus.ai_insights,
  metadata: crmPlus.metadata,
}).analysis;
const batchItem = plusBatch.results[0]!.analise as Record<string, unknown>;
export const plusBatchShape: Analysis = normalizeAnalysis(batchItem, {
  aiInsights: batchItem.ai_insights,
}).analysis;

export function entryOf(analysis: Analysis, over: Partial<HistoryEntry> = {}): HistoryEntry {
  return {
    id: 'e1',
    personKey: 'ana souza|nubank',
    input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
    depth: 'plus',
    lang: 'pt',
    endpoint: '/crm_plus',
    creditsCharged: 3,
    createdAt: Date.UTC(2025, 2, 18, 12),
    analysis,
    issues: [],
    ...over,
  };
}
