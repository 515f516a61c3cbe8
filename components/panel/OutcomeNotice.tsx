import type { ReactNode } from 'react';
import { Button, Notice, useAction, useStored } from '@/components/ui';
import { openExtensionPage, openUpgrade } from '@/components/credits';
import type { ApiError } from '@/lib/api/errors';
import { creditsText, tr } from '@/lib/i18n';
import { personName } from '@/lib/panel/format';
import type { Outcome } from '@/lib/panel/store';
import { credits } from '@/lib/storage';
import { usePanel, useSend } from './context';
import { focusContextField } from './LookupForm';
import { type Lang, type LookupRequest } from '@/lib/model';
import { LostLookupText, useLostLookup } from '@/components/batch/LostLookup';
import {
  BalanceDetails,
  ChargeWarning,
  Countdown,
  NotFoundDetails,
  RequiredTier,
  Searched,
} from './ErrorDetails';

/** Fetches the balance from the service, for "check your credits before trying again". */
function CheckCredits({ lang }: { lang: Lang }) {
  const send = useSend();
  const [state, check] = useAction(() => send('credits.get', { refresh: true }));
  return (
    <>
      <Button
        size="sm"
        onClick={() => void check()}
        loading={state.status === 'loading'}
        data-testid="check-credits"
      >
        {tr(lang, { pt: 'Conferir créditos', en: 'Check credits' })}
      </Button>
      <span aria-live="polite" className="self-center text-xs">
        {state.status === 'success' &&
          (state.value.balance === null
            ? tr(lang, { pt: 'Saldo indisponível.', en: 'Balance unavailable.' })
            : tr(lang, {
                pt: `Saldo agora: ${creditsText('pt', state.value.balance)} (o serviço leva até 30 s para mostrar uma cobrança recente).`,
                en: `Balance now: ${creditsText('en', state.value.balance)} (the service takes up to 30 s to show a recent charge).`,
              }))}
        {state.status === 'error' && tr(lang, state.error)}
      </span>
    </>
  );
}

/** Opens the options at the API key. */
function OptionsButton({ primary, lang }: { primary?: boolean; lang: Lang }) {
  return (
    <Button
      size="sm"
      variant={primary ? 'primary' : undefined}
      onClick={() => void openExtensionPage('options.html#chave')}
    >
      {tr(lang, { pt: 'Abrir opções', en: 'Open options' })}
    </Button>
  );
}

/** Opens the plans page, or the upgrade address the service gave. */
function UpgradeButton({
  url,
  testId,
  children,
}: {
  url: string | undefined;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant="primary" onClick={() => void openUpgrade(url)} data-testid={testId}>
      {children}
    </Button>
  );
}

/** Each error with the action that resolves it. */
function ErrorNotice({
  error,
  request,
  retryAt,
  lang,
}: {
  error: ApiError;
  request: LookupRequest;
  retryAt?: number;
  lang: Lang;
}) {
  const run = usePanel((s) => s.run);
  const dismiss = usePanel((s) => s.dismissOutcome);
  const stored = useStored(credits);
  const d = error.details ?? {};
  const retry = (label = tr(lang, { pt: 'Tentar de novo', en: 'Try again' })) => (
    <Button size="sm" onClick={() => void run()} data-testid="retry">
      {label}
    </Button>
  );
  let title: string;
  let body: ReactNode = null;
  let actions: ReactNode = null;
  let tone: 'danger' | 'warning' = 'danger';

  switch (error.code) {
    case 'AMBIGUOUS_PERSON':
      tone = 'warning';
      title = tr(lang, { pt: 'Mais de uma pessoa com esse nome', en: 'More than one person with this name' });
      body = <Searched request={request} error={error} lang={lang} />;
      actions = (
        <Button size="sm" variant="primary" onClick={focusContextField} data-testid="add-context">
          {tr(lang, { pt: 'Acrescentar contexto', en: 'Add context' })}
        </Button>
      );
      break;
    case 'NOT_FOUND':
    case 'INSUFFICIENT_DATA': {
      tone = 'warning';
      title =
        error.code === 'NOT_FOUND'
          ? tr(lang, { pt: 'Pessoa não encontrada', en: 'Person not found' })
          : tr(lang, { pt: 'Poucos dados públicos', en: 'Too little public data' });
      body = <NotFoundDetails request={request} error={error} lang={lang} />;
      actions = (
        <Button size="sm" onClick={focusContextField}>
          {tr(lang, { pt: 'Editar e tentar de novo', en: 'Edit and try again' })}
        </Button>
      );
      break;
    }
    case 'INSUFFICIENT_CREDITS':
    case 'BATCH_INSUFFICIENT_CREDITS': {
      title = tr(lang, { pt: 'Créditos insuficientes', en: 'Not enough credits' });
      const balance = d.balance ?? d.creditsAvailable ?? stored?.balance ?? null;
      body = <BalanceDetails balance={balance} renewalDate={d.renewalDate} lang={lang} />;
      actions = (
        <UpgradeButton url={d.upgradeUrl} testId="buy-credits">
          {tr(lang, { pt: 'Comprar créditos', en: 'Buy credits' })}
        </UpgradeButton>
      );
      break;
    }
    case 'ACCESS_DENIED':
      tone = 'warning';
      title = tr(lang, { pt: 'Fora do seu plano', en: 'Not in your plan' });
      body = d.requiredTier && <RequiredTier required={d.requiredTier} current={d.currentTier} lang={lang} />;
      actions = (
        <UpgradeButton url={d.upgradeUrl} testId="upgrade">
          {tr(lang, { pt: 'Ver planos e fazer upgrade', en: 'See plans and upgrade' })}
        </UpgradeButton>
      );
      break;
    case 'RATE_LIMITED':
    case 'rate_limit_exceeded':
      tone = 'warning';
      title = tr(lang, { pt: 'Muitas consultas seguidas', en: 'Too many requests in a row' });
      body = retryAt !== undefined ? <Countdown at={retryAt} lang={lang} /> : null;
      actions =
        retryAt !== undefined ? (
          <Button size="sm" onClick={dismiss}>
            {tr(lang, { pt: 'Cancelar nova tentativa', en: 'Cancel the retry' })}
          </Button>
        ) : (
          retry()
        );
      break;
    case 'INVALID_API_KEY':
    case 'FORBIDDEN':
      title = tr(lang, { pt: 'Problema com a chave de API', en: 'API key problem' });
      actions = <OptionsButton primary lang={lang} />;
      break;
    case 'PLAN_SUSPENDED':
      title = tr(lang, { pt: 'Plano suspenso', en: 'Plan suspended' });
      break;
    case 'PRICE_CHANGED':
    case 'QUOTE_STALE':
      // No "try again" here: the new price is confirmed from the form, with its own confirmation.
      tone = 'warning';
      // "The price changed" only when a price did: data that changed, or another endpoint at the same price, is not.
      title =
        error.code === 'PRICE_CHANGED' && d.oldCost !== d.newCost
          ? tr(lang, { pt: 'O preço mudou', en: 'The price changed' })
          : tr(lang, { pt: 'Confira o custo', en: 'Check the cost' });
      actions = (
        <Button size="sm" onClick={dismiss} data-testid="price-changed-ok">
          {tr(lang, { pt: 'Ver o novo preço', en: 'See the new price' })}
        </Button>
      );
      break;
    case 'REDIRECTED':
      title = tr(lang, { pt: 'Redirecionamento recusado', en: 'Redirect refused' });
      actions = <OptionsButton lang={lang} />;
      break;
    default:
      if (error.charged === 'unknown') {
        title = tr(lang, { pt: 'Sem resposta do serviço', en: 'No answer from the service' });
        body = <ChargeWarning lang={lang} />;
        actions = (
          <>
            {retry(tr(lang, { pt: 'Tentar de novo (pode cobrar)', en: 'Try again (may charge)' }))}
            <CheckCredits lang={lang} />
          </>
        );
      } else {
        title = tr(lang, { pt: 'A análise falhou', en: 'The analysis failed' });
        actions = retry();
      }
  }

  return (
    <Notice tone={tone} title={title} action={actions}>
      <div data-testid="error" data-code={error.code}>
        <p>{tr(lang, error.message)}</p>
        {body}
        {d.serviceMessage && <p className="mt-1 text-xs opacity-80">{d.serviceMessage}</p>}
      </div>
    </Notice>
  );
}

/** What happened to the last lookup, when it did not end with a result on screen. */
export function OutcomeNotice({ outcome, lang }: { outcome: Outcome; lang: Lang }) {
  const send = useSend();
  const showEntry = usePanel((s) => s.showEntry);
  const showHistory = usePanel((s) => s.showHistory);
  const run = usePanel((s) => s.run);
  const [opening, open] = useAction(async (id: string) => {
    const entry = await send('history.get', { id });
    if (entry) showEntry(entry, 'history');
  });
  // What an interrupted lookup cost, once the balance tells (components/batch/LostLookup.tsx).
  const lost = useLostLookup(outcome.request);

  if (outcome.kind === 'error')
    return (
      <ErrorNotice error={outcome.error} request={outcome.request} retryAt={outcome.retryAt} lang={lang} />
    );

  if (outcome.kind === 'cancelled')
    return (
      <Notice
        tone="info"
        title={tr(lang, { pt: 'Você parou de esperar', en: 'You stopped waiting' })}
        action={
          outcome.entryId ? (
            <Button
              size="sm"
              variant="primary"
              loading={opening.status === 'loading'}
              onClick={() => void open(outcome.entryId!)}
              data-testid="open-late-result"
            >
              {tr(lang, { pt: 'Abrir o resultado', en: 'Open the result' })}
            </Button>
          ) : (
            <Button size="sm" onClick={showHistory}>
              {tr(lang, { pt: 'Ver histórico', en: 'See history' })}
            </Button>
          )
        }
      >
        <p data-testid="cancelled">
          {outcome.entryId
            ? tr(lang, {
                pt: `A análise de ${personName(outcome.request.input)} terminou e está no histórico.`,
                en: `The analysis of ${personName(outcome.request.input)} finished and is in the history.`,
              })
            : tr(lang, {
                pt: 'A consulta continua no serviço e pode ser cobrada mesmo assim. Quando terminar, o resultado fica no histórico.',
                en: 'The request goes on at the service and may still be charged. When it ends, the result is kept in the history.',
              })}
        </p>
      </Notice>
    );

  return (
    <Notice
      tone="warning"
      title={tr(lang, { pt: 'Consulta interrompida', en: 'Request interrupted' })}
      action={
        <>
          <CheckCredits lang={lang} />
          <Button size="sm" onClick={showHistory}>
            {tr(lang, { pt: 'Ver histórico', en: 'See history' })}
          </Button>
          <Button size="sm" onClick={() => void run()} data-testid="retry">
            {lost?.state === 'free'
              ? tr(lang, { pt: 'Tentar de novo', en: 'Try again' })
              : tr(lang, { pt: 'Tentar de novo (pode cobrar)', en: 'Try again (may charge)' })}
          </Button>
        </>
      }
    >
      <LostLookupText verdict={lost} lang={lang} />
    </Notice>
  );
}
