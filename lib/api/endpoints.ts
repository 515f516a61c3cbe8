/**
 * Every endpoint of the service (docs/api-contract.md): what it costs, which tier it needs, how long it typically
 * takes, and how long the client waits for it. Quotes and routing read this table; the client calls from it.
 */
export type Tier = 'none' | 'basic' | 'complete' | 'plus';

export interface EndpointSpec {
  method: 'GET' | 'POST';
  /** Relative to the profile API base, or to the model API base for `api: 'model'`. */
  path: string;
  api: 'profile' | 'model';
  /** Credits per call; per successful profile for a batch. */
  credits: number;
  batch: boolean;
  /** Lowest key tier that may call it; 'none' needs no key. */
  tier: Tier;
  /** Typical seconds [min, max] from the contract (batches: for 5 profiles). */
  timeRange: [number, number];
  /** Spends credits: never re-sent automatically unless the service said it did not process it. */
  charging: boolean;
  /** How long the client waits for the whole answer (for a stream: for each piece of it). */
  timeoutMs: number;
}

const FREE = 10_000;

const profile = (
  method: 'GET' | 'POST',
  path: string,
  credits: number,
  tier: Tier,
  timeRange: [number, number],
  timeoutMs: number,
  batch = false,
): EndpointSpec => ({
  method,
  path,
  api: 'profile',
  credits,
  batch,
  tier,
  timeRange,
  charging: credits > 0,
  timeoutMs,
});

const model = (
  method: 'GET' | 'POST',
  path: string,
  timeRange: [number, number],
  timeoutMs: number,
): EndpointSpec => ({
  method,
  path,
  api: 'model',
  credits: 0,
  batch: false,
  tier: 'none',
  timeRange,
  charging: false,
  timeoutMs,
});

export const ENDPOINTS = {
  crmBasico: profile('POST', '/crm_basico', 1, 'basic', [2, 8], 30_000),
  crm: profile('POST', '/crm', 2, 'complete', [5, 18], 45_000),
  // Typically 15–35 s: cutting at 30 s would drop answers that are on their way (and charged).
  crmPlus: profile('POST', '/crm_plus', 3, 'complete', [15, 35], 90_000),
  crmBasicoBatch: profile('POST', '/crm_basico_batch', 1, 'basic', [8, 10], 120_000, true),
  crmBatch: profile('POST', '/crm_batch', 2, 'complete', [12, 20], 120_000, true),
  crmPlusBatch: profile('POST', '/crm_plus_batch', 3, 'plus', [20, 30], 120_000, true),
  analisar: profile('POST', '/analisar', 1, 'basic', [2, 8], 30_000),
  analisarExtensaoChrome: profile('POST', '/analisar-extensao-chrome', 1, 'complete', [2, 8], 30_000),
  analyze: profile('POST', '/analyze', 1, 'basic', [2, 8], 30_000),
  analyzeComprehensive: profile('POST', '/analyze-comprehensive', 2, 'complete', [5, 18], 45_000),
  creditos: profile('GET', '/creditos', 0, 'basic', [0, 0.2], FREE),
  tiersDisponiveis: profile('GET', '/tiers-disponiveis', 0, 'none', [0, 1], FREE),
  health: profile('GET', '/health', 0, 'none', [0, 1], FREE),
  saude: profile('GET', '/saude', 0, 'none', [0, 1], FREE),
  status: profile('GET', '/status', 0, 'none', [0, 0.1], FREE),
  // The contract gives no times for the model API.
  modelsList: model('GET', '/v1/models', [0, 1], FREE),
  modelsGet: model('GET', '/v1/models/{model}', [0, 1], FREE),
  chat: model('POST', '/v1/chat/completions', [1, 20], 60_000),
  chatStream: model('POST', '/v1/chat/completions', [1, 20], 30_000),
  completions: model('POST', '/v1/completions', [1, 20], 60_000),
  embeddings: model('POST', '/v1/embeddings', [0, 5], 30_000),
} satisfies Record<string, EndpointSpec>;

export type EndpointName = keyof typeof ENDPOINTS;

/** Profiles per batch request (the contract says 10 and 50; we hold to 10, see docs/api-contract.md). */
export const MAX_BATCH_SIZE = 10;
