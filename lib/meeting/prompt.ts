import type { Analysis } from '@/lib/analysis/model';
import type { ChatMessage } from '@/lib/api/model-schemas';
import type { DraftLanguage } from '@/lib/draft/prompt';

export interface MeetingPlanInput {
  title: string;
  people: { name: string; company: string; analysis: Analysis }[];
  language: DraftLanguage;
}

const joined = (...parts: (string | undefined)[]) => parts.filter((p) => p?.trim()).join(' — ');

/**
 * The chat messages for a one-paragraph plan for a call. Only the meeting's title and, per person, the name, company,
 * role, stakeholder type, persona, main pains, communication and decision style of the analysis reach the model:
 * nothing of the calendar beyond the title (no description, no addresses).
 */
export function buildMeetingPlanPrompt(p: MeetingPlanInput): ChatMessage[] {
  const people = p.people.map(({ name, company, analysis: a }) => {
    const lines = [`- ${joined(name, company, a.cargo, a.tipoStakeholder)}`];
    const persona = a.persona?.titulo;
    if (persona) lines.push(`  Persona: ${persona}`);
    const pains = [...a.painPoints.map((d) => d.desafio), ...a.dynamicPainPoints.map((d) => d.desafio)].slice(
      0,
      3,
    );
    if (pains.length) lines.push(`  Dores: ${pains.join('; ')}`);
    const style = a.communicationStyle ?? a.estrategiaComunicacao?.estilo;
    if (style) lines.push(`  Comunicação: ${style}`);
    if (a.decisionMaking) lines.push(`  Decisão: ${a.decisionMaking}`);
    return lines.join('\n');
  });
  const system = [
    'Você ajuda um vendedor B2B no Brasil a se preparar para uma reunião.',
    'Escreva um único parágrafo (até 120 palavras) com o plano da conversa: por onde abrir, como conduzir com cada pessoa e como fechar com um próximo passo.',
    'Use apenas as informações fornecidas; não invente fatos, números nem clientes. Não mencione análise de perfil ou de personalidade.',
    p.language === 'en' ? 'Write in English.' : 'Escreva em português do Brasil.',
    'Responda só com o parágrafo, sem títulos nem listas.',
  ].join('\n');
  const user = [`Reunião: ${p.title.trim() || '(sem título)'}`, 'Participantes:', ...people].join('\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: user },
  ];
}
