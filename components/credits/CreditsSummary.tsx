import type { ReactNode } from 'react';
import { Badge } from '@/components/ui';
import { creditsText, formatDate, formatMoment, formatNumber, tr } from '@/lib/i18n';
import { allowanceTexts, planLabel, usageRows } from './format';
import { tierLabel } from '@/lib/api/key-format';
import type { Credits, Lang } from '@/lib/model';

const STATUS = {
  active: { tone: 'success', text: { pt: 'Ativo', en: 'Active' } },
  suspended: { tone: 'danger', text: { pt: 'Suspenso', en: 'Suspended' } },
  expired: { tone: 'danger', text: { pt: 'Expirado', en: 'Expired' } },
} as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-1">
      <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-right font-medium">{children}</dd>
    </div>
  );
}

function Usage({ lang, title, usage }: { lang: Lang; title: string; usage: Record<string, unknown> | null }) {
  const rows = usageRows(lang, usage);
  if (rows.length === 0) return null;
  return (
    <div>
      <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
        {title}
      </h2>
      <dl className="text-sm">
        {rows.map((r) => (
          <Row key={r.key} label={r.label}>
            {r.value}
          </Row>
        ))}
      </dl>
    </div>
  );
}

/** The account as last known: balance, plan, tier, state, renewal, usage and what the plan allows, in words. */
/**
 * The balance, plan, tier and status, then the details (renewal, usage, what the plan allows). With `fold`, the
 * details sit in a closed disclosure, so a small window (the popup) shows what matters first.
 */
export function CreditsSummary({
  credits,
  lang,
  fold = false,
}: {
  credits: Credits;
  lang: Lang;
  fold?: boolean;
}) {
  const status = credits.status === 'unknown' ? null : STATUS[credits.status];
  const allowance = allowanceTexts(lang, credits.allowedEndpoints);
  const details = <CreditsDetails credits={credits} lang={lang} allowance={allowance} />;
  return (
    <div className="flex flex-col gap-3">
      <div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{tr(lang, { pt: 'Saldo', en: 'Balance' })}</p>
        <p className="text-3xl font-bold tabular-nums" data-testid="balance">
          {credits.balance === null ? '—' : creditsText(lang, credits.balance)}
        </p>
        {credits.totalCredits !== null && (
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            {tr(lang, { pt: 'de', en: 'of' })} {formatNumber(lang, credits.totalCredits)}{' '}
            {tr(lang, { pt: 'no período', en: 'this period' })}
          </p>
        )}
      </div>
      <dl className="text-sm">
        {credits.plan && (
          <Row label={tr(lang, { pt: 'Plano', en: 'Plan' })}>
            <span data-testid="plan">{planLabel(credits.plan)}</span>
          </Row>
        )}
        {credits.tier && (
          <Row label={tr(lang, { pt: 'Nível', en: 'Tier' })}>
            <span data-testid="tier">{tierLabel(credits.tier)}</span>
          </Row>
        )}
        {status && (
          <Row label={tr(lang, { pt: 'Situação', en: 'Status' })}>
            <Badge tone={status.tone}>{tr(lang, status.text)}</Badge>
          </Row>
        )}
      </dl>
      {fold ? (
        <details
          className="group rounded-md border border-zinc-200 dark:border-zinc-700"
          data-testid="credit-details"
        >
          <summary className="cursor-pointer select-none rounded-md px-3 py-1.5 text-xs font-semibold text-zinc-700 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-zinc-300 dark:hover:bg-zinc-800">
            {tr(lang, { pt: 'Detalhes do plano e do uso', en: 'Plan and usage details' })}
          </summary>
          <div className="flex flex-col gap-3 px-3 pt-1 pb-3">{details}</div>
        </details>
      ) : (
        details
      )}
    </div>
  );
}

function CreditsDetails({ credits, lang, allowance }: { credits: Credits; lang: Lang; allowance: string[] }) {
  return (
    <>
      {(credits.renewal || credits.usedThisPeriod !== null) && (
        <dl className="text-sm">
          {credits.renewal && (
            <Row label={tr(lang, { pt: 'Renovação', en: 'Renewal' })}>
              {formatDate(lang, credits.renewal)}
            </Row>
          )}
          {credits.usedThisPeriod !== null && (
            <Row label={tr(lang, { pt: 'Usados no período', en: 'Used this period' })}>
              {formatNumber(lang, credits.usedThisPeriod)}
            </Row>
          )}
        </dl>
      )}
      <Usage
        lang={lang}
        title={tr(lang, { pt: 'Uso neste mês', en: 'Usage this month' })}
        usage={credits.thisMonth}
      />
      <Usage
        lang={lang}
        title={tr(lang, { pt: 'Últimos 30 dias', en: 'Last 30 days' })}
        usage={credits.last30Days}
      />
      {allowance.length > 0 && (
        <div>
          <h2 className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">
            {tr(lang, { pt: 'O que o plano permite', en: 'What the plan allows' })}
          </h2>
          <ul
            className="mt-1 list-disc pl-4 text-sm"
            aria-label={tr(lang, { pt: 'O que o plano permite', en: 'What the plan allows' })}
          >
            {allowance.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      {credits.updatedAt > 0 && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {tr(lang, { pt: 'Atualizado em', en: 'Updated' })} {formatMoment(lang, credits.updatedAt, 'short')}
        </p>
      )}
    </>
  );
}
