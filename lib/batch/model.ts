import { ENDPOINTS, MAX_BATCH_SIZE } from '@/lib/api/endpoints';
import type { Depth, RowStatus } from '@/lib/model';

/* What a batch job needs beyond its shape (lib/model.ts): the endpoint per depth and the row rules. */

export { MAX_BATCH_SIZE };

/** The batch endpoint for each depth (the batch endpoints answer in Portuguese only). */
export const BATCH_ENDPOINT = {
  quick: 'crmBasicoBatch',
  complete: 'crmBatch',
  plus: 'crmPlusBatch',
} as const satisfies Record<Depth, keyof typeof ENDPOINTS>;

export const creditsPerProfile = (depth: Depth) => ENDPOINTS[BATCH_ENDPOINT[depth]].credits;

export const INTERRUPTED_ROW = {
  error: 'interrompido: confira os créditos',
  error_code: 'INTERRUPTED',
} as const;

export const canRetry = (s: RowStatus) => s === 'failed' || s === 'interrupted' || s === 'cancelled';
