import { OCEAN_LABELS, type Analysis, type OceanTrait } from './model';

/** What the summary card says at a glance. */

/** The Big Five as a seller reads them: emotional stability stands for its inverse, neuroticism. */
export const BIG_FIVE: readonly OceanTrait[] = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'emotionalStability',
];

export interface TraitScore {
  trait: OceanTrait;
  /** Portuguese name, e.g. "Conscienciosidade". */
  label: string;
  /** 0–1. */
  score: number;
}

/** The `n` highest-scoring traits, strongest first (ties keep the Big Five order). */
export function topTraits(analysis: Analysis, n = 3): TraitScore[] {
  const ocean = analysis.ocean ?? {};
  return BIG_FIVE.flatMap((trait) => {
    const score = ocean[trait];
    return score === undefined ? [] : [{ trait, label: OCEAN_LABELS[trait].pt, score }];
  })
    .sort((a, b) => b.score - a.score)
    .slice(0, Math.max(0, n));
}

const MAX_SENTENCE = 200;

const firstSentence = (s: string) => {
  const end = s.search(/[.!?](\s|$)/);
  return end < 0 ? s : s.slice(0, end);
};

const clip = (s: string) => (s.length > MAX_SENTENCE ? `${s.slice(0, MAX_SENTENCE - 1).trimEnd()}…` : s);

/**
 * One short "how to approach" sentence from what the analysis holds: who (persona), how (the Plus engagement
 * approach, else the communication style) and where (preferred channels). Undefined when none is known.
 */
export function approachSummary(analysis: Analysis): string | undefined {
  const strategy = analysis.estrategiaComunicacao;
  const how =
    analysis.aiInsights?.engagement?.approach ??
    analysis.communicationStyle ??
    strategy?.estilo ??
    analysis.mbti?.preferredCommunication;
  const who = analysis.persona?.titulo;
  const channels = strategy?.canais.slice(0, 2) ?? [];
  if (!how) return who ? clip(`Perfil: ${firstSentence(who)}.`) : undefined;
  const via = channels.length ? `, via ${channels.join(' ou ')}` : '';
  return clip(`${who ? `${firstSentence(who)} — ` : ''}${firstSentence(how)}${via}.`);
}
