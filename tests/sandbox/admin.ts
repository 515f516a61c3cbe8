/** The admin API for tests, under /__sandbox/: accounts, faults, ledger and reset. */
import type { ServerResponse } from 'node:http';
import { PLAN_STATUSES, TIERS, type NewAccount, type PlanStatus, type Tier } from './accounts';
import { isRecord, sendJson, type SandboxRequest } from './http';
import type { Faults, SandboxState } from './state';

type Check<T> = { ok: true; value: T } | { ok: false; message: string };

function newAccount(body: unknown): Check<NewAccount> {
  if (!isRecord(body)) return { ok: false, message: 'Envie {tier, plan, credits, status}' };
  const { tier, plan, credits, status } = body;
  if (!TIERS.includes(tier as Tier)) return { ok: false, message: `tier deve ser ${TIERS.join(', ')}` };
  if (plan !== undefined && (typeof plan !== 'string' || plan === ''))
    return { ok: false, message: 'plan deve ser texto' };
  if (credits !== undefined && !(Number.isInteger(credits) && (credits as number) >= 0)) {
    return { ok: false, message: 'credits deve ser um inteiro não negativo' };
  }
  if (status !== undefined && !PLAN_STATUSES.includes(status as PlanStatus)) {
    return { ok: false, message: `status deve ser ${PLAN_STATUSES.join(', ')}` };
  }
  return {
    ok: true,
    value: {
      tier: tier as Tier,
      ...(plan === undefined ? {} : { plan: plan as string }),
      ...(credits === undefined ? {} : { credits: credits as number }),
      ...(status === undefined ? {} : { status: status as PlanStatus }),
    },
  };
}

/** Validates a partial update of the faults; only the fields given change. */
function faultUpdate(body: unknown): Check<Partial<Faults>> {
  if (!isRecord(body)) return { ok: false, message: 'Envie um objeto com as falhas a aplicar' };
  const update: Partial<Faults> = {};
  const { ai_provider_down, latency_scale, rate_limit_per_s, fail_next, drop_connection_next } = body;
  for (const [name, value] of Object.entries({ ai_provider_down, drop_connection_next })) {
    if (value === undefined) continue;
    if (typeof value !== 'boolean') return { ok: false, message: `${name} deve ser booleano` };
    update[name as 'ai_provider_down' | 'drop_connection_next'] = value;
  }
  for (const [name, value] of Object.entries({ latency_scale, rate_limit_per_s })) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      return { ok: false, message: `${name} deve ser um número não negativo` };
    }
    update[name as 'latency_scale' | 'rate_limit_per_s'] = value;
  }
  if (fail_next === null) update.fail_next = null;
  else if (fail_next !== undefined) {
    const status = isRecord(fail_next) ? fail_next.status : undefined;
    const count = isRecord(fail_next) ? (fail_next.count ?? 1) : undefined;
    if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) {
      return { ok: false, message: 'fail_next.status deve ser um status HTTP de erro (400–599)' };
    }
    if (!Number.isInteger(count) || (count as number) < 0)
      return { ok: false, message: 'fail_next.count deve ser um inteiro' };
    const retryAfter = isRecord(fail_next) ? fail_next.retry_after : undefined;
    if (retryAfter !== undefined && (typeof retryAfter !== 'string' || retryAfter.length > 200))
      return { ok: false, message: 'fail_next.retry_after deve ser texto (segundos ou data HTTP)' };
    update.fail_next =
      count === 0
        ? null
        : {
            status: status as number,
            count: count as number,
            ...(retryAfter !== undefined && { retry_after: retryAfter }),
          };
  }
  const more = issue14Faults(body);
  if (!more.ok) return more;
  return { ok: true, value: { ...update, ...more.value } };
}

/**
 * The network and money faults: redirects, re-processed drops, absurd figures, /creditos cache headers, and fields
 * written over every single analysis.
 */
function issue14Faults(body: Record<string, unknown>): Check<Partial<Faults>> {
  const update: Partial<Faults> = {};
  const { redirect_next, reprocess_dropped_next, absurd_billing, creditos_max_age, malformed_analysis } =
    body;
  if (malformed_analysis === null) update.malformed_analysis = null;
  else if (malformed_analysis !== undefined) {
    if (!isRecord(malformed_analysis)) return { ok: false, message: 'malformed_analysis deve ser um objeto' };
    update.malformed_analysis = malformed_analysis;
  }
  if (redirect_next === null) update.redirect_next = null;
  else if (redirect_next !== undefined) {
    const status = isRecord(redirect_next) ? redirect_next.status : undefined;
    const to = isRecord(redirect_next) ? redirect_next.to : undefined;
    if (![301, 302, 303, 307, 308].includes(status as number))
      return { ok: false, message: 'redirect_next.status deve ser 301, 302, 303, 307 ou 308' };
    if (typeof to !== 'string' || !/^https?:\/\/[^/]+$/.test(to))
      return { ok: false, message: 'redirect_next.to deve ser uma origem (http://host:porta)' };
    const path = isRecord(redirect_next) ? redirect_next.path : undefined;
    if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/')))
      return { ok: false, message: 'redirect_next.path deve começar com /' };
    update.redirect_next = { status: status as number, to, ...(path !== undefined && { path }) };
  }
  if (reprocess_dropped_next !== undefined) {
    if (typeof reprocess_dropped_next !== 'boolean')
      return { ok: false, message: 'reprocess_dropped_next deve ser booleano' };
    update.reprocess_dropped_next = reprocess_dropped_next;
  }
  if (absurd_billing === null) update.absurd_billing = null;
  else if (absurd_billing !== undefined) {
    if (!isRecord(absurd_billing))
      return { ok: false, message: 'absurd_billing deve ser {creditos_restantes, creditos_utilizados}' };
    update.absurd_billing = {
      ...('creditos_restantes' in absurd_billing && {
        creditos_restantes: absurd_billing.creditos_restantes,
      }),
      ...('creditos_utilizados' in absurd_billing && {
        creditos_utilizados: absurd_billing.creditos_utilizados,
      }),
    };
  }
  if (creditos_max_age !== undefined) {
    if (!Number.isInteger(creditos_max_age) || (creditos_max_age as number) < 0)
      return { ok: false, message: 'creditos_max_age deve ser um inteiro não negativo' };
    update.creditos_max_age = creditos_max_age as number;
  }
  return { ok: true, value: update };
}

export function handleAdmin(state: SandboxState, req: SandboxRequest, res: ServerResponse): void {
  const route = `${req.method} ${req.path}`;
  // Lenient on Content-Type, so that `curl -d '{…}'` works too.
  const body = (): unknown => {
    try {
      return JSON.parse(req.body.toString('utf8'));
    } catch {
      return undefined;
    }
  };
  switch (route) {
    case 'POST /__sandbox/accounts': {
      const spec = newAccount(body());
      if (!spec.ok) return sendJson(res, 400, { error: spec.message });
      const account = state.accounts.create(spec.value);
      return sendJson(res, 201, {
        api_key: account.api_key,
        tier: account.tier,
        plan: account.plan,
        credits: account.balance,
        status: account.status,
      });
    }
    case 'GET /__sandbox/faults':
      return sendJson(res, 200, state.faults);
    case 'POST /__sandbox/faults': {
      const update = faultUpdate(body());
      if (!update.ok) return sendJson(res, 400, { error: update.message });
      state.faults = { ...state.faults, ...update.value };
      // "Dropped without an answer" must reach the client: on a fresh connection, which a browser does not
      // re-send on (reprocess_dropped_next is the reused-connection case).
      if (update.value.drop_connection_next) state.closeIdleConnections();
      if (update.value.rate_limit_per_s !== undefined) state.clearLimits();
      return sendJson(res, 200, state.faults);
    }
    case 'GET /__sandbox/ledger': {
      const key = req.query.get('api_key');
      if (!key) return sendJson(res, 400, { error: 'Informe ?api_key=' });
      const account = state.accounts.get(key);
      if (!account) return sendJson(res, 404, { error: 'Conta não encontrada' });
      return sendJson(res, 200, {
        api_key: key,
        entries: account.ledger,
        total_credits: state.accounts.used(account),
        balance: account.balance,
      });
    }
    case 'GET /__sandbox/requests': {
      // The analysis requests of one key (or all), oldest first: method, path, body, arrival time in ms.
      const key = req.query.get('api_key');
      return sendJson(res, 200, {
        requests: state.requestLog.filter((r) => key === null || r.api_key === key),
      });
    }
    case 'POST /__sandbox/reset':
      state.reset();
      return sendJson(res, 200, { ok: true });
    default:
      return sendJson(res, 404, { error: `Rota de administração desconhecida: ${route}` });
  }
}
