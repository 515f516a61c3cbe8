/** The analysis generator: deterministic, varied, and consistent within one analysis. */
import { describe, expect, it } from 'vitest';
import { analyse, type ProfileInput } from './analysis';
import { Rng } from './random';

const FIRST = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Elisa',
  'Fábio',
  'Gabriela',
  'Heitor',
  'Isabel',
  'João',
  'Larissa',
  'Marcos',
];
const LAST = [
  'Souza',
  'Lima',
  'Oliveira',
  'Santos',
  'Pereira',
  'Costa',
  'Rodrigues',
  'Almeida',
  'Nascimento',
  'Araújo',
];
const COMPANIES = [
  'Nubank',
  'Acme',
  'Hospital São Lucas',
  'Magazine Horizonte',
  'Agro Vale',
  'Vértice',
  'TechNova',
  'Orbital',
];

/** 400 people spread over names and companies. */
const people: ProfileInput[] = Array.from({ length: 400 }, (_, i) => {
  const rng = new Rng(i);
  return {
    primeiro_nome: rng.pick(FIRST),
    ultimo_nome: `${rng.pick(LAST)} ${i}`,
    empresa: rng.pick(COMPANIES),
  };
});
const facts = people.map((p) => analyse(p, 'pt'));

describe('consistency within one analysis', () => {
  it('MBTI letters follow the OCEAN traits', () => {
    for (const { ocean, mbti } of facts) {
      expect(mbti[0]).toBe(ocean.extraversion >= 0.5 ? 'E' : 'I');
      expect(mbti[1]).toBe(ocean.openness >= 0.55 ? 'N' : 'S');
      expect(mbti[2]).toBe(ocean.agreeableness >= 0.6 ? 'F' : 'T');
      expect(mbti[3]).toBe(ocean.conscientiousness >= 0.55 ? 'J' : 'P');
    }
  });

  it('OCEAN stays on 0–1 and emotional stability mirrors neuroticism', () => {
    for (const { ocean } of facts) {
      for (const value of Object.values(ocean)) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
      expect(ocean.emotional_stability).toBeCloseTo(1 - ocean.neuroticism, 5);
    }
  });

  it('the stakeholder class follows the role', () => {
    const pattern: Record<string, RegExp> = {
      'C-Level': /^C[A-Z]{1,3}O — /,
      Director: /^(Diretora? de|Head de) /,
      Manager: /^(Gerente|Coordenadora?) de /,
      'Individual Contributor': /^Analista Sênior de /,
    };
    for (const f of facts) expect(f.cargo).toMatch(pattern[f.tipo_stakeholder]!);
  });

  it('senior roles lean towards extraversion and emotional stability', () => {
    const mean = (cls: string, trait: 'extraversion' | 'neuroticism') => {
      const group = facts.filter((f) => f.tipo_stakeholder === cls);
      return group.reduce((sum, f) => sum + f.ocean[trait], 0) / group.length;
    };
    expect(mean('C-Level', 'extraversion')).toBeGreaterThan(mean('Individual Contributor', 'extraversion'));
    expect(mean('C-Level', 'neuroticism')).toBeLessThan(mean('Individual Contributor', 'neuroticism'));
  });

  it('the sector follows the company name, and colleagues share it', () => {
    const sectorOf = (empresa: string) => analyse({ primeiro_nome: 'Ana', empresa }, 'pt').business.setor;
    expect(sectorOf('Banco Horizonte')).toBe('Serviços Financeiros');
    expect(sectorOf('Hospital São Lucas')).toBe('Saúde');
    expect(sectorOf('Construtora Alvorada')).toBe('Construção e Imobiliário');
    expect(sectorOf('TechNova')).toBe('Tecnologia e Software');
    const nubank = facts.filter((_, i) => people[i]!.empresa === 'Nubank');
    expect(new Set(nubank.map((f) => f.business.setor)).size).toBe(1);
    expect(new Set(nubank.map((f) => f.business.tamanho_empresa)).size).toBe(1);
  });

  it('the text names the role and the company, in Portuguese', () => {
    const f = analyse({ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' }, 'pt');
    expect(f.persona.descricao.startsWith(`${f.cargo} em Nubank: `)).toBe(true);
    expect(f.persona.descricao).toContain('Estilo de comunicação');
    expect(f.plus.initiatives.every((i) => i.startsWith('Nubank '))).toBe(true);
  });

  it('uses feminine titles for women and masculine ones for men', () => {
    const titles = (first: string) =>
      people.map((p) => analyse({ ...p, primeiro_nome: first }, 'pt').cargo).join('\n');
    expect(titles('Mariana')).not.toMatch(/Diretor |Coordenador |Diretor Executivo/);
    expect(titles('Mariana')).toMatch(/Diretora |Coordenadora /);
    expect(titles('Ricardo')).not.toMatch(/Diretora|Coordenadora/);
    expect(titles('Beatriz')).toMatch(/Diretora |Coordenadora /);
  });
});

describe('determinism and variety', () => {
  it('the same person always gets the same analysis', () => {
    for (const p of people.slice(0, 20)) expect(analyse(p, 'pt')).toEqual(analyse({ ...p }, 'pt'));
  });

  it('different people differ plausibly', () => {
    expect(new Set(facts.map((f) => f.mbti)).size).toBeGreaterThanOrEqual(12);
    expect(new Set(facts.map((f) => f.tipo_stakeholder)).size).toBe(4);
    expect(new Set(facts.map((f) => f.cargo)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(facts.map((f) => f.localizacao_detectada)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(facts.map((f) => JSON.stringify(f.ocean))).size).toBe(facts.length);
    expect(new Set(facts.map((f) => f.pains[0]!.challenge)).size).toBeGreaterThanOrEqual(20);
  });

  it('English changes the words, not the person', () => {
    const p = people[0]!;
    const [pt, en] = [analyse(p, 'pt'), analyse(p, 'en')];
    expect(en.ocean).toEqual(pt.ocean);
    expect(en.mbti).toBe(pt.mbti);
    expect(en.tipo_stakeholder).toBe(pt.tipo_stakeholder);
    expect(en.perfil_profissional).toBe(pt.perfil_profissional);
    expect(en.persona.descricao).not.toBe(pt.persona.descricao);
    expect(en.business.setor).not.toBe(pt.business.setor);
  });
});
