/** The analysis endpoints of 4.1 and 4.2: authentication, tiers, validation, charging, latency and answers. */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { billingInfo, type Account } from './accounts';
import { analyse, type ProfileInput } from './analysis';
import { PLUS_FALLBACK_CREDITS, allows, type AnalysisEndpoint } from './endpoints';
import {
  accessDenied,
  aiUnavailable,
  batchInsufficientCredits,
  batchTooLarge,
  faultBody,
  insufficientCredits,
  insufficientData,
  invalidKey,
  invalidRequest,
  multipleMatches,
  planSuspended,
  profileNotFound,
  rateLimited,
} from './errors';
import { header, parseJson, sendJson, sleep, type SandboxRequest } from './http';
import { parseBatch, parseProfile } from './input';
import { fraction, normalizeText } from './random';
import type { SandboxState } from './state';
import { basicForm, extensionForm, variantA, variantB, variantC } from './variants';

type Outcome = 'ok' | 'not_found' | 'insufficient_data' | 'multiple_matches';

/** The test companies, like a payment provider's test card numbers. */
function outcomeOf(input: ProfileInput): Outcome {
  switch (normalizeText(input.empresa)) {
    case 'empresa inexistente':
      return 'not_found';
    case 'dados insuficientes':
      return 'insufficient_data';
    case 'homonimos sa':
      return input.contexto_adicional ? 'ok' : 'multiple_matches';
    default:
      return 'ok';
  }
}

const BATCH_ITEM_ERRORS: Record<Exclude<Outcome, 'ok'> | 'ai_down', { error: string; error_code: string }> = {
  not_found: { error: 'Perfil não encontrado', error_code: 'PROFILE_NOT_FOUND' },
  insufficient_data: { error: 'Dados públicos insuficientes', error_code: 'INSUFFICIENT_DATA' },
  multiple_matches: {
    error: 'Várias pessoas correspondem; informe contexto_adicional',
    error_code: 'MULTIPLE_MATCHES',
  },
  ai_down: { error: 'Provedor de IA indisponível', error_code: 'AI_SERVICE_UNAVAILABLE' },
};

/** A deterministic time inside the endpoint's typical range, times the latency scale. */
function simulatedMs(endpoint: AnalysisEndpoint, inputs: ProfileInput[], scale: number): number {
  const [min, max] = endpoint.latencyMs;
  const seed = inputs
    .map((i) => normalizeText(`${i.primeiro_nome} ${i.ultimo_nome ?? ''}|${i.empresa}`))
    .join(';');
  const typical = min + (max - min) * fraction(`${endpoint.path}|${seed}`);
  // Batch ranges are for five profiles, analysed concurrently: more profiles take somewhat longer.
  if (endpoint.kind === 'single') return Math.round(typical * scale);
  return Math.round(typical * (0.5 + inputs.length / 10) * scale * 100) / 100;
}

function singleAnalysis(endpoint: AnalysisEndpoint, input: ProfileInput) {
  const facts = analyse(input, endpoint.lang);
  switch (endpoint.shape) {
    case 'basic':
      return basicForm(facts);
    case 'extension':
      return extensionForm(facts);
    case 'complete':
      return variantA(facts);
    case 'plus':
      return variantB(facts);
  }
}

interface Call {
  state: SandboxState;
  req: SandboxRequest;
  res: ServerResponse;
  endpoint: AnalysisEndpoint;
  account: Account;
  requestId: string;
  send: (status: number, body: unknown, ms?: number) => void;
  /** Requests this connection served before this one. */
  served?: number;
}

export async function handleAnalysis(
  state: SandboxState,
  endpoint: AnalysisEndpoint,
  req: SandboxRequest,
  res: ServerResponse,
): Promise<void> {
  const arrived = performance.now();
  const requestId = `req_${randomBytes(8).toString('hex')}`;
  // `app`: the simulated processing time (deterministic, also in the body's metadata); `total`: all the time this
  // server spent on the request, the simulated time included (its own work and the timer's lateness too).
  const send = (status: number, body: unknown, ms = 0, headers: Record<string, string> = {}) =>
    sendJson(res, status, body, {
      'server-timing': `app;dur=${ms}, total;dur=${(performance.now() - arrived).toFixed(1)}`,
      'x-request-id': requestId,
      ...headers,
    });
  if (req.method !== 'POST')
    return send(405, { error: 'Method Not Allowed', message: `Use POST em ${endpoint.path}` });

  const account = state.accounts.get(header(req, 'x-api-key'));
  const failed = state.takeFailureWithHeader();
  const failure = failed?.status;
  if (failure !== undefined) {
    const json = parseJson(req);
    const input = json.ok ? parseProfile(json.value) : undefined;
    const body = faultBody(failure, {
      account,
      input: input?.ok ? input.value : undefined,
      endpoint,
      origin: req.origin,
      now: state.now(),
    });
    return send(failure, body, 0, failure === 429 ? { 'retry-after': failed!.retryAfter } : {});
  }
  if (!account) return send(401, invalidKey());
  if (account.status !== 'active') return send(402, planSuspended(account.status));
  const wait = state.limitProfileRequest(account);
  if (wait > 0) return send(429, rateLimited(wait), 0, { 'retry-after': String(wait) });
  if (!allows(account.tier, endpoint)) return send(403, accessDenied(account, endpoint, req.origin));
  const json = parseJson(req);
  if (!json.ok)
    return send(
      400,
      invalidRequest(json.message, ['Envie um objeto JSON com Content-Type: application/json']),
    );

  const call: Call = { state, req, res, endpoint, account, requestId, send, served: req.served };
  return endpoint.kind === 'single' ? single(call, json.value) : batch(call, json.value);
}

/**
 * Checks the balance covers `required` and debits `credits` in one synchronous step, before the simulated
 * time, so that concurrent requests never overspend. Undefined when the balance is short.
 */
function charge(call: Call, required: number, credits: number, profiles?: number) {
  const { state, account, endpoint, requestId } = call;
  const charged = state.accounts.debit(account, required, {
    endpoint: endpoint.path,
    credits,
    ...(profiles === undefined ? {} : { profiles }),
    request_id: requestId,
  });
  // "Charged, but the answer was lost": the fault applies to the next request that is charged.
  // A connection that already served requests (keep-alive) and drops after processing: Chromium re-sends the
  // POST by itself on a new connection, and this server charges it again, as a real one would.
  const served = call.served ?? 0;
  return charged
    ? {
        remaining: account.balance,
        drop: credits > 0 && (state.takeDropConnection() || state.takeReprocessDrop(served)),
      }
    : undefined;
}

async function single(call: Call, body: unknown): Promise<void> {
  const { state, account, endpoint, req, res, send } = call;
  const parsed = parseProfile(body);
  if (!parsed.ok) return send(400, invalidRequest(parsed.message, parsed.suggestions));
  const input = parsed.value;
  const outcome = outcomeOf(input);
  const fallback = outcome === 'ok' && endpoint.shape === 'plus' && state.faults.ai_provider_down;
  const credits = outcome !== 'ok' ? 0 : fallback ? PLUS_FALLBACK_CREDITS : endpoint.credits;
  const charged = charge(call, endpoint.credits, credits);
  if (!charged) return send(402, insufficientCredits(account, req.origin, state.now()));

  const ms = simulatedMs(endpoint, [input], state.faults.latency_scale);
  await sleep(ms);
  if (charged.drop) return void res.socket?.destroy();
  if (outcome === 'not_found') return send(404, profileNotFound(input), ms);
  if (outcome === 'multiple_matches') return send(409, multipleMatches(input), ms);
  if (outcome === 'insufficient_data') return send(422, insufficientData(account), ms);
  const billing = state.billingFigures({
    ...billingInfo(account, credits),
    creditos_restantes: charged.remaining,
  });
  if (fallback) return send(503, aiUnavailable(billing, variantA(analyse(input, 'pt'))), ms);
  const analise = { ...singleAnalysis(endpoint, input), ...state.faults.malformed_analysis };
  if (endpoint.shape !== 'plus') return send(200, { analise, billing_info: billing }, ms);
  const metadata = {
    processing_time_ms: ms,
    ai_enhanced: true,
    timestamp: new Date(state.now()).toISOString(),
  };
  return send(200, { analise, billing_info: billing, metadata }, ms);
}

async function batch(call: Call, body: unknown): Promise<void> {
  const { state, account, endpoint, res, send } = call;
  const parsed = parseBatch(body);
  if (!parsed.ok) {
    return 'tooLarge' in parsed
      ? send(400, batchTooLarge(parsed.tooLarge))
      : send(400, invalidRequest(parsed.message, parsed.suggestions));
  }
  const { profiles, raw } = parsed;
  const aiDown = endpoint.shape === 'plus' && state.faults.ai_provider_down;
  const outcomes = profiles.map((p) => {
    const outcome = outcomeOf(p);
    return outcome === 'ok' && aiDown ? 'ai_down' : outcome;
  });
  const successes = outcomes.filter((o) => o === 'ok').length;
  const credits = successes * endpoint.credits;
  // Rule 6: the whole batch must be affordable, though only successes are charged.
  const charged = charge(call, profiles.length * endpoint.credits, credits, successes);
  if (!charged)
    return send(402, batchInsufficientCredits(profiles.length, endpoint.credits, account.balance));

  const ms = simulatedMs(endpoint, profiles, state.faults.latency_scale);
  await sleep(ms);
  if (charged.drop) return void res.socket?.destroy();
  const tier = endpoint.shape === 'extension' ? 'basic' : endpoint.shape;
  const results = profiles.map((profile, index) => {
    const outcome = outcomes[index]!;
    const common = { profile_index: index, input: raw[index] };
    return outcome === 'ok'
      ? { success: true, ...common, analise: variantC(analyse(profile, 'pt'), tier) }
      : { success: false, ...common, ...BATCH_ITEM_ERRORS[outcome] };
  });
  send(
    200,
    {
      success: true,
      batch_summary: {
        total_profiles: profiles.length,
        successful: successes,
        failed: profiles.length - successes,
        processing_time_ms: ms,
      },
      results,
      billing_info: state.billingFigures({
        ...billingInfo(account, credits),
        creditos_restantes: charged.remaining,
        creditos_por_perfil: endpoint.credits,
        perfis_processados: successes,
      }),
    },
    ms,
  );
}
