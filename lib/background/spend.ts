import { judgeLoss, type LossJudgement, type LostGroup } from '@/lib/batch/lost-cost';
import type { Credits } from '@/lib/model';
import { spendWatch, type OpenRequest, type SpendWatch } from '@/lib/storage/batch';
import { CREDITOS_WINDOW_MS } from './credits';

/*
 * Every charging request (a batch's, a lookup's) is written here before it leaves and crossed off when its answer is
 * in, with what the answer charged. A worker that stops leaves its requests open: the next one finds them, and the
 * jobs they belonged to say which of their people were saved after all (charged, known) and which answers were lost.
 * What the lost ones cost is then measured, not guessed:
 *
 *   lost = balance before − balance after − what the answered requests charged
 *
 * where "before" is a balance known while none of our charging requests was in flight (`base`) and "after" a
 * /creditos reading the service computed once nothing was in flight and every answered request had been charged.
 * The service caches /creditos for up to 30 s, so a reading asked at t may be the balance of t − 30 s: it is used only
 * when t − 30 s comes after the last answer (and after the lost requests' settling, unless they already took the most
 * they could cost). The figure is checked against what the lost people could have cost (lib/batch/lost-cost.ts):
 * spending elsewhere on the key that it cannot explain makes it "uncertain", never a wrong number.
 */

export interface SpendDeps {
  now?: () => number;
  /** The balance from GET /creditos now (the service's answer, which may be up to 30 s old). */
  readBalance: () => Promise<number>;
  /** The stored credits (a /creditos reading taken while nothing was in flight starts a new base). */
  storedCredits: () => Promise<Credits>;
  /** A judgement on lost requests, once the balance could tell (or could tell that it cannot). */
  onJudged?: (groups: LostGroup[], judgement: LossJudgement) => Promise<void> | void;
  /** Runs `fn` after `ms` in this worker (a stopped worker's alarm tries again). */
  later?: (fn: () => void, ms: number) => void;
}

const none = (r: Record<string, unknown>) => Object.keys(r).length === 0;

/**
 * The record, read once per worker life and then kept here (only the worker writes it): a charging request's entry
 * is written without a storage read first. Changes run one after another, each written before the next.
 */
function heldRecord() {
  let held: Promise<SpendWatch> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  const current = () => (held ??= spendWatch.get());
  function update(fn: (w: SpendWatch) => SpendWatch): Promise<SpendWatch> {
    const next = queue.then(async () => {
      const value = fn(await current());
      await spendWatch.set(value);
      held = Promise.resolve(value);
      return value;
    });
    queue = next.catch(() => {
      held = null;
    });
    return next;
  }
  return { current, update };
}

/**
 * The record with request `id` open (overlapping those already open, which now overlap it too); a quiet record
 * takes the stored credits as its base when they are a /creditos reading computed after every answer.
 */
function withOpened(w: SpendWatch, stored: Credits | null, id: string, req: OpenRequest): SpendWatch {
  const quiet = none(w.open) && !w.lost.length;
  // A /creditos reading the service computed after every answer, with nothing in flight: the balance now.
  const computedAt = stored?.updatedAt ? stored.updatedAt - CREDITOS_WINDOW_MS : 0;
  const rebase =
    quiet &&
    stored?.source === 'creditos' &&
    stored.balance !== null &&
    computedAt >= w.lastAnswerAt &&
    computedAt > (w.base?.at ?? -Infinity);
  const others = Object.values(w.open);
  return {
    ...w,
    ...(rebase && { base: { balance: stored.balance!, at: computedAt }, answered: 0 }),
    open: {
      ...Object.fromEntries(Object.entries(w.open).map(([k, o]) => [k, { ...o, overlapped: true }])),
      [id]: { ...req, overlapped: others.length > 0 },
    },
  };
}

export function createSpendWatch(deps: SpendDeps) {
  const now = deps.now ?? Date.now;
  const later = deps.later ?? ((fn, ms) => void setTimeout(fn, ms));
  /** This worker's life: an open request of another life was lost with its worker. */
  const life = crypto.randomUUID();
  let lastAsked = 0;
  let timer = false;
  let measuring: Promise<LossJudgement | null> | null = null;
  const { current, update } = heldRecord();

  /** Tries to measure once a reading could tell (30 s after the last answer), in this worker. */
  function schedule(w: SpendWatch): void {
    if (!w.lost.length || !none(w.open) || timer) return;
    const at = Math.max(w.lastAnswerAt, lastAsked) + CREDITOS_WINDOW_MS + 250;
    timer = true;
    later(
      () => {
        timer = false;
        void measure().catch(() => undefined);
      },
      Math.max(0, at - now()),
    );
  }

  async function open(id: string, req: Omit<OpenRequest, 'sentAt' | 'overlapped' | 'life'>): Promise<void> {
    const stored = await deps.storedCredits().catch(() => null);
    await update((w) => withOpened(w, stored, id, { ...req, sentAt: now(), overlapped: false, life }));
  }

  /**
   * The answer to `id` came (`charged`: what it took). A request that was alone in flight, answered with the balance
   * left, gives the balance now: the base of what follows, when no loss waits to be measured.
   */
  async function answer(id: string, charged: number, remaining?: number): Promise<void> {
    const w = await update((w) => {
      const req = w.open[id];
      const { [id]: _gone, ...open } = w.open;
      const at = now();
      if (req && !req.overlapped && remaining !== undefined && none(open) && !w.lost.length)
        return { ...w, open, base: { balance: remaining, at }, answered: 0, lastAnswerAt: at };
      return { ...w, open, answered: w.answered + (req ? charged : 0), lastAnswerAt: at };
    });
    schedule(w);
  }

  /**
   * The request `id` ended without its whole answer: `charged` is what its saved part is known to have taken, and
   * `lost` the people (rows) whose answers were lost, measured later.
   */
  async function lose(
    id: string,
    charged: number,
    lost: { people: number; rowIds: string[] },
  ): Promise<void> {
    const w = await update((w) => {
      const req = w.open[id];
      if (!req) return w;
      const { [id]: _gone, ...open } = w.open;
      const { sentAt: _s, overlapped: _o, life: _l, ...group } = req;
      return {
        ...w,
        open,
        answered: w.answered + charged,
        lastAnswerAt: now(),
        lost: lost.people > 0 ? [...w.lost, { ...group, ...lost }] : w.lost,
      };
    });
    schedule(w);
  }

  /**
   * Reads the balance and judges the lost requests, when a reading can tell: nothing in flight, 30 s after the last
   * answer (the service's cache), at most once per 30 s. Null when nothing was judged now.
   */
  async function measure(): Promise<LossJudgement | null> {
    measuring ??= (async () => {
      const w = await current();
      const askedAt = now();
      const computedAt = askedAt - CREDITOS_WINDOW_MS;
      // Nothing to judge, something in flight, an answer too recent for the service's cache, or asked too recently.
      if (
        !w.lost.length ||
        !none(w.open) ||
        computedAt < w.lastAnswerAt ||
        askedAt - lastAsked < CREDITOS_WINDOW_MS
      ) {
        schedule(w);
        return null;
      }
      lastAsked = askedAt;
      const balance = await deps.readBalance();
      let judged: { groups: LostGroup[]; judgement: LossJudgement } | null = null;
      const next = await update((w) => {
        // Something was sent or answered meanwhile: this reading cannot tell.
        if (!w.lost.length || !none(w.open) || w.lastAnswerAt > computedAt) return w;
        const judgement = judgeLoss({
          before: w.base?.balance ?? null,
          after: { balance, computedAt },
          answered: w.answered,
          groups: w.lost,
        });
        judged = { groups: w.lost, judgement };
        return judgement.final ? { ...w, base: { balance, at: computedAt }, answered: 0, lost: [] } : w;
      });
      const result = judged as { groups: LostGroup[]; judgement: LossJudgement } | null;
      if (result?.judgement.final) await deps.onJudged?.(result.groups, result.judgement);
      else schedule(next);
      return result?.judgement ?? null;
    })().finally(() => (measuring = null));
    return measuring;
  }

  return {
    life,
    open,
    answer,
    lose,
    measure,
    /** The requests an earlier worker left open, of one job (`ref`). */
    async leftOpen(ref: string): Promise<[string, OpenRequest][]> {
      return Object.entries((await current()).open).filter(([, o]) => o.ref === ref && o.life !== life);
    },
    /** At start, after the jobs have settled their own: what an earlier worker left open is lost as it was. */
    async recover(): Promise<void> {
      const w = await current();
      for (const [id, o] of Object.entries(w.open))
        if (o.life !== life) await lose(id, 0, { people: o.people, rowIds: o.rowIds });
      schedule(await current());
    },
    /** Whether requests are in flight or lost ones wait to be measured (the wake alarm stays for them). */
    async pending(): Promise<boolean> {
      const w = await current();
      return w.lost.length > 0 || !none(w.open);
    },
  };
}

export type SpendService = ReturnType<typeof createSpendWatch>;
