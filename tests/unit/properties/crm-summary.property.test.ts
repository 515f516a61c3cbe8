import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crmSummary, GENERATED_BY } from '@/lib/compose/summary';
import type { Analysis } from '@/lib/analysis/model';
import type { HistoryEntry, Lang } from '@/lib/model';
import { hostileText, INVISIBLE } from './arbitraries';

/*
 * The CRM note's summary is built from the service's text (any of it may carry tags, Markdown or invisible
 * characters) and must fit the field's maxlength: never longer, never markup, always closing with the line that
 * says where it came from.
 */

const markup = fc.constantFrom(
  '<b>forte</b>',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '**negrito**',
  '`código`',
  '# Título',
  '<a href="https://x">link</a>',
  '<',
  '>',
);
const text = fc.oneof(
  hostileText,
  markup,
  fc.tuple(hostileText, markup).map(([a, b]) => `${a} ${b} ${a}`),
);
const optional = fc.option(text, { nil: undefined });
const score = fc.double({ min: 0, max: 1, noNaN: true });

const analysis: fc.Arbitrary<Analysis> = fc.record({
  interesses: fc.constant([]),
  painPoints: fc.array(fc.record({ desafio: text }), { maxLength: 6 }),
  motivadores: fc.constant([]),
  ganhosProcurados: fc.constant([]),
  prioridades: fc.constant([]),
  linguagemImpacto: fc.constant([]),
  strengths: fc.constant([]),
  buildingTrust: fc.constant([]),
  dynamicPainPoints: fc.array(fc.record({ desafio: text }), { maxLength: 3 }),
  tipoStakeholder: optional,
  communicationStyle: optional,
  persona: fc.option(fc.record({ titulo: text }), { nil: undefined }),
  estrategiaComunicacao: fc.option(
    fc.record({ estilo: optional, canais: fc.array(text, { maxLength: 3 }) }),
    { nil: undefined },
  ),
  ocean: fc.option(
    fc.record(
      { openness: score, conscientiousness: score, extraversion: score, agreeableness: score },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  ),
  mbti: fc.option(fc.record({ type: text, strengths: fc.constant([]) }), { nil: undefined }),
});

const entry: fc.Arbitrary<HistoryEntry> = fc.record({
  id: fc.constant('e1'),
  personKey: fc.constant('k'),
  input: fc.record({ primeiro_nome: text, ultimo_nome: text, empresa: text }),
  depth: fc.constantFrom('quick', 'complete', 'plus'),
  lang: fc.constantFrom('pt', 'en'),
  endpoint: fc.constant('/crm'),
  creditsCharged: fc.constant(2),
  createdAt: fc.integer({ min: 0, max: 4_102_444_800_000 }),
  analysis,
  issues: fc.constant([]),
}) as fc.Arbitrary<HistoryEntry>;

const lang = fc.constantFrom<Lang>('pt', 'en');

/** Markup that survived: a tag, an angle bracket, Markdown emphasis or code. */
const MARKUP = /[<>`]|\*\*|(^|\n)#/;

describe('crmSummary', () => {
  it('never exceeds the field’s limit, never carries markup, always ends with "Gerado por Perfil Intel"', () => {
    fc.assert(
      fc.property(entry, lang, fc.integer({ min: 0, max: 2_000 }), (e, l, max) => {
        const s = crmSummary(e, l, max);
        const footer = GENERATED_BY[l];
        if (max < footer.length) {
          expect(s).toBeNull();
          return;
        }
        expect(s).not.toBeNull();
        expect(s!.text.length).toBeLessThanOrEqual(max);
        expect(s!.text.split('\n').at(-1)).toBe(footer);
        expect(s!.text).not.toMatch(MARKUP);
        expect(s!.text).not.toMatch(INVISIBLE);
        // whole when it fits, and then the same as with no limit at all
        const whole = crmSummary(e, l)!;
        if (whole.text.length <= max) expect(s).toEqual(whole);
        else expect(s!.shortened).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('without a limit: no markup, nothing shortened, every line one line of text', () => {
    fc.assert(
      fc.property(entry, lang, (e, l) => {
        const s = crmSummary(e, l)!;
        expect(s.shortened).toBe(false);
        expect(s.text).not.toMatch(MARKUP);
        for (const line of s.text.split('\n')) expect(line.trim()).not.toBe('');
      }),
    );
  });

  it('says what a seller reads before a call, in that order', () => {
    const e: HistoryEntry = {
      id: 'e1',
      personKey: 'ana souza|nubank',
      input: { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' },
      depth: 'complete',
      lang: 'pt',
      endpoint: '/crm',
      creditsCharged: 2,
      createdAt: Date.UTC(2026, 10, 26, 12),
      issues: [],
      analysis: {
        interesses: [],
        painPoints: [
          { desafio: 'Integrar <b>sistemas</b> legados' },
          { desafio: 'Previsibilidade de **receita**' },
          { desafio: 'Time enxuto' },
          { desafio: 'Quarta dor' },
        ],
        motivadores: [],
        ganhosProcurados: [],
        prioridades: [],
        linguagemImpacto: [],
        strengths: [],
        buildingTrust: [],
        dynamicPainPoints: [],
        tipoStakeholder: 'Decision Maker',
        communicationStyle: 'Direto, orientado a dados',
        ocean: {
          openness: 0.84,
          conscientiousness: 0.7,
          extraversion: 0.45,
          agreeableness: 0.6,
          emotionalStability: 0.55,
        },
        mbti: { type: 'ENTJ', strengths: [] },
      },
    };
    const s = crmSummary(e, 'pt')!;
    expect(s.text.split('\n')).toEqual([
      'Ana Souza — Nubank',
      expect.stringMatching(/^Análise Completa de .*2026$/),
      'Papel na compra: Decisor',
      'Como abordar: Direto, orientado a dados.',
      'Principais dores: Integrar sistemas legados; Previsibilidade de receita; Time enxuto',
      'OCEAN: Abertura 84, Conscienciosidade 70, Extroversão 45, Amabilidade 60, Estabilidade emocional 55',
      'MBTI: ENTJ',
      'Gerado por Perfil Intel',
    ]);
    // Shortened, it says so, keeps the name and the closing line, and lists fewer pains before dropping lines.
    const short = crmSummary(e, 'pt', s.text.length - 20)!;
    expect(short.shortened).toBe(true);
    expect(short.text).toContain('Resumo encurtado');
    expect(short.text).toContain('Principais dores: Integrar sistemas legados');
    expect(short.text).not.toContain('Time enxuto');
    expect(short.text.split('\n')[0]).toBe('Ana Souza — Nubank');
    expect(crmSummary(e, 'pt', 10)).toBeNull();
  });
});
