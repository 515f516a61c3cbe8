import { emptyAnalysis } from '@/lib/analysis/normalize';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '@/lib/analysis/model';
import { buildCommittee, classify, companiesOf } from '@/lib/batch/committee';
import type { HistoryEntry } from '@/lib/model';

const base: Analysis = emptyAnalysis();
const entry = (id: string, name: string, empresa: string, a: Partial<Analysis>): HistoryEntry =>
  ({
    id,
    input: { primeiro_nome: name, ultimo_nome: 'S', empresa },
    analysis: { ...base, ...a },
  }) as HistoryEntry;

const entries = [
  entry('1', 'Ana', 'Nubank', {
    tipoStakeholder: 'C-Level',
    mbti: { type: 'ENTJ', strengths: [] },
    ocean: { openness: 0.9, extraversion: 0.4 },
    decisionMaking: 'por dados',
    painPoints: [{ desafio: 'Custo de aquisição alto' }],
  }),
  entry('2', 'Bruno', 'nubank', {
    tipoStakeholder: 'Manager',
    painPoints: [{ desafio: 'custo de aquisição alto' }, { desafio: 'Integração lenta' }],
  }),
  entry('3', 'Carla', 'Nubank', {
    cargo: 'Analista de Dados',
    painPoints: [{ desafio: 'Integração lenta' }],
  }),
  entry('4', 'Davi', 'Stone', { tipoStakeholder: 'Individual Contributor' }),
];

describe('buying committee', () => {
  it('classifies by stakeholder class, else by role', () => {
    expect(entries.map((e) => classify(e.analysis))).toEqual([
      'decisor',
      'gestor',
      'contribuidor',
      'contribuidor',
    ]);
    expect(classify({ ...base, cargo: 'Diretora Comercial' })).toBe('decisor');
    expect(classify(base)).toBe('outro');
  });

  it('lists companies, most people first, ignoring case', () => {
    expect(companiesOf(entries)).toEqual([
      { company: 'Nubank', count: 3 },
      { company: 'Stone', count: 1 },
    ]);
  });

  it('maps one company: who decides, who influences, shared pains and a combined approach', () => {
    const c = buildCommittee('NUBANK', entries);
    expect(c.members.map((m) => m.name)).toEqual(['Ana S', 'Bruno S', 'Carla S']);
    expect(c.byClass.decisor.map((m) => m.name)).toEqual(['Ana S']);
    expect(c.members[0]).toMatchObject({
      mbti: 'ENTJ',
      traits: [{ trait: 'openness', score: 0.9 }, { trait: 'extraversion' }],
    });
    expect(c.deciders.map((m) => m.name)).toEqual(['Ana S']);
    expect(c.influencers.map((m) => m.name)).toEqual(['Bruno S', 'Carla S']);
    expect(c.sharedPains).toEqual([
      { desafio: 'Custo de aquisição alto', people: ['Ana S', 'Bruno S'] },
      { desafio: 'Integração lenta', people: ['Bruno S', 'Carla S'] },
    ]);
    expect(c.approach.map((t) => t.pt).join(' ')).toMatch(/2 pessoas compartilham: Custo de aquisição alto/);
    expect(c.approach.map((t) => t.en).join(' ')).toMatch(/2 people share: Custo de aquisição alto/);
    expect(c.approach.map((t) => t.pt).join(' ')).toMatch(/Leve a decisão a Ana S; como decide: por dados/);
  });

  it('without a C-Level, the most senior class present decides', () => {
    const c = buildCommittee('Stone', entries);
    expect(c.deciders.map((m) => m.name)).toEqual(['Davi S']);
    expect(c.influencers).toEqual([]);
  });
});
