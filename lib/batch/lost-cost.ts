import * as z from 'zod/mini';
import type { Text } from '@/lib/text';

/*
 * What requests whose answers were lost (a stopped worker, a dropped connection) cost, read from the balance: the
 * balance known before them, the balance read once the service has surely charged them or not, and what the answered
 * requests of the same span charged. Pure: the worker decides when a reading may be used (lib/background/spend.ts),
 * this only judges the figures.
 */

/** Requests whose answers were lost, of one batch job or one lookup. */
export interface LostGroup {
  /** The batch job or the lookup job the requests belonged to. */
  ref: string;
  kind: 'batch' | 'lookup';
  /** The batch rows the lost requests carried (none for a lookup). */
  rowIds: string[];
  /** How many people the lost requests carried. */
  people: number;
  /** What one person could have cost: 0 (not charged) and each price the service may take (Plus falling back: 2). */
  prices: number[];
  /** When the service has surely charged them or not: the last one's sending plus the time the client would wait. */
  settleBy: number;
}

export type LostVerdict =
  /** Not known yet: the reading is older than the lost requests' settling, and more charges may still come. */
  | { state: 'measuring' }
  /** The balance shows they were not charged. */
  | { state: 'free' }
  | { state: 'charged'; credits: number }
  /**
   * The balance cannot tell: it moved by what no combination of the lost requests' prices explains (spending
   * elsewhere on the same key, credits added), several jobs' requests share the drop, or the balance before was not
   * known.
   */
  | { state: 'uncertain'; reason: 'other-spending' | 'shared' | 'no-balance-before' };

export const lostVerdictSchema: z.ZodMiniType<LostVerdict> = z.discriminatedUnion('state', [
  z.object({ state: z.literal('measuring') }),
  z.object({ state: z.literal('free') }),
  z.object({ state: z.literal('charged'), credits: z.int().check(z.positive()) }),
  z.object({
    state: z.literal('uncertain'),
    reason: z.enum(['other-spending', 'shared', 'no-balance-before']),
  }),
]);

/** A batch job's lost requests: those measured (their people and the verdict), and the people still measuring. */
export interface JobLoss {
  measured?: { people: number; verdict: LostVerdict };
  measuring?: number;
}
export const jobLossSchema: z.ZodMiniType<JobLoss> = z.object({
  measured: z.optional(z.object({ people: z.int(), verdict: lostVerdictSchema })),
  measuring: z.optional(z.int()),
});

export interface LossReading {
  /** The balance known when nothing was in flight, before the lost requests; null when unknown. */
  before: number | null;
  /** A balance read afterwards, and the earliest moment the service may have computed it (its cache: 30 s). */
  after: { balance: number; computedAt: number };
  /** What the requests answered since `before` charged. */
  answered: number;
  groups: LostGroup[];
}

export interface LossJudgement {
  /** Per job (`LostGroup.ref`). */
  verdicts: Map<string, LostVerdict>;
  /** The credits the balance shows the lost requests took in all, when it can tell. */
  lost: number | null;
  /** Whether the verdicts are final (else a later reading is needed). */
  final: boolean;
}

/** Every total the groups' people could have cost together (each person one of their group's prices). */
export function possibleCharges(groups: LostGroup[]): Set<number> {
  let sums = new Set([0]);
  for (const g of groups) {
    const prices = [...new Set([0, ...g.prices])];
    for (let i = 0; i < g.people; i++) {
      const next = new Set<number>();
      for (const s of sums) for (const p of prices) next.add(s + p);
      sums = next;
    }
  }
  return sums;
}

const most = (g: LostGroup) => g.people * Math.max(0, ...g.prices);

/** Judges what the lost requests cost from the balances (see the module comment). Never a number the balance does not show. */
export function judgeLoss({ before, after, answered, groups }: LossReading): LossJudgement {
  const refs = [...new Set(groups.map((g) => g.ref))];
  const all = (v: LostVerdict) => new Map(refs.map((r) => [r, v]));
  if (before === null)
    return { verdicts: all({ state: 'uncertain', reason: 'no-balance-before' }), lost: null, final: true };
  const lost = before - after.balance - answered;
  const max = groups.reduce((s, g) => s + most(g), 0);
  if (lost < 0 || lost > max || !possibleCharges(groups).has(lost))
    return { verdicts: all({ state: 'uncertain', reason: 'other-spending' }), lost: null, final: true };
  const settled = groups.every((g) => after.computedAt >= g.settleBy);
  // Before the settling, a charge may still come, unless the most they could cost is already taken.
  if (!settled && lost < max) return { verdicts: all({ state: 'measuring' }), lost: null, final: false };
  if (lost === 0) return { verdicts: all({ state: 'free' }), lost, final: true };
  // Everything was taken: each job's share is known.
  if (lost === max) {
    const by = new Map<string, number>();
    for (const g of groups) by.set(g.ref, (by.get(g.ref) ?? 0) + most(g));
    return {
      verdicts: new Map(
        [...by].map(([r, c]) => [r, c ? { state: 'charged', credits: c } : { state: 'free' }]),
      ),
      lost,
      final: true,
    };
  }
  if (refs.length === 1) return { verdicts: all({ state: 'charged', credits: lost }), lost, final: true };
  return { verdicts: all({ state: 'uncertain', reason: 'shared' }), lost, final: true };
}

/** Two verdicts on the same job's lost requests (lost at different times) as one. */
export function combineVerdicts(a: LostVerdict | undefined, b: LostVerdict): LostVerdict {
  if (!a) return b;
  if (a.state === 'uncertain') return a;
  if (b.state === 'uncertain') return b;
  if (a.state === 'measuring' || b.state === 'measuring') return { state: 'measuring' };
  const credits = (v: LostVerdict) => (v.state === 'charged' ? v.credits : 0);
  const sum = credits(a) + credits(b);
  return sum ? { state: 'charged', credits: sum } : { state: 'free' };
}

const cr = (n: number, lang: 'pt' | 'en') =>
  lang === 'pt' ? `${n} crédito${n === 1 ? '' : 's'}` : `${n} credit${n === 1 ? '' : 's'}`;

/** What the seller reads about lost requests (`people`: how many people they carried). */
export function lostText(v: LostVerdict, people: number): Text {
  const whoPt = people === 1 ? 'A análise interrompida' : `As ${people} análises interrompidas`;
  const whoEn = people === 1 ? 'The interrupted analysis' : `The ${people} interrupted analyses`;
  switch (v.state) {
    case 'measuring':
      return {
        pt: `${whoPt}: ainda medindo pelo saldo se ${people === 1 ? 'foi cobrada' : 'foram cobradas'} (o serviço guarda o saldo por até 30 s).`,
        en: `${whoEn}: still measuring from the balance whether ${people === 1 ? 'it was' : 'they were'} charged (the service caches the balance for up to 30 s).`,
      };
    case 'free':
      return {
        pt: `${whoPt} não ${people === 1 ? 'foi cobrada' : 'foram cobradas'} (medido pelo saldo).`,
        en: `${whoEn} ${people === 1 ? 'was' : 'were'} not charged (measured from the balance).`,
      };
    case 'charged':
      return {
        pt: `As requisições perdidas custaram ${cr(v.credits, 'pt')} (medido pelo saldo). Tentar de novo cobra outra vez.`,
        en: `The lost requests cost ${cr(v.credits, 'en')} (measured from the balance). Trying again charges again.`,
      };
    case 'uncertain':
      return v.reason === 'no-balance-before'
        ? {
            pt: `${whoPt}: o custo não pode ser medido, o saldo de antes não era conhecido. Confira os créditos antes de tentar de novo.`,
            en: `${whoEn}: the cost cannot be measured, the balance before was not known. Check your credits before trying again.`,
          }
        : v.reason === 'shared'
          ? {
              pt: `${whoPt}: o custo não pode ser medido só para elas, a queda do saldo junta requisições perdidas de outras análises. Confira os créditos antes de tentar de novo.`,
              en: `${whoEn}: their own cost cannot be measured, the balance's drop mixes lost requests of other analyses. Check your credits before trying again.`,
            }
          : {
              pt: `${whoPt}: o custo não pode ser medido, houve outro gasto ou crédito na mesma chave no meio tempo (outro aparelho, outra consulta). Confira os créditos antes de tentar de novo.`,
              en: `${whoEn}: the cost cannot be measured, the same key spent or gained credits elsewhere meanwhile (another device, another lookup). Check your credits before trying again.`,
            };
  }
}
