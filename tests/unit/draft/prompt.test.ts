import { describe, expect, it } from 'vitest';
import type { Analysis } from '@/lib/analysis/model';
import { buildDraftPrompt, type DraftPromptInput } from '@/lib/draft/prompt';
import { CHANNELS } from '@/lib/model';

/** Every field the prompt may use carries USED-…, every other field LEAK-…. */
const analysis: Analysis = {
  perfilProfissional: 'LEAK-perfil',
  cargo: 'LEAK-cargo',
  tipoStakeholder: 'LEAK-stakeholder',
  localizacao: 'LEAK-localizacao',
  interesses: ['LEAK-interesse'],
  persona: { titulo: 'USED-persona-titulo', descricao: 'USED-persona-descricao' },
  painPoints: [
    { desafio: 'USED-dor', impacto: 'USED-dor-impacto', contexto: 'LEAK-dor-contexto', prioridade: 'LEAK-p' },
  ],
  motivadores: [{ texto: 'USED-motivador', impacto: 'USED-motivador-impacto' }],
  ganhosProcurados: ['LEAK-ganho'],
  prioridades: ['LEAK-prioridade'],
  estrategiaComunicacao: {
    estilo: 'LEAK-estilo',
    conteudo: 'LEAK-conteudo',
    timing: 'LEAK-t',
    canais: ['LEAK-c'],
  },
  linguagemImpacto: ['USED-frase-1', 'USED-frase-2'],
  contextoNegocios: { setor: 'LEAK-setor', tamanhoEmpresa: 'LEAK-tamanho', tendencias: ['LEAK-tendencia'] },
  insightsRegionais: {
    contextoRegulatorio: 'LEAK-regulatorio',
    oportunidadesLocais: ['LEAK-oportunidade'],
    desafiosRegionais: ['LEAK-desafio-regional'],
  },
  ocean: { openness: 0.987654, extraversion: 0.123456 },
  mbti: {
    type: 'INTJ',
    description: 'LEAK-mbti',
    strengths: ['LEAK-forca'],
    preferredCommunication: 'LEAK-pc',
  },
  personalityType: 'LEAK-personality',
  communicationStyle: 'USED-estilo-comunicacao',
  workingStyle: 'LEAK-working',
  decisionMaking: 'LEAK-decision',
  strengths: ['LEAK-strength'],
  buildingTrust: ['LEAK-trust'],
  dynamicPainPoints: [{ desafio: 'LEAK-dinamica', contexto: 'LEAK-dc', impactoEstimado: 'LEAK-di' }],
  aiInsights: {
    companyContext: { summary: 'LEAK-summary', recentInitiatives: ['LEAK-ri'], marketPosition: 'LEAK-mp' },
    industryTrends: ['LEAK-trend'],
    enhancedPainPoints: [{ challenge: 'LEAK-challenge' }],
    engagement: { approach: 'LEAK-approach', keyMessages: ['LEAK-km'], talkingPoints: ['LEAK-tp'] },
    keyInitiatives: ['LEAK-ki'],
  },
  metadata: { processingTimeMs: 4321, aiEnhanced: true, timestamp: 'LEAK-timestamp' },
};

const base: DraftPromptInput = {
  analysis,
  input: { name: 'Ana Souza', company: 'Nubank' },
  notes: 'USED-nota: conhecemos no evento X',
  channel: 'email',
  tone: 'consultivo',
  length: 'curta',
  language: 'pt',
};

const text = (p: DraftPromptInput) =>
  buildDraftPrompt(p)
    .map((m) => m.content)
    .join('\n');

describe('buildDraftPrompt', () => {
  it('uses persona, pain points, motivators, communication style, impact phrases and the notes', () => {
    const all = text(base);
    for (const used of JSON.stringify(analysis).match(/USED-[\w-]+/g)!) expect(all).toContain(used);
    expect(all).toContain('USED-nota: conhecemos no evento X');
    expect(all).toContain('Ana Souza');
    expect(all).toContain('Nubank');
  });

  it('leaks no other field of the analysis', () => {
    const all = text(base);
    expect(all).not.toMatch(/LEAK-/);
    expect(all).not.toContain('INTJ');
    expect(all).not.toContain('0.98');
    expect(all).not.toContain('4321');
  });

  it('is a system message with the rules and a user message with the facts', () => {
    const [system, user, ...rest] = buildDraftPrompt(base);
    expect(rest).toEqual([]);
    expect(system?.role).toBe('system');
    expect(user?.role).toBe('user');
    expect(system?.content).not.toMatch(/USED-/);
  });

  it('follows the channel, tone, length and language chosen', () => {
    const rules = new Set(CHANNELS.map((channel) => buildDraftPrompt({ ...base, channel })[0]!.content));
    expect(rules.size).toBe(CHANNELS.length);
    expect(buildDraftPrompt({ ...base, channel: 'email' })[0]!.content).toMatch(/Assunto/);
    expect(buildDraftPrompt({ ...base, channel: 'whatsapp' })[0]!.content).toMatch(/WhatsApp/);
    expect(buildDraftPrompt({ ...base, tone: 'formal' })[0]!.content).toMatch(/formal/i);
    expect(buildDraftPrompt({ ...base, length: 'longa' })[0]!.content).toMatch(/120 e 200/);
    expect(buildDraftPrompt({ ...base, language: 'en' })[0]!.content).toMatch(/in English/);
  });

  it('leaves out empty sections and blank notes', () => {
    const bare: Analysis = {
      ...analysis,
      persona: undefined,
      painPoints: [],
      motivadores: [],
      communicationStyle: '  ',
      linguagemImpacto: [],
    };
    const user = buildDraftPrompt({ ...base, analysis: bare, notes: '   ' })[1]!.content;
    expect(user).toBe('Destinatário: Ana Souza, da empresa Nubank.');
  });
});
