import type { Depth, Lang, LookupInput, Text } from '@/lib/model';
import { stripMarks } from '@/lib/text';

/* The panel's small wordings: depth names, a person's name, tips and quote answers (the first paint needs them). */

export const DEPTH_LABELS: Record<Depth, Text> = {
  quick: { pt: 'Rápida', en: 'Quick' },
  complete: { pt: 'Completa', en: 'Complete' },
  plus: { pt: 'Plus', en: 'Plus' },
};

/** "Ana Souza" — the person as the lookup named them. */
export function personName(input: Pick<LookupInput, 'primeiro_nome'> & { ultimo_nome?: string }): string {
  return `${input.primeiro_nome} ${input.ultimo_nome ?? ''}`.trim();
}

/** The host of a site's grant pattern or origin: `https://crm.example.com/*` → `crm.example.com`. */
export const originHost = (pattern: string) => pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');

const sentenceKey = (s: string) =>
  stripMarks(s)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The tips worth listing under a message: none it already says, none twice, none empty. */
export function tipsBeyond(message: string, tips: readonly string[]): string[] {
  const said = sentenceKey(message);
  const seen = new Set<string>();
  return tips.filter((tip) => {
    const key = sentenceKey(tip);
    if (!key || seen.has(key) || said.includes(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Which analysis will answer a quote, and from where: "Completa, em português · serviço /crm" or the history. */
export function quoteAnswerText(
  lang: Lang,
  quote: { endpoint: string; depth: Depth; lang: 'pt' | 'en'; cached: unknown },
  servedFromHistory: boolean,
): string {
  const level = DEPTH_LABELS[quote.depth][lang];
  const language =
    quote.lang === 'pt'
      ? { pt: 'em português', en: 'in Portuguese' }[lang]
      : { pt: 'em inglês', en: 'in English' }[lang];
  if (servedFromHistory)
    return lang === 'pt'
      ? `${level}, ${language} · do histórico, sem chamar o serviço`
      : `${level}, ${language} · from the history, no call to the service`;
  return lang === 'pt'
    ? `${level}, ${language} · serviço ${quote.endpoint}`
    : `${level}, ${language} · service ${quote.endpoint}`;
}
