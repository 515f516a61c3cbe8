import type { SingleResult } from '@/lib/api/client';
import { plausibleCharge } from '@/lib/api/billing';
import { ENDPOINTS } from '@/lib/api/endpoints';
import { ApiFailure, toApiError } from '@/lib/api/errors';
import { personKey, type History } from '@/lib/history';
import { credits as storedCredits, keyStatus, settings } from '@/lib/storage';
import type { ClientFactory } from './api';
import type { CreditsService } from './credits';
import type { JobOutcome, JobStore } from './jobs';
import { announceSettled } from '@/lib/announce';
import { buildEntry } from './history-entry';
import { createKeeper } from './kept';
import type { KeepAlive } from './keep-alive';
import type { SpendService } from './spend';
import { reconcile, billingNotice } from './reconcile';
import { refusal } from './refusal';
import { refuseSeen } from './seen';
import { routeLookup, type Route } from './routing';
import type { HistoryEntry, HistorySummary, LookupJob, LookupRequest, Quote, Text } from '@/lib/model';

const DAY_MS = 86_400_000;

function plusFallback(credits: number) {
  return {
    pt: `A análise Plus estava indisponível no momento; entregamos a análise Completa e foram cobrados ${credits} créditos.`,
    en: `The Plus analysis was unavailable; the Complete analysis was delivered instead and ${credits} credits were charged.`,
  };
}

export interface LookupDeps {
  client: ClientFactory;
  history: History;
  credits: CreditsService;
  jobs: JobStore;
  keepAlive: KeepAlive;
  now?: () => number;
  newId?: () => string;
  /** Hands a finished job (with its entry) to the open pages at once; by default a runtime message. */
  announce?: (job: LookupJob, entry: HistoryEntry | null) => void;
  /** Embeds saved entries for "Pessoas parecidas" in the background (never waited for). */
  embed?: (ids: string[]) => void;
  /** Records every charging request before its answer, so that a lost answer's cost can be measured. */
  spend: SpendService;
}

/** What the lookup service's pieces share: its deps, the clock and the announcer (defaults filled in), the keeper. */
interface LookupContext {
  deps: LookupDeps;
  now: () => number;
  announce: (job: LookupJob, entry: HistoryEntry | null) => void;
  kept: ReturnType<typeof createKeeper>;
}

/** The job as it will be stored once it ends, with `outcome`. */
const ended = (now: () => number, job: LookupJob, outcome: Partial<LookupJob>): LookupJob =>
  ({ ...job, ...outcome, updatedAt: now() }) as LookupJob;

/** The history entry that serves `req` again, when the reuse setting allows one. */
async function reusable(
  history: History,
  now: () => number,
  req: LookupRequest,
): Promise<HistorySummary | null> {
  // The history's index is read beside the setting, which decides whether it is looked at.
  const warm = history.warm();
  warm.catch(() => undefined);
  const { reuseDays } = await settings.get();
  if (reuseDays <= 0) return null;
  await warm;
  return history.findReusable(personKey(req.input), req.depth, req.lang, now() - reuseDays * DAY_MS);
}

/** The route `req` takes and the quote the panel shows for it. */
async function plan(
  history: History,
  now: () => number,
  req: LookupRequest,
): Promise<{ route: Route; quote: Quote }> {
  const [status, balance, cached] = await Promise.all([
    keyStatus.get(),
    storedCredits.get(),
    reusable(history, now, req),
  ]);
  const route = routeLookup(req.depth, req.lang, status.tier);
  const spec = ENDPOINTS[route.endpoint];
  return {
    route,
    quote: {
      input: req.input,
      endpoint: spec.path,
      credits: spec.credits,
      timeRange: spec.timeRange,
      depth: req.depth,
      lang: req.lang,
      cached,
      balance: balance.balance,
      unavailable: route.unavailable?.reason ?? null,
    },
  };
}

/** The history entry of an answered job, with what it really charged. */
function toEntry(
  now: () => number,
  job: LookupJob,
  endpoint: Route['endpoint'],
  res: SingleResult,
  before: number | null,
): HistoryEntry {
  const { input, depth, lang } = job.request;
  // What the service says it charged, else the contract's price (an unreadable figure is never recorded); a claim
  // far beyond what the call can cost is kept as the service's claim only.
  const price = ENDPOINTS[endpoint].credits;
  const claimed = res.billing_info?.creditos_utilizados ?? res.degraded?.creditsCharged;
  const implausible = claimed !== undefined && !plausibleCharge(claimed, price) ? claimed : undefined;
  const quoted = claimed !== undefined && implausible === undefined ? claimed : price;
  const check = reconcile(before, res.billing_info?.creditos_restantes, quoted);
  // More credits went than quoted: the entry records what was really spent, with the reason.
  const charged =
    check && check.observed > quoted && plausibleCharge(check.observed, price) ? check.observed : quoted;
  const notices = [res.degraded && plusFallback(quoted), check && billingNotice(check)].filter(
    (n): n is Text => !!n,
  );
  return buildEntry(
    {
      id: job.id,
      input,
      // Plus without its AI provider is a Complete analysis: a later Plus request must not be served from it.
      depth: res.degraded ? 'complete' : depth,
      lang,
      endpoint: ENDPOINTS[endpoint].path,
      creditsCharged: charged,
      createdAt: now(),
    },
    res,
    {
      ...(notices.length > 0 && {
        notice: { pt: notices.map((n) => n.pt).join(' '), en: notices.map((n) => n.en).join(' ') },
      }),
      ...(check && { billingCheck: check }),
      ...(implausible !== undefined && { implausibleCharge: implausible }),
    },
  );
}

/** The client and the balance before (to compare its drop with the price once the service answers). */
type Prepared = Promise<[Awaited<ReturnType<ClientFactory>>, number | null]>;
function prepare(deps: LookupDeps): Prepared {
  const needs = Promise.all([deps.client(), deps.credits.balanceBefore()]);
  needs.catch(() => undefined);
  return needs;
}

/**
 * Runs a job whose quote check has passed; `hit` is the history entry the quote found, when it serves the job. The
 * job's record (`recorded`: a worker that dies mid-call finds it at restart) is written beside the call, not before
 * it, and awaited before the job is ended; a record that could not be written loses nothing: the entry is saved,
 * the open pages are told, and the outcome is answered from memory. Resolves to the ended job.
 */
async function run(
  { deps, now, announce, kept }: LookupContext,
  job: LookupJob,
  endpoint: Route['endpoint'],
  hit: HistorySummary | null,
  recorded: Promise<void>,
  needs: Prepared,
): Promise<LookupJob> {
  const { input } = job.request;
  const finish = async (outcome: JobOutcome): Promise<LookupJob> => {
    await recorded.catch(() => undefined);
    return (await deps.jobs.finish(job.id, outcome).catch(() => null)) ?? ended(now, job, outcome);
  };
  try {
    if (hit) {
      const outcome = { status: 'done', entryId: hit.id, fromHistory: true } as const;
      // The entry goes with the news, so the open panel shows it without asking.
      announce(ended(now, job, outcome), await kept.get(hit.id).catch(() => null));
      return await finish(outcome);
    }
    const [client, before] = await needs;
    const charge = deps.credits.beginCharge();
    let res: SingleResult;
    let alone: boolean;
    try {
      // Sent once: the client itself re-sends only what the service said it did not process.
      res = await client[endpoint](input);
    } finally {
      alone = charge.end();
    }
    const entry = toEntry(now, job, endpoint, res, alone ? before : null);
    const outcome = { status: 'done', entryId: job.id, fromHistory: false } as const;
    // The saving starts first and the open panel gets the result beside it, not after it. The stored job says
    // done only once the history holds the entry: a worker that dies before still finds the result at restart.
    const saved = kept.save(entry);
    announce(ended(now, job, outcome), entry);
    await saved;
    deps.embed?.([entry.id]);
    // A balance that would have dropped beyond what the call can cost is not taken: the stored one stays.
    const drop = entry.billingCheck?.observed;
    const plausible = drop === undefined || plausibleCharge(drop, ENDPOINTS[endpoint].credits);
    if (plausible) await deps.credits.fromBilling(res.billing_info).catch(() => undefined);
    await recorded.catch(() => undefined);
    await deps.spend
      ?.answer(job.id, entry.creditsCharged, plausible ? res.billing_info?.creditos_restantes : undefined)
      .catch(() => undefined);
    return await finish(outcome);
  } catch (e) {
    const spec = ENDPOINTS[endpoint];
    const error = toApiError(e, { charging: spec.charging, endpoint: spec.path, searched: input });
    await deps.credits.fromError(error).catch(() => undefined);
    await recorded.catch(() => undefined);
    // An answer lost after sending (a timeout, a dropped connection) is measured from the balance.
    await (
      error.charged === 'unknown'
        ? deps.spend.lose(job.id, 0, { people: 1, rowIds: [] })
        : deps.spend.answer(job.id, error.charged === 'yes' ? (error.creditsCharged ?? 0) : 0)
    )?.catch(() => undefined);
    announce(ended(now, job, { status: 'error', error }), null);
    return finish({ status: 'error', error });
  }
}

/**
 * At worker start: jobs left running by a previous worker end as done (result saved) or interrupted; what an
 * interrupted one cost is measured from the balance (./spend.ts).
 */
async function recover(deps: LookupDeps, entry: (id: string) => Promise<HistoryEntry | null>): Promise<void> {
  const left = new Set<string>();
  const recovered = await deps.jobs.recover(
    async (id) => (await entry(id)) !== null,
    async (id) => {
      const open = (await deps.spend.leftOpen(id)).length > 0;
      if (open) left.add(id);
      return open;
    },
  );
  for (const job of recovered) {
    if (!left.has(job.id) && job.status !== 'done') continue;
    if (job.status === 'done') {
      const charged = (await entry(job.id))?.creditsCharged ?? 0;
      await deps.spend.lose(job.id, charged, { people: 0, rowIds: [] });
    } else await deps.spend.lose(job.id, 0, { people: 1, rowIds: [] });
  }
}

export function createLookupService(deps: LookupDeps) {
  const { history, jobs, keepAlive } = deps;
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const kept = createKeeper(history);
  const ctx: LookupContext = { deps, now, announce: deps.announce ?? announceSettled, kept };
  /** Work in flight by person, depth and language: identical requests join it. */
  const inFlight = new Map<string, string>();
  const byJob = new Map<string, Promise<LookupJob | null>>();
  const entry = kept.get;

  return {
    async quote(req: LookupRequest): Promise<Quote> {
      // The panel asks the price before the user can click: an old balance is read again now, not at the click.
      deps.credits.freshen();
      return (await plan(history, now, req)).quote;
    },

    /** Starts a lookup, or joins the identical one in flight; answers at once with the job id. */
    async start(req: LookupRequest): Promise<{ jobId: string }> {
      // What a charging call needs besides the decision is read beside the quote check, not after it (reads only:
      // nothing is sent until the check below has passed and the job is recorded).
      const needs = prepare(deps);
      const { route, quote } = await plan(history, now, req);
      const fromHistory = quote.cached !== null && !req.refresh;
      // The price is bound to what the user saw: anything different charges nothing and says what differs.
      const refused = refuseSeen(req, quote, fromHistory);
      if (refused) throw new ApiFailure(refused);
      if (route.unavailable && !fromHistory) {
        const { code, reason, action } = route.unavailable;
        throw new ApiFailure(refusal(code, reason, action));
      }
      const key = `${personKey(req.input)}|${req.depth}|${req.lang}`;
      const joined = inFlight.get(key);
      if (joined) return { jobId: joined };
      const at = now();
      const job: LookupJob = {
        id: newId(),
        request: req,
        quote: { endpoint: quote.endpoint, credits: quote.credits, timeRange: quote.timeRange },
        startedAt: at,
        updatedAt: at,
        status: 'running',
      };
      // The record is written beside the call: the charge leaves as soon as the check above has passed.
      const charging = !fromHistory && ENDPOINTS[route.endpoint].charging;
      const price = ENDPOINTS[route.endpoint].credits;
      const persisted = Promise.all([
        jobs.put(job),
        charging &&
          deps.spend.open(job.id, {
            ref: job.id,
            kind: 'lookup',
            rowIds: [],
            people: 1,
            // a Plus lookup may cost its price, or the Complete price when the service falls back (docs/api-contract.md)
            prices: route.endpoint === 'crmPlus' ? [price, ENDPOINTS.crm.credits] : [price],
            settleBy: at + ENDPOINTS[route.endpoint].timeoutMs,
          }),
      ]).then(() => undefined);
      const done = keepAlive
        .hold(run(ctx, job, route.endpoint, fromHistory ? quote.cached : null, persisted, needs))
        .catch(() => null)
        .finally(() => {
          inFlight.delete(key);
          byJob.delete(job.id);
        });
      inFlight.set(key, job.id);
      byJob.set(job.id, done);
      // Answered once recorded (the page may ask for the job), or once the recording failed: the job runs anyway.
      await persisted.catch(() => undefined);
      return { jobId: job.id };
    },

    /** The job once it is no longer running (at once when it is not in flight here). */
    async settled(jobId: string): Promise<LookupJob | null> {
      const ran = await byJob.get(jobId);
      return (await jobs.get(jobId)) ?? ran ?? null;
    },

    entry,

    forget: kept.forget,

    recover: (): Promise<void> => recover(deps, entry),

    /** What the balance said about interrupted lookups. */
    judged: jobs.judged,
  };
}
