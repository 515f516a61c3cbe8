import { useEffect, useState } from 'react';
import { tierLabel } from '@/lib/api/key-format';
import type { ApiError } from '@/lib/api/errors';
import { creditsText, formatDate, tr } from '@/lib/i18n';
import { personName, tipsBeyond } from '@/lib/panel/format';
import type { Lang, LookupRequest } from '@/lib/model';

/** What the lookup searched for (as the service read it, when it says). */
export function Searched({ request, error, lang }: { request: LookupRequest; error: ApiError; lang: Lang }) {
  const s = error.details?.searched ?? request.input;
  const parts = [personName(s), s.empresa, s.contexto_adicional].filter(Boolean);
  return (
    <p className="mt-1" data-testid="searched">
      <span className="font-medium">{tr(lang, { pt: 'Buscamos: ', en: 'We searched for: ' })}</span>
      {parts.join(' · ')}
    </p>
  );
}

/** Beyond the message itself, which already asks to check the spelling. */
export const TIPS_NOT_FOUND = {
  pt: [
    'Use o nome da empresa como aparece no perfil profissional.',
    'Acrescente o sobrenome ou um contexto (cargo, cidade, área).',
  ],
  en: [
    'Use the company name as it appears on the professional profile.',
    'Add the last name or some context (role, city, area).',
  ],
};

/** Counts down to the automatic retry after too many requests. */
export function Countdown({ at, lang }: { at: number; lang: Lang }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.ceil((at - now) / 1000));
  return (
    <p className="mt-1 font-medium tabular-nums" data-testid="countdown">
      {tr(lang, { pt: `Tentando de novo em ${left} s…`, en: `Trying again in ${left} s…` })}
    </p>
  );
}

/** Who was searched, what the service found wrong in it, and what to try next. */
export function NotFoundDetails({
  request,
  error,
  lang,
}: {
  request: LookupRequest;
  error: ApiError;
  lang: Lang;
}) {
  const d = error.details ?? {};
  const tips = tipsBeyond(
    tr(lang, error.message),
    d.suggestions?.length ? d.suggestions : TIPS_NOT_FOUND[lang],
  );
  return (
    <>
      <Searched request={request} error={error} lang={lang} />
      {d.validationIssues && d.validationIssues.length > 0 && (
        <ul className="ml-4 mt-1 list-disc text-xs">
          {d.validationIssues.map((v, i) => (
            <li key={i}>{v}</li>
          ))}
        </ul>
      )}
      <p className="mt-1 font-medium">{tr(lang, { pt: 'O que tentar:', en: 'What to try:' })}</p>
      <ul className="ml-4 list-disc" data-testid="suggestions">
        {tips.map((t, i) => (
          <li key={i}>{t}</li>
        ))}
      </ul>
    </>
  );
}

/** The balance, when known, and the day the plan renews. */
export function BalanceDetails({
  balance,
  renewalDate,
  lang,
}: {
  balance: number | null;
  renewalDate: string | undefined;
  lang: Lang;
}) {
  return (
    <>
      {balance !== null && (
        <p className="mt-1 font-medium" data-testid="error-balance">
          {tr(lang, { pt: 'Saldo: ', en: 'Balance: ' })}
          {creditsText(lang, balance)}
        </p>
      )}
      {renewalDate && (
        <p>
          {tr(lang, { pt: 'Renovação em ', en: 'Renews on ' })}
          {formatDate(lang, renewalDate)}
        </p>
      )}
    </>
  );
}

/** The plan the analysis needs, and the seller's own when known. */
export function RequiredTier({
  required,
  current,
  lang,
}: {
  required: string;
  current: string | undefined;
  lang: Lang;
}) {
  return (
    <p className="mt-1 font-medium" data-testid="required-tier">
      {tr(lang, {
        pt: `É preciso o plano ${tierLabel(required)}`,
        en: `It needs the ${tierLabel(required)} plan`,
      })}
      {current &&
        tr(lang, {
          pt: `; o seu é ${tierLabel(current)}.`,
          en: `; yours is ${tierLabel(current)}.`,
        })}
    </p>
  );
}

/** Trying again after no answer sends a new request, charged too if it reaches the service. */
export function ChargeWarning({ lang }: { lang: Lang }) {
  return (
    <p className="mt-1 font-medium" data-testid="charge-warning">
      {tr(lang, {
        pt: 'Atenção: tentar de novo envia uma nova consulta, que também será cobrada se chegar ao serviço.',
        en: 'Note: trying again sends a new request, which is charged too if it reaches the service.',
      })}
    </p>
  );
}
