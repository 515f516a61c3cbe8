import type { Analysis } from '@/lib/analysis/model';
import type { Channel } from '@/lib/model';
import type { ChatMessage } from '@/lib/api/model-schemas';

export const TONES = ['consultivo', 'direto', 'amigavel', 'formal'] as const;
export type Tone = (typeof TONES)[number];
export const LENGTHS = ['curta', 'media', 'longa'] as const;
export type Length = (typeof LENGTHS)[number];
export const DRAFT_LANGUAGES = ['pt', 'en'] as const;
export type DraftLanguage = (typeof DRAFT_LANGUAGES)[number];

export interface DraftPromptInput {
  analysis: Analysis;
  input: { name: string; company: string };
  notes: string;
  channel: Channel;
  tone: Tone;
  length: Length;
  language: DraftLanguage;
}

const CHANNEL_RULES: Record<Channel, string> = {
  linkedin: 'Canal: mensagem direta no LinkedIn. Sem assunto, sem markdown.',
  'linkedin-note':
    'Canal: nota do convite de conexão do LinkedIn. No máximo 200 caracteres no total, sem assunto, sem assinatura, sem markdown.',
  email:
    'Canal: e-mail. Comece com uma linha "Assunto: …" e depois o corpo, com saudação e assinatura curta.',
  whatsapp:
    'Canal: WhatsApp. Texto simples, sem markdown (nada de asteriscos, #, listas ou links formatados), frases curtas, linguagem de conversa, no máximo um emoji.',
};
const TONE_RULES: Record<Tone, string> = {
  consultivo: 'Tom consultivo: mostre entendimento do contexto e ofereça ajuda, sem pressionar.',
  direto: 'Tom direto: vá ao ponto, com uma proposta clara.',
  amigavel: 'Tom amigável e próximo, sem perder o profissionalismo.',
  formal: 'Tom formal e respeitoso.',
};
const LENGTH_RULES: Record<Length, string> = {
  curta: 'Tamanho: curto, até 60 palavras.',
  media: 'Tamanho: médio, entre 60 e 120 palavras.',
  longa: 'Tamanho: longo, entre 120 e 200 palavras.',
};
const LANGUAGE_RULES: Record<DraftLanguage, string> = {
  pt: 'Escreva em português do Brasil.',
  en: 'Write the message in English.',
};

const bullets = (items: string[]) => items.map((i) => `- ${i}`).join('\n');
const joined = (...parts: (string | undefined)[]) => parts.filter((p) => p?.trim()).join(': ');

/**
 * The chat messages for a first outreach. Only the persona, pain points, motivators, communication style and
 * impact phrases of the analysis, and the seller's own notes, reach the model: nothing else leaves.
 */
export function buildDraftPrompt(p: DraftPromptInput): ChatMessage[] {
  const a = p.analysis;
  const sections: string[] = [`Destinatário: ${p.input.name}, da empresa ${p.input.company}.`];
  const persona = joined(a.persona?.titulo, a.persona?.descricao);
  if (persona) sections.push(`Persona:\n${persona}`);
  const pains = a.painPoints.map((d) => joined(d.desafio, d.impacto));
  if (pains.length) sections.push(`Dores:\n${bullets(pains)}`);
  const motivators = a.motivadores.map((m) => joined(m.texto, m.impacto));
  if (motivators.length) sections.push(`Motivadores de compra:\n${bullets(motivators)}`);
  if (a.communicationStyle?.trim()) sections.push(`Estilo de comunicação:\n${a.communicationStyle.trim()}`);
  if (a.linguagemImpacto.length) sections.push(`Frases de impacto:\n${bullets(a.linguagemImpacto)}`);
  const notes = p.notes.trim();
  if (notes) sections.push(`Notas do vendedor:\n${notes}`);

  const system = [
    'Você escreve a primeira mensagem de abordagem de um vendedor B2B no Brasil.',
    'Use apenas as informações fornecidas; não invente fatos, números nem clientes.',
    'Não mencione que houve uma análise de perfil ou de personalidade.',
    CHANNEL_RULES[p.channel],
    TONE_RULES[p.tone],
    LENGTH_RULES[p.length],
    LANGUAGE_RULES[p.language],
    'Responda só com a mensagem, pronta para enviar.',
  ].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: sections.join('\n\n') },
  ];
}
