import type { ApiClient } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import { MODEL_MAX_TOKENS } from '@/lib/draft/limits';
import { serviceLevel, type Health, type ServiceLevel, type Status, type Tiers } from '@/lib/api/schemas';
import type { ModelInfo, ParsedRequest, PlansInfo, Responses, ServiceStatus } from '@/lib/messaging';

/* The free information requests: plans, service status and models. They spend nothing and need no key. */

export interface InfoContext {
  client: ApiClient;
}

export function toPlansInfo(body: Tiers): PlansInfo {
  const plans =
    body.tiers_disponiveis?.map((t) => ({
      name: t.nome ?? t.tier ?? '',
      tier: t.tier ?? '',
      price: t.preco === undefined ? '' : String(t.preco),
      features: t.funcionalidades ?? [],
      endpoints: t.endpoints_permitidos ?? [],
      creditsPerUse: t.creditos_por_uso ?? {},
    })) ??
    // The field table's per-plan layout, when the live one is absent.
    body.plans?.map((p) => ({
      name: p.name ?? '',
      tier: '',
      price: '',
      features: p.features ?? [],
      endpoints: p.endpoints ?? [],
      creditsPerUse: {},
    })) ??
    [];
  return {
    plans,
    upgradeMessage: body.upgrade_info?.message ?? null,
    upgradeBenefits: body.upgrade_info?.upgrade_benefits ?? [],
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
  const detail = h?.message && levels[0] === level ? h.message : null;
  return { level, detail, version: h?.version ?? null, checkedAt: now };
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
    return list.data.map((m) => ({ id: m.id, maxTokens: MODEL_MAX_TOKENS[m.id] ?? null }));
  },
};
