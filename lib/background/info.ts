import type { ApiClient } from '@/lib/api/client';
import { ERROR_TEXT_MAX, toApiError } from '@/lib/api/errors';
import { MAX_MODEL_ID, MODEL_MAX_TOKENS } from '@/lib/draft/limits';
import { serviceLevel, type Health, type ServiceLevel, type Status, type Tiers } from '@/lib/api/schemas';
import { capText, capTexts } from '@/lib/text';
import type { ParsedRequest, Responses } from '@/lib/messaging';
import type { ModelInfo, PlansInfo, ServiceStatus } from '@/lib/model';

/* The free information requests: plans, service status and models. They spend nothing and need no key. */

export interface InfoContext {
  client: ApiClient;
}

/** A plan card holds short texts: the schema's caps, tightened for the comparison table. */
const PLAN_TEXT = 300;
const PLAN_ITEMS = 30;
const MAX_PLANS = 20;
const short = (s: string) => capText(s, PLAN_TEXT);
const shortList = (l: string[] | undefined) => capTexts(l ?? [], PLAN_ITEMS, PLAN_TEXT);

export function toPlansInfo(body: Tiers): PlansInfo {
  const plans = (
    body.tiers_disponiveis?.map((t) => ({
      name: short(t.nome ?? t.tier ?? ''),
      tier: short(t.tier ?? ''),
      price: t.preco === undefined ? '' : short(String(t.preco)),
      features: shortList(t.funcionalidades),
      endpoints: shortList(t.endpoints_permitidos),
      creditsPerUse: t.creditos_por_uso ?? {},
    })) ??
    // The field table's per-plan layout, when the live one is absent.
    body.plans?.map((p) => ({
      name: short(p.name ?? ''),
      tier: '',
      price: '',
      features: shortList(p.features),
      endpoints: shortList(p.endpoints),
      creditsPerUse: {},
    })) ??
    []
  ).slice(0, MAX_PLANS);
  const upgrade = body.upgrade_info?.message;
  return {
    plans,
    upgradeMessage: upgrade === undefined ? null : capText(upgrade, ERROR_TEXT_MAX),
    upgradeBenefits: shortList(body.upgrade_info?.upgrade_benefits),
  };
}

const SEVERITY: Record<ServiceLevel, number> = { unknown: -1, ok: 0, degraded: 1, outage: 2 };

const worst = (levels: ServiceLevel[]): ServiceLevel =>
  levels.reduce<ServiceLevel>((a, b) => (SEVERITY[b] > SEVERITY[a] ? b : a), 'unknown');

function statusLevel(body: Status): ServiceLevel {
  const levels = [serviceLevel(body.status)];
  if (body.api_health !== undefined) levels.push(serviceLevel(body.api_health));
  if (body.services_online === false) levels.push('outage');
  return worst(levels);
}

/** A failed check: a server error is an outage; no answer at all (or a refused key on /health) tells nothing. */
function failureLevel(reason: unknown): ServiceLevel {
  const status = toApiError(reason).status;
  return status !== undefined && status >= 500 ? 'outage' : 'unknown';
}

export function toServiceStatus(
  health: PromiseSettledResult<Health>,
  status: PromiseSettledResult<Status>,
  now = Date.now(),
): ServiceStatus {
  const levels = [
    health.status === 'fulfilled' ? serviceLevel(health.value.status) : failureLevel(health.reason),
    status.status === 'fulfilled' ? statusLevel(status.value) : failureLevel(status.reason),
  ];
  const h = health.status === 'fulfilled' ? health.value : undefined;
  const level = worst(levels);
  // /health's own words only when they say what the notice says: "operacional" under a degraded notice
  // (the other check found the trouble) would contradict it.
  const detail = h?.message !== undefined && levels[0] === level ? capText(h.message, ERROR_TEXT_MAX) : null;
  const version = h?.version === undefined ? null : capText(h.version, 100);
  return { level, detail, version, checkedAt: now };
}

export const infoHandlers = {
  'tiers.get': async (
    _data: ParsedRequest<'tiers.get'>,
    { client }: InfoContext,
  ): Promise<Responses['tiers.get']> => toPlansInfo(await client.tiersDisponiveis()),

  'service.status': async (
    _data: ParsedRequest<'service.status'>,
    { client }: InfoContext,
  ): Promise<Responses['service.status']> => {
    const [health, status] = await Promise.allSettled([client.health(), client.status()]);
    return toServiceStatus(health, status);
  },

  'models.list': async (
    _data: ParsedRequest<'models.list'>,
    { client }: InfoContext,
  ): Promise<ModelInfo[]> => {
    const list = await client.models.list();
    // An id longer than a draft request accepts could not be used: it is not offered.
    return list.data
      .filter((m) => m.id.length > 0 && m.id.length <= MAX_MODEL_ID)
      .map((m) => ({ id: m.id, maxTokens: MODEL_MAX_TOKENS[m.id] ?? null }));
  },
};
