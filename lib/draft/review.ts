import type { Analysis } from '@/lib/analysis/model';
import type { ChatMessage } from '@/lib/api/model-schemas';
import type { DraftLanguage } from './prompt';
import type { Channel } from '@/lib/model';
import { fold } from '@/lib/text';

/*
 * "Revisar meu texto": the seller's own text, reviewed against the person's communication style. The model answers
 * in a small line format (below) that is read tolerantly: labels in any case, with or without accents or markdown
 * bold, edits with any of the usual quote marks; anything unreadable is skipped, never shown as an edit.
 *
 *   VEREDITO: <one or two sentences>
 *   TOM: <note>            TAMANHO: <note>        OBJETIVIDADE: <note>       ABERTURA: <what to lead with>
 *   TROCAR: "<exact passage of the text>" => "<replacement>"
 */

export const REVIEW_ASPECTS = ['tom', 'tamanho', 'objetividade', 'abertura'] as const;
export type ReviewAspect = (typeof REVIEW_ASPECTS)[number];

export interface ReviewEdit {
  from: string;
  to: string;
}
export interface Review {
  verdict: string;
  aspects: Partial<Record<ReviewAspect, string>>;
  edits: ReviewEdit[];
}

const FORMAT = [
  'Responda exatamente neste formato, uma informação por linha, sem markdown:',
  'VEREDITO: <uma ou duas frases sobre o quanto o texto combina com o estilo da pessoa>',
  'TOM: <o tom combina? o que ajustar>',
  'TAMANHO: <o tamanho combina? o que ajustar>',
  'OBJETIVIDADE: <o nível de objetividade combina? o que ajustar>',
  'ABERTURA: <com o que a mensagem deve começar para esta pessoa>',
  'TROCAR: "<trecho exato do texto do vendedor>" => "<trecho novo>"',
  'Use de 1 a 4 linhas TROCAR; o trecho antigo deve aparecer igual no texto do vendedor.',
].join('\n');

const CHANNEL_NAMES: Record<Channel, string> = {
  linkedin: 'mensagem no LinkedIn',
  'linkedin-note': 'nota de convite do LinkedIn',
  email: 'e-mail',
  whatsapp: 'WhatsApp',
};

/**
 * The review prompt. Only the analysis's persona, communication style, pains and impact phrases, and the seller's
 * text, reach the model: nothing else from the page.
 */
export function buildReviewPrompt(p: {
  analysis: Analysis;
  text: string;
  channel: Channel;
  language: DraftLanguage;
}): ChatMessage[] {
  const a = p.analysis;
  const parts: string[] = [];
  if (a.persona?.titulo) parts.push(`Persona: ${a.persona.titulo}`);
  if (a.communicationStyle?.trim()) parts.push(`Estilo de comunicação:\n${a.communicationStyle.trim()}`);
  const pains = a.painPoints.map((d) => d.desafio).filter(Boolean);
  if (pains.length) parts.push(`Dores:\n${pains.map((d) => `- ${d}`).join('\n')}`);
  if (a.linguagemImpacto.length)
    parts.push(`Frases de impacto:\n${a.linguagemImpacto.map((d) => `- ${d}`).join('\n')}`);
  parts.push(`Texto do vendedor (${CHANNEL_NAMES[p.channel]}):\n<<<\n${p.text.trim()}\n>>>`);
  const system = [
    'Você revisa a mensagem que um vendedor B2B escreveu, à luz do estilo de comunicação da pessoa que vai lê-la.',
    'Avalie tom, tamanho, objetividade e com o que a mensagem começa; proponha trocas concretas e curtas.',
    'Não invente fatos. Não mencione análise de perfil ou de personalidade.',
    p.language === 'en'
      ? 'Write the notes and the new passages in English.'
      : 'Escreva em português do Brasil.',
    FORMAT,
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

const LABELS: Record<string, ReviewAspect | 'verdict' | 'edit'> = {
  veredito: 'verdict',
  verdict: 'verdict',
  tom: 'tom',
  tone: 'tom',
  tamanho: 'tamanho',
  length: 'tamanho',
  objetividade: 'objetividade',
  directness: 'objetividade',
  abertura: 'abertura',
  opening: 'abertura',
  trocar: 'edit',
  replace: 'edit',
};

// "old" => "new", with straight or curly quotes or guillemets, and -> or → or => between.
const QUOTED = /^["“«']([\s\S]*?)["”»']\s*(?:=>|->|→)\s*["“«']([\s\S]*?)["”»']\s*$/;

/** Reads a review, whole or still streaming. Never throws. */
export function parseReview(raw: string): Review {
  const review: Review = { verdict: '', aspects: {}, edits: [] };
  for (const line of raw.split(/\r?\n/)) {
    const m = /^[\s>*_#-]*([\p{L}]+)[\s*_]*:[\s*_]*(.*)$/u.exec(line);
    if (!m) continue;
    const kind = LABELS[fold(m[1]!)];
    const value = m[2]!.replace(/[*_]+$/, '').trim();
    if (!kind || !value) continue;
    if (kind === 'verdict') review.verdict ||= value;
    else if (kind === 'edit') {
      const q = QUOTED.exec(value);
      if (q && q[1]!.trim() && q[1] !== q[2] && review.edits.length < 10)
        review.edits.push({ from: q[1]!, to: q[2]! });
    } else review.aspects[kind] ??= value;
  }
  return review;
}

/** `text` with the edit applied (its first occurrence), or null when the passage is not in the text. */
export function applyEdit(text: string, edit: ReviewEdit): string | null {
  const at = text.indexOf(edit.from);
  return at < 0 ? null : text.slice(0, at) + edit.to + text.slice(at + edit.from.length);
}
