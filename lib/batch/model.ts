import { ENDPOINTS, MAX_BATCH_SIZE } from '@/lib/api/endpoints';
import type { Depth, RowStatus } from '@/lib/model';
import type { LostVerdict } from './lost-cost';

/* What a batch job needs beyond its shape (lib/model.ts): the endpoint per depth and the row rules. */

export { MAX_BATCH_SIZE };

/** The batch endpoint for each depth (the batch endpoints answer in Portuguese only). */
export const BATCH_ENDPOINT = {
  quick: 'crmBasicoBatch',
  complete: 'crmBatch',
  plus: 'crmPlusBatch',
} as const satisfies Record<Depth, keyof typeof ENDPOINTS>;

export const creditsPerProfile = (depth: Depth) => ENDPOINTS[BATCH_ENDPOINT[depth]].credits;

/** A row whose answer was lost, before anything could tell what it cost (and rows kept by an older version). */
export const INTERRUPTED_ROW = {
  error: 'interrompido: confira os créditos',
  error_code: 'INTERRUPTED',
} as const;

/** A row whose answer was lost, by what the balance says of its request's cost (lib/batch/lost-cost.ts). */
export const LOST_ROW = {
  measuring: {
    error: 'interrompido: medindo pelo saldo se foi cobrado',
    error_code: 'INTERRUPTED_MEASURING',
  },
  free: { error: 'interrompido: não foi cobrado', error_code: 'INTERRUPTED_FREE' },
  charged: { error: 'interrompido: cobrado (custo medido acima)', error_code: 'INTERRUPTED_CHARGED' },
  uncertain: {
    error: 'interrompido: custo incerto, confira os créditos',
    error_code: 'INTERRUPTED_UNCERTAIN',
  },
} as const satisfies Record<LostVerdict['state'], { error: string; error_code: string }>;

/** The English of the row texts above, by code. */
export const LOST_ROW_EN: Record<string, string> = {
  INTERRUPTED: 'interrupted: check your credits',
  INTERRUPTED_MEASURING: 'interrupted: measuring from the balance whether it was charged',
  INTERRUPTED_FREE: 'interrupted: not charged',
  INTERRUPTED_CHARGED: 'interrupted: charged (measured cost above)',
  INTERRUPTED_UNCERTAIN: 'interrupted: cost uncertain, check your credits',
};

export const canRetry = (s: RowStatus) => s === 'failed' || s === 'interrupted' || s === 'cancelled';
