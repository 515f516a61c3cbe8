import { ENDPOINTS, type EndpointName } from '@/lib/api/endpoints';
import type { ApiErrorCode, ApiAction } from '@/lib/api/errors';
import { NO_KEY } from './api';
import type { Depth, KeyStatus, Lang, Text } from '@/lib/model';

/*
 * Which endpoint serves a lookup (docs/api-contract.md, "Profile analyses"):
 *   pt quick    -> /analisar-extensao-chrome (complete keys) or /crm_basico (basic keys), 1 credit
 *   pt complete -> /crm (2) · pt plus -> /crm_plus (3)
 *   en quick    -> /analyze (1) · en complete -> /analyze-comprehensive (2) · en plus: none (Portuguese only)
 */

/** The single-profile endpoints a lookup may call (each is a method of the API client). */
export type LookupEndpoint = Extract<
  EndpointName,
  'crmBasico' | 'crm' | 'crmPlus' | 'analisarExtensaoChrome' | 'analyze' | 'analyzeComprehensive'
>;

export interface Route {
  endpoint: LookupEndpoint;
  /** Why this key cannot have it; the endpoint is still named so the UI can show what it would cost. */
  unavailable: { code: ApiErrorCode; action: ApiAction; reason: Text } | null;
}

const TABLE: Record<Lang, Record<Exclude<Depth, 'quick'>, LookupEndpoint>> = {
  pt: { complete: 'crm', plus: 'crmPlus' },
  en: { complete: 'analyzeComprehensive', plus: 'crmPlus' },
};

const DEPTH_NAME: Record<Depth, Text> = {
  quick: { pt: 'rápida', en: 'quick' },
  complete: { pt: 'Completa', en: 'Complete' },
  plus: { pt: 'Plus', en: 'Plus' },
};

export function routeLookup(depth: Depth, lang: Lang, tier: KeyStatus['tier']): Route {
  const endpoint: LookupEndpoint =
    depth !== 'quick'
      ? TABLE[lang][depth]
      : lang === 'en'
        ? 'analyze'
        : tier === 'complete'
          ? 'analisarExtensaoChrome'
          : 'crmBasico';
  if (tier === null)
    return { endpoint, unavailable: { code: 'INVALID_API_KEY', action: 'fix_key', reason: NO_KEY } };
  if (depth === 'plus' && lang === 'en') {
    return {
      endpoint,
      unavailable: {
        code: 'INVALID_REQUEST',
        action: 'edit_input',
        reason: {
          pt: 'A análise Plus só existe em português. Escolha português ou a análise Completa.',
          en: 'The Plus analysis is available in Portuguese only. Choose Portuguese or the Complete analysis.',
        },
      },
    };
  }
  if (tier === 'basic' && ENDPOINTS[endpoint].tier !== 'basic') {
    const name = DEPTH_NAME[depth];
    return {
      endpoint,
      unavailable: {
        code: 'ACCESS_DENIED',
        action: 'upgrade',
        reason: {
          pt: `Sua chave Basic não inclui a análise ${name.pt}. Faça upgrade para o plano Complete.`,
          en: `Your Basic key does not include the ${name.en} analysis. Upgrade to the Complete plan.`,
        },
      },
    };
  }
  return { endpoint, unavailable: null };
}
