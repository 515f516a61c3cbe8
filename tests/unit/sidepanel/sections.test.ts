import { describe, expect, it } from 'vitest';
import crm from '@/tests/fixtures/api/crm.json';
import { emptyAnalysis, normalizeAnalysis } from '@/lib/analysis/normalize';
import basico from '@/tests/fixtures/api/crm_basico.json';
import { reconcileOcean } from '@/lib/analysis/model';
import { stakeholderText } from '@/lib/analysis/stakeholder';
import type { Analysis } from '@/lib/analysis/model';
import { analysisSections, summaryOf, type SectionModel } from '@/lib/panel/sections';
import { basic, complete, plus, plusBatchShape } from './analyses';

/** Every text a section shows. */
function shown(sections: SectionModel[]): string {
  return sections
    .flatMap((s) =>
      s.blocks.flatMap((b) => {
        switch (b.kind) {
          case 'facts':
            return b.items.map((f) => f.text);
          case 'text':
            return [b.text];
          case 'list':
            return b.items;
          case 'records':
            return b.items.flatMap((r) => [r.title, ...r.fields.map((f) => f.text)]);
          case 'ocean':
            return b.chart.bars.map((x) => String(x.value));
        }
      }),
    )
    .join('\n');
}

/** Every text value the analysis holds, wherever it sits (OCEAN and metadata are checked on their own). */
function texts(x: unknown, key = ''): string[] {
  if (key === 'ocean' || key === 'metadata') return [];
  // The stakeholder type is shown in the UI's language.
  if (key === 'tipoStakeholder' && typeof x === 'string') return [stakeholderText('pt', x)!];
  if (typeof x === 'string') return [x];
  if (Array.isArray(x)) return x.flatMap((v) => texts(v));
  if (typeof x === 'object' && x !== null) return Object.entries(x).flatMap(([k, v]) => texts(v, k));
  return [];
}

const ids = (a: Analysis) => analysisSections(a, 'pt').map((s) => s.id);

describe('analysisSections', () => {
  it.each([
    ['Basic', basic],
    ['Complete', complete],
    ['Plus (single shape)', plus],
    ['Plus (batch shape)', plusBatchShape],
  ])('shows every field of the %s analysis', (_, analysis) => {
    const all = shown(analysisSections(analysis, 'pt'));
    const missing = texts(analysis).filter((t) => !all.includes(t));
    expect(missing).toEqual([]);
  });

  it('shows only the sections the tier has', () => {
    expect(ids(basic)).toEqual(['playbook', 'impact', 'profile']);
    expect(ids(complete)).toEqual([
      'playbook',
      'personality',
      'impact',
      'profile',
      'strengths',
      'dynamicPains',
      'business',
      'regional',
    ]);
    expect(ids(plus)).toEqual([
      'playbook',
      'engagement',
      'personality',
      'impact',
      'profile',
      'strengths',
      'dynamicPains',
      'business',
      'regional',
      'market',
      'metadata',
    ]);
  });

  it('renders the Complete fields under their own labels', () => {
    const sections = analysisSections(complete, 'pt');
    const personality = sections.find((s) => s.id === 'personality')!;
    expect(personality.blocks[0]?.kind).toBe('ocean');
    expect(personality.blocks[1]).toEqual({
      kind: 'facts',
      items: [
        { label: 'MBTI', text: 'ISTJ' },
        { label: 'Descrição do MBTI', text: complete.mbti!.description },
        { label: 'Tipo de personalidade', text: 'Analítico' },
        { label: 'Estilo de comunicação', text: complete.communicationStyle },
        { label: 'Estilo de trabalho', text: complete.workingStyle },
        { label: 'Tomada de decisão', text: complete.decisionMaking },
      ],
    });
    const strengths = sections.find((s) => s.id === 'strengths')!;
    expect(strengths.blocks.map((b) => b.kind === 'list' && b.label)).toEqual([
      'Pontos fortes',
      'Como construir confiança',
    ]);
  });

  it('shows Plus metadata readably: seconds, yes/no and a date', () => {
    const meta = analysisSections(plus, 'pt').find((s) => s.id === 'metadata')!;
    expect(meta.blocks).toEqual([
      {
        kind: 'facts',
        items: [
          { label: 'Tempo de processamento', text: '23,9 s' },
          { label: 'Enriquecida por IA', text: 'Sim' },
          { label: 'Gerada em', text: expect.stringContaining('2025') },
        ],
      },
    ]);
    const en = analysisSections(plus, 'en').find((s) => s.id === 'metadata')!;
    expect(en.title).toBe('Metadata');
    expect(en.blocks[0]?.kind === 'facts' && en.blocks[0].items[0]).toEqual({
      label: 'Processing time',
      text: '23.9 s',
    });
  });

  it('leaves out what is missing or empty (blank texts are left out by the one reader)', () => {
    const raw = {
      ...basico.analise,
      manual_comprador: { ...basico.analise.manual_comprador, persona: { titulo: '  ' } },
      interesses_profissionais: [],
      linguagem_impacto: ['', '  '],
    };
    const { analysis: sparse, issues } = normalizeAnalysis(raw);
    expect(issues).toEqual([]);
    expect(ids(sparse)).toEqual(['playbook', 'profile']);
    expect(shown(analysisSections(sparse, 'pt'))).not.toMatch(/^\s*$/m);
    expect(
      analysisSections(sparse, 'pt')[0]?.blocks.map((b) => b.kind === 'facts' && b.items),
    ).not.toContainEqual(expect.arrayContaining([expect.objectContaining({ label: 'Persona' })]));
    expect(analysisSections(emptyAnalysis(), 'pt')).toEqual([]);
  });

  it('shows what the one reader gives: a raw answer with wrong types is read first, never defended at render', () => {
    const raw = {
      ...crm.analise,
      campo_novo: { qualquer: ['coisa'] },
      interesses_profissionais: 42,
      cargo: ['não é texto'],
      ocean_scores: 'alto',
      mbti_type: 'ENTP',
    };
    const { analysis, issues } = normalizeAnalysis(raw);
    expect(issues.join(' ')).toMatch(/cargo/);
    const all = shown(analysisSections(analysis, 'pt'));
    expect(all).toContain('ENTP');
    expect(all).not.toContain('não é texto');
    expect(all).not.toContain('coisa');
    expect(() => summaryOf(analysis, 'pt')).not.toThrow();
  });
});

describe('summaryOf', () => {
  it('gives role, stakeholder class, MBTI, the top three traits and how to approach', () => {
    expect(summaryOf(plus, 'pt')).toEqual({
      facts: [
        { label: 'Cargo', text: 'Head de Tecnologia' },
        { label: 'Papel na compra', text: 'Gestão' },
        { label: 'MBTI', text: 'ENTP' },
      ],
      traits: ['Abertura 84', 'Conscienciosidade 73', 'Amabilidade 66'],
      approach: expect.stringContaining('diagnóstico técnico gratuito'),
    });
  });

  it('ranks traits from the same stability the chart shows', () => {
    // as the reader gives it: stability and neuroticism made to agree once (reconcileOcean)
    const ocean = reconcileOcean({ openness: 0.5, neuroticism: 0.1, emotionalStability: 0.2 });
    const a = { ...basic, ocean } as Analysis;
    expect(summaryOf(a, 'en').traits).toEqual(['Emotional stability 90', 'Openness 50']);
  });

  it('is empty for an analysis without those fields', () => {
    expect(summaryOf(emptyAnalysis(), 'pt')).toEqual({ facts: [], traits: [], approach: undefined });
  });
});
