import { Badge, Card } from '@/components/ui';
import { creditsText, tr } from '@/lib/i18n';
import { formatPrice } from './format';
import type { Lang, PlansInfo } from '@/lib/model';
import { fold } from '@/lib/text';

type Plan = PlansInfo['plans'][number];

/** The account's plan among the offered ones: by tier (a Plus account holds a Complete key) or by name. */
export function isCurrentPlan(plan: Plan, current: { tier: string | null; plan: string | null }): boolean {
  const tier = current.tier === 'plus' ? 'complete' : current.tier;
  if (tier && plan.tier) return fold(plan.tier) === tier;
  return current.plan !== null && fold(plan.name) === fold(current.plan);
}

const RANK: Record<string, number> = { basic: 1, complete: 2, plus: 3 };

/**
 * Whether the service's upgrade pitch concerns this account: it names the tier it sells ("Faça upgrade para o
 * Complete"), or else the highest tier offered; an account already at or above it does not see it. With the
 * account's tier unknown, it is shown.
 */
export function upgradeApplies(info: PlansInfo, currentTier: string | null): boolean {
  const mine = currentTier ? RANK[fold(currentTier)] : undefined;
  if (mine === undefined) return true;
  const named = fold(info.upgradeMessage ?? '').match(/\b(basic|complete|plus)\b/g) ?? [];
  const offered = info.plans.map((p) => RANK[fold(p.tier)] ?? 0);
  const target = named.length ? Math.max(...named.map((n) => RANK[n]!)) : Math.max(0, ...offered);
  return mine < target;
}

/** The plans of /tiers-disponiveis side by side, the user's own highlighted. */
export function PlanComparison({
  info,
  current,
  lang,
}: {
  info: PlansInfo;
  current: { tier: string | null; plan: string | null };
  lang: Lang;
}) {
  if (info.plans.length === 0) {
    return (
      <p className="text-sm">
        {tr(lang, { pt: 'O serviço não listou planos.', en: 'The service listed no plans.' })}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {info.plans.map((plan) => {
          const mine = isCurrentPlan(plan, current);
          return (
            <li
              key={`${plan.tier}-${plan.name}`}
              aria-current={mine ? 'true' : undefined}
              data-testid="plan-card"
            >
              <Card highlighted={mine} className="h-full">
                <div className="flex items-start justify-between gap-2">
                  <h3 className="text-base font-semibold">{plan.name}</h3>
                  {mine && <Badge tone="info">{tr(lang, { pt: 'Seu plano', en: 'Your plan' })}</Badge>}
                </div>
                {plan.price && <p className="mt-1 text-xl font-bold">{formatPrice(lang, plan.price)}</p>}
                {plan.features.length > 0 && (
                  <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
                    {plan.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                )}
                {plan.endpoints.length > 0 && (
                  <div className="mt-3 text-xs text-zinc-600 dark:text-zinc-400">
                    <p>{tr(lang, { pt: 'Endpoints:', en: 'Endpoints:' })}</p>
                    <ul className="mt-1 flex flex-wrap gap-1">
                      {plan.endpoints.map((e) => (
                        <li key={e}>
                          <code className="break-all">{e}</code>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
                {Object.keys(plan.creditsPerUse).length > 0 && (
                  <table className="mt-3 w-full text-left text-xs">
                    <caption className="sr-only">
                      {tr(lang, { pt: 'Créditos por uso', en: 'Credits per use' })}
                    </caption>
                    <thead>
                      <tr>
                        <th scope="col" className="font-medium">
                          {tr(lang, { pt: 'Endpoint', en: 'Endpoint' })}
                        </th>
                        <th scope="col" className="text-right font-medium">
                          {tr(lang, { pt: 'Créditos por uso', en: 'Credits per use' })}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {Object.entries(plan.creditsPerUse).map(([endpoint, cost]) => (
                        <tr key={endpoint} className="border-t border-zinc-200 dark:border-zinc-700">
                          <td className="py-0.5">
                            <code>{endpoint}</code>
                          </td>
                          <td className="py-0.5 text-right">
                            {typeof cost === 'number' ? creditsText(lang, cost) : cost}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
      {(info.upgradeMessage || info.upgradeBenefits.length > 0) && upgradeApplies(info, current.tier) && (
        <Card>
          {info.upgradeMessage && <p className="text-sm font-medium">{info.upgradeMessage}</p>}
          {info.upgradeBenefits.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
              {info.upgradeBenefits.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          )}
        </Card>
      )}
    </div>
  );
}
