import type { HistoryEntry, Text } from '@/lib/model';

export type BillingCheck = NonNullable<HistoryEntry['billingCheck']>;

/**
 * Compares the balance's drop around one charging call with the price quoted. Undefined when they agree or
 * when either balance is unknown. (Chromium re-sends a POST by itself when a reused keep-alive connection drops
 * after the service processed it: JavaScript cannot see that, only the balance shows it.)
 */
export function reconcile(
  before: number | null | undefined,
  after: number | null | undefined,
  expected: number,
): BillingCheck | undefined {
  if (before === null || before === undefined || after === null || after === undefined) return undefined;
  const observed = before - after;
  return observed === expected ? undefined : { expected, observed, before, after };
}

const credits = (n: number, lang: 'pt' | 'en') =>
  lang === 'pt' ? `${n} crédito${n === 1 ? '' : 's'}` : `${n} credit${n === 1 ? '' : 's'}`;

/** The charge difference in words, for the panel, the history entry and the export. */
export function billingNotice({ expected, observed }: BillingCheck): Text {
  if (observed > expected) {
    const times = expected > 0 && observed % expected === 0 ? observed / expected : null;
    const pt =
      times !== null
        ? `O serviço registrou ${times} cobranças para esta consulta (${credits(observed, 'pt')}), e não 1 (${credits(expected, 'pt')}).`
        : `O saldo caiu ${credits(observed, 'pt')} com esta consulta, ${credits(observed - expected, 'pt')} a mais que o preço (${credits(expected, 'pt')}).`;
    const en =
      times !== null
        ? `The service recorded ${times} charges for this lookup (${credits(observed, 'en')}), not 1 (${credits(expected, 'en')}).`
        : `The balance dropped by ${credits(observed, 'en')} for this lookup, ${credits(observed - expected, 'en')} more than the price (${credits(expected, 'en')}).`;
    return {
      pt: `${pt} Isso acontece quando a conexão cai depois que o serviço processou o pedido e o navegador o reenvia sozinho (ou quando a mesma chave foi usada em outro lugar ao mesmo tempo). Guarde este aviso para pedir o estorno ao suporte.`,
      en: `${en} This happens when the connection drops after the service processed the request and the browser re-sends it by itself (or when the same key was used elsewhere at the same time). Keep this notice to ask support for a refund.`,
    };
  }
  const dropped = Math.max(0, observed);
  return {
    pt: `O saldo caiu ${credits(dropped, 'pt')} com esta consulta, menos que o preço (${credits(expected, 'pt')}). Créditos podem ter sido adicionados à conta no meio tempo; confira o saldo.`,
    en: `The balance dropped by ${credits(dropped, 'en')} for this lookup, less than the price (${credits(expected, 'en')}). Credits may have been added to the account meanwhile; check the balance.`,
  };
}
