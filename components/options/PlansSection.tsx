import { useEffect } from 'react';
import { PlanComparison, safeExternalUrl } from '@/components/credits';
import { Button, Notice, buttonClass, Section, Spinner, useAction, useStored } from '@/components/ui';
import { tr } from '@/lib/i18n';
import { send } from '@/lib/send';
import { credits } from '@/lib/storage';
import type { Lang } from '@/lib/model';

export function PlansSection({ lang }: { lang: Lang }) {
  const account = useStored(credits);
  const [plans, load] = useAction(() => send('tiers.get', {}));
  // The service's own link, learned from an error body (402/403); the contract gives no other.
  const upgradeUrl = safeExternalUrl(account?.upgradeUrl);
  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once
  }, []);
  return (
    <Section
      id="planos"
      title={tr(lang, { pt: 'Planos', en: 'Plans' })}
      description={tr(lang, {
        pt: 'Os planos oferecidos pelo serviço, com o seu em destaque.',
        en: 'The plans the service offers, yours highlighted.',
      })}
    >
      {plans.status === 'loading' && (
        <Spinner size="md" label={tr(lang, { pt: 'Carregando os planos', en: 'Loading the plans' })} />
      )}
      {plans.status === 'error' && (
        <Notice
          tone="danger"
          title={tr(lang, { pt: 'Não foi possível carregar os planos', en: 'Could not load the plans' })}
          action={
            <Button size="sm" onClick={() => void load()}>
              {tr(lang, { pt: 'Tentar de novo', en: 'Try again' })}
            </Button>
          }
        >
          {tr(lang, plans.error)}
        </Notice>
      )}
      {plans.status === 'success' && (
        <PlanComparison
          info={plans.value}
          current={{ tier: account?.tier ?? null, plan: account?.plan ?? null }}
          lang={lang}
        />
      )}
      {upgradeUrl && (
        <div>
          <a className={buttonClass('primary')} href={upgradeUrl} target="_blank" rel="noopener noreferrer">
            {tr(lang, { pt: 'Comprar créditos / fazer upgrade', en: 'Buy credits / upgrade' })}
          </a>
        </div>
      )}
    </Section>
  );
}
