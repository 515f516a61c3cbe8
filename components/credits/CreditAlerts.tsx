import { Button, Notice } from '@/components/ui';
import { creditsText, tr } from '@/lib/i18n';
import type { Credits, Lang } from '@/lib/model';

/** True when the balance is known and at or under the user's threshold. */
export const isLowBalance = (credits: Credits, threshold: number): boolean =>
  credits.balance !== null && credits.balance <= threshold;

/** What needs the user's attention about the account: a plan that stopped working, or a low balance. */
export function CreditAlerts({
  credits,
  threshold,
  lang,
  onBuy,
}: {
  credits: Credits;
  threshold: number;
  lang: Lang;
  onBuy: () => void;
}) {
  const buy = (
    <Button size="sm" variant="primary" onClick={onBuy}>
      {tr(lang, { pt: 'Comprar créditos', en: 'Buy credits' })}
    </Button>
  );
  if (credits.status === 'suspended') {
    return (
      <Notice tone="danger" title={tr(lang, { pt: 'Plano suspenso', en: 'Plan suspended' })}>
        {tr(lang, {
          pt: 'Seu plano está suspenso por pendência de pagamento: nenhuma análise pode ser feita. Fale com o suporte para reativá-lo.',
          en: 'Your plan is suspended for billing reasons: no analysis can be run. Contact support to reactivate it.',
        })}
      </Notice>
    );
  }
  if (credits.status === 'expired') {
    return (
      <Notice
        tone="danger"
        title={tr(lang, { pt: 'Plano expirado', en: 'Plan expired' })}
        action={
          <Button size="sm" variant="primary" onClick={onBuy}>
            {tr(lang, { pt: 'Renovar plano', en: 'Renew plan' })}
          </Button>
        }
      >
        {tr(lang, {
          pt: 'Seu plano expirou. Renove para voltar a fazer análises.',
          en: 'Your plan has expired. Renew it to run analyses again.',
        })}
      </Notice>
    );
  }
  if (credits.balance !== null && isLowBalance(credits, threshold)) {
    return (
      <Notice
        tone="warning"
        title={
          credits.balance === 0
            ? tr(lang, { pt: 'Sem créditos', en: 'Out of credits' })
            : tr(lang, { pt: 'Saldo baixo', en: 'Low balance' })
        }
        action={buy}
      >
        {tr(lang, {
          pt: `Restam ${creditsText(lang, credits.balance)} (seu alerta: ${threshold} ou menos).`,
          en: `${creditsText(lang, credits.balance)} left (your alert: ${threshold} or fewer).`,
        })}
      </Notice>
    );
  }
  return null;
}
