import { ANALYSIS_VERSION } from '@/lib/analysis/model';
import { normalizeAnalysis } from '@/lib/analysis/normalize';
import { personKey } from '@/lib/history';
import type { HistoryEntry } from '@/lib/model';

/** What the service answered for one person: the analysis as it came, read here once. */
export interface ServiceAnswer {
  analise: unknown;
  metadata?: unknown;
  ai_insights?: unknown;
}

/**
 * What the worker knows of a paid lookup besides the answer: who, at which depth and language, through which
 * endpoint's path, what it cost and when.
 */
export type EntryFacts = Pick<
  HistoryEntry,
  'id' | 'input' | 'depth' | 'lang' | 'endpoint' | 'creditsCharged' | 'createdAt'
>;

/** What only a single lookup can say (a fallback, a charge that differed from the price); absent keys stay absent. */
export type EntryRemarks = Pick<HistoryEntry, 'notice' | 'billingCheck' | 'implausibleCharge'>;

/**
 * The one way a history entry is made from a service's answer (a single lookup, a batch row): the analysis is
 * normalized, the person keyed, the reading versioned, and nothing else is added.
 */
export function buildEntry(
  facts: EntryFacts,
  answer: ServiceAnswer,
  remarks: EntryRemarks = {},
): HistoryEntry {
  const { analysis, issues } = normalizeAnalysis(answer.analise, {
    metadata: answer.metadata,
    aiInsights: answer.ai_insights,
  });
  return {
    ...facts,
    personKey: personKey(facts.input),
    analysis,
    version: ANALYSIS_VERSION,
    issues,
    ...remarks,
  };
}
