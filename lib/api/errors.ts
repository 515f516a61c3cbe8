import type { Text } from '@/lib/text';
import { tierLabel } from './key-format';
import {
  build,
  type ApiError,
  OWN_CODES,
  type ApiErrorCode,
  type CodeEntry,
  type ErrorContext,
  type ErrorExtra,
  type PriceReason,
} from './error-core';

export * from './error-core';

const tierName = (t: string | undefined): string => (t ? tierLabel(t) : '');
const creditsPt = (n: number) => `${n} crédito${n === 1 ? '' : 's'}`;
const creditsEn = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;

/**
 * Why a lookup's price is no longer the one shown (the worker's fresh quote against the one the user saw):
 * the history entry that served it at 0 credits expired or was deleted; the person is now in history; the key's
 * tier changed (another endpoint answers the same depth).
 */
export const PRICE_REASONS = {
  history_expired: {
    pt: ': a análise que estava no histórico passou do prazo de reaproveitamento ou foi apagada',
    en: ': the analysis in your history is past its reuse period or was deleted',
  },
  in_history: {
    pt: ': esta pessoa, nesta profundidade, entrou no histórico e abre dele sem custo',
    en: ': this person, at this depth, is now in your history and opens from it at no cost',
  },
  tier: {
    pt: ': o nível da sua chave mudou, e outro serviço responde por esta profundidade',
    en: ": your key's tier changed, and another service answers this depth",
  },
} as const satisfies Record<PriceReason, Text>;

/** Every error code, once, with its attributes and its message. */
const CODES = {
  // profile API (docs/api-contract.md, Errors)
  BATCH_TOO_LARGE: {
    action: 'edit_input',
    message: ({ d }) => {
      const max = d.maxBatchSize ?? 10;
      return {
        pt: `Lote grande demais: envie no máximo ${max} perfis por vez.`,
        en: `Batch too large: send at most ${max} profiles per request.`,
      };
    },
  },
  INVALID_REQUEST: {
    action: 'edit_input',
    message: () => ({
      pt: 'Pedido inválido: confira o nome e a empresa e tente de novo.',
      en: 'Invalid request: check the name and the company and try again.',
    }),
  },
  INVALID_API_KEY: {
    action: 'fix_key',
    accountWide: true,
    message: () => ({
      pt: 'Chave de API inválida ou ausente. Confira a chave nas opções.',
      en: 'Invalid or missing API key. Check the key in the options.',
    }),
  },
  INSUFFICIENT_CREDITS: {
    action: 'buy_credits',
    accountWide: true,
    message: ({ d }) => {
      const renewal = d.renewalDate ? ` ou aguarde a renovação em ${d.renewalDate.slice(0, 10)}` : '';
      const renewalEn = d.renewalDate ? ` or wait for the renewal on ${d.renewalDate.slice(0, 10)}` : '';
      return {
        pt: `Seus créditos acabaram. Compre mais créditos${renewal}.`,
        en: `You are out of credits. Buy more credits${renewalEn}.`,
      };
    },
  },
  BATCH_INSUFFICIENT_CREDITS: {
    action: 'buy_credits',
    accountWide: true,
    message: ({ d }) => {
      const need =
        d.profilesRequested !== undefined && d.creditsPerProfile !== undefined
          ? d.profilesRequested * d.creditsPerProfile
          : undefined;
      const pt =
        need !== undefined && d.creditsAvailable !== undefined
          ? ` O lote precisa de ${need} créditos e há ${d.creditsAvailable}.`
          : '';
      const en =
        need !== undefined && d.creditsAvailable !== undefined
          ? ` The batch needs ${need} credits and ${d.creditsAvailable} are available.`
          : '';
      return {
        pt: `Créditos insuficientes para o lote.${pt} Compre créditos ou envie menos perfis.`,
        en: `Not enough credits for the batch.${en} Buy credits or send fewer profiles.`,
      };
    },
  },
  PLAN_SUSPENDED: {
    action: 'contact_support',
    accountWide: true,
    message: ({ d }) => {
      const contact = d.contact ? `: ${d.contact}` : '';
      return {
        pt: `Seu plano está suspenso por pendência de pagamento. Fale com o suporte${contact}.`,
        en: `Your plan is suspended for billing reasons. Contact support${contact}.`,
      };
    },
  },
  ACCESS_DENIED: {
    action: 'upgrade',
    accountWide: true,
    message: ({ d }) => {
      const required = tierName(d.requiredTier);
      const current = tierName(d.currentTier);
      return {
        pt: `Seu plano${current ? ` (${current})` : ''} não dá acesso a este recurso${required ? `; é preciso o plano ${required}` : ''}. Faça upgrade para usar.`,
        en: `Your plan${current ? ` (${current})` : ''} does not include this feature${required ? `; it needs the ${required} plan` : ''}. Upgrade to use it.`,
      };
    },
  },
  FORBIDDEN: {
    action: 'fix_key',
    accountWide: true,
    message: () => ({
      pt: 'O serviço recusou a chave informada. Confira a chave nas opções.',
      en: 'The service refused the key supplied. Check the key in the options.',
    }),
  },
  NOT_FOUND: {
    action: 'edit_input',
    message: () => ({
      pt: 'Não encontramos essa pessoa em dados públicos. Confira a grafia do nome e da empresa.',
      en: 'This person was not found in public data. Check the spelling of the name and the company.',
    }),
  },
  AMBIGUOUS_PERSON: {
    action: 'add_context',
    message: () => ({
      pt: 'Várias pessoas correspondem a esse nome. Acrescente o sobrenome ou um contexto (cargo, cidade, área) e tente de novo.',
      en: 'Several people match this name. Add the last name or some context (role, city, area) and try again.',
    }),
  },
  INSUFFICIENT_DATA: {
    action: 'add_context',
    message: () => ({
      pt: 'Há poucos dados públicos para analisar essa pessoa. Acrescente um contexto (cargo, área) ou confira o nome e a empresa.',
      en: 'There is too little public data to analyse this person. Add some context (role, area) or check the name and the company.',
    }),
  },
  RATE_LIMITED: {
    action: 'retry_after',
    rateLimit: true,
    message: ({ wait }) => ({
      pt: `Muitas consultas seguidas. Tente de novo em${wait || ' alguns segundos'}.`,
      en: `Too many requests in a row. Try again in${wait || ' a few seconds'}.`,
    }),
  },
  SERVER_ERROR: {
    action: 'retry',
    message: () => ({
      pt: 'O serviço falhou ao processar o pedido. Tente de novo em instantes.',
      en: 'The service failed to process the request. Try again in a moment.',
    }),
  },
  AI_SERVICE_UNAVAILABLE: {
    action: 'retry',
    charges: true,
    message: () => ({
      pt: 'A inteligência de mercado (Plus) está indisponível no momento; a análise Completa foi entregue no lugar.',
      en: 'Market intelligence (Plus) is unavailable right now; the Complete analysis was delivered instead.',
    }),
  },
  // model API
  invalid_request: {
    action: 'edit_input',
    model: true,
    message: () => ({
      pt: 'A API de modelos recusou o pedido. Ajuste o texto ou os parâmetros (temperatura, tamanho).',
      en: 'The model API refused the request. Adjust the text or the parameters (temperature, length).',
    }),
  },
  authentication_error: {
    action: 'fix_key',
    model: true,
    message: () => ({
      pt: 'A API de modelos recusou a chave. Confira a chave nas opções.',
      en: 'The model API refused the key. Check the key in the options.',
    }),
  },
  model_not_found: {
    action: 'edit_input',
    model: true,
    message: () => ({
      pt: 'Modelo não encontrado. Escolha outro modelo da lista.',
      en: 'Model not found. Pick another model from the list.',
    }),
  },
  rate_limit_exceeded: {
    action: 'retry_after',
    model: true,
    rateLimit: true,
    message: ({ wait }) => ({
      pt: `Limite de uso da API de modelos atingido. Tente de novo em${wait || ' um minuto'}.`,
      en: `Model API rate limit reached. Try again in${wait || ' a minute'}.`,
    }),
  },
  server_error: {
    action: 'retry',
    model: true,
    message: () => ({
      pt: 'A API de modelos falhou. Tente de novo em instantes.',
      en: 'The model API failed. Try again in a moment.',
    }),
  },
  // transport
  BAD_STREAM: {
    action: 'retry',
    message: () => ({
      pt: 'A resposta do modelo veio num formato inesperado (uma linha longa demais) e foi interrompida; o que chegou antes dela foi mantido.',
      en: "The model's answer came in an unexpected format (a line too long) and was stopped; what arrived before it was kept.",
    }),
  },
  ...OWN_CODES,
  // the extension's own safeguards
  REDIRECTED: {
    action: 'contact_support',
    message: () => ({
      pt: 'O serviço tentou redirecionar o pedido para outro endereço; a extensão recusou e não enviou sua chave nem os dados da pessoa para lá. Confira o endereço da API nas opções ou fale com o suporte.',
      en: "The service tried to redirect the request to another address; the extension refused and sent neither your key nor the person's data there. Check the API address in the options or contact support.",
    }),
  },
  PRICE_CHANGED: {
    action: 'none',
    message: ({ d }) => {
      const { oldCost, newCost } = d;
      const why = d.priceReason ? PRICE_REASONS[d.priceReason] : { pt: '', en: '' };
      const change =
        oldCost === undefined || newCost === undefined
          ? newCost === undefined
            ? { pt: 'O preço mudou desde que foi mostrado', en: 'The price changed since it was shown' }
            : {
                pt: `O preço mudou desde que foi mostrado: agora custa ${creditsPt(newCost)}`,
                en: `The price changed since it was shown: it now costs ${creditsEn(newCost)}`,
              }
          : oldCost === newCost
            ? {
                pt: `A análise mudou desde que o custo foi mostrado, pelo mesmo preço (${creditsPt(newCost)})`,
                en: `The analysis changed since its cost was shown, at the same price (${creditsEn(newCost)})`,
              }
            : {
                pt: `O preço mudou de ${creditsPt(oldCost)} para ${creditsPt(newCost)} desde que foi mostrado`,
                en: `The price changed from ${creditsEn(oldCost)} to ${creditsEn(newCost)} since it was shown`,
              };
      return {
        pt: `${change.pt}${why.pt}, e nada foi cobrado. Confira o novo custo e confirme de novo.`,
        en: `${change.en}${why.en}, and nothing was charged. Check the new cost and confirm again.`,
      };
    },
  },
  QUOTE_STALE: {
    action: 'none',
    message: () => ({
      pt: 'O custo enviado era de outros dados (o formulário mudou depois que o custo foi mostrado), e nada foi cobrado. Confira o custo e confirme de novo.',
      en: 'The cost sent was for other data (the form changed after the cost was shown), and nothing was charged. Check the cost and confirm again.',
    }),
  },
} as const satisfies Record<ApiErrorCode, CodeEntry>;

const attributes = (code: ApiErrorCode): CodeEntry => CODES[code];
/** A rate limit (profile or model API): not processed, may be sent again after Retry-After. */
export const isRateLimit = (code: ApiErrorCode) => attributes(code).rateLimit === true;
/** Every later request of the account would fail the same way. */
export const isAccountWide = (code: ApiErrorCode) => attributes(code).accountWide === true;
/** Charged although it failed. */
export const chargesOnFailure = (code: ApiErrorCode) => attributes(code).charges === true;
/** A code the model API names in its error bodies. */
export const isModelCode = (name: unknown): name is ApiErrorCode =>
  typeof name === 'string' && Object.hasOwn(CODES, name) && attributes(name as ApiErrorCode).model === true;

/** Builds an ApiError with its action and its messages; the charge sentence is added for charging requests. */
export function makeApiError(code: ApiErrorCode, ctx: ErrorContext, extra: ErrorExtra = {}): ApiError {
  return build(code, CODES[code], ctx, extra);
}
