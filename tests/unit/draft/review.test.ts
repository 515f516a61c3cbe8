import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Analysis } from '@/lib/analysis/model';
import { applyEdit, buildReviewPrompt, parseReview, type Review } from '@/lib/draft/review';
import { reviewReply } from '../../sandbox/model-text';
import { CHANNELS } from '@/lib/model';

/** Fields the review may use carry USED-…, the others LEAK-…. */
const analysis = {
  cargo: 'LEAK-cargo',
  localizacao: 'LEAK-localizacao',
  interesses: ['LEAK-interesse'],
  persona: { titulo: 'USED-persona', descricao: 'LEAK-persona-descricao' },
  painPoints: [{ desafio: 'USED-dor', impacto: 'LEAK-impacto', contexto: 'LEAK-contexto' }],
  motivadores: [{ texto: 'LEAK-motivador' }],
  ganhosProcurados: ['LEAK-ganho'],
  prioridades: ['LEAK-prioridade'],
  linguagemImpacto: ['USED-frase'],
  communicationStyle: 'USED-estilo',
  strengths: ['LEAK-strength'],
  buildingTrust: ['LEAK-trust'],
  dynamicPainPoints: [],
  ocean: { openness: 0.987654 },
} as unknown as Analysis;

describe('buildReviewPrompt', () => {
  it('sends the persona, style, pains and impact phrases with the seller’s text, nothing else', () => {
    for (const channel of CHANNELS) {
      const all = buildReviewPrompt({
        analysis,
        text: 'Olá, Ana! Texto do vendedor.',
        channel,
        language: 'pt',
      })
        .map((m) => m.content)
        .join('\n');
      for (const used of ['USED-persona', 'USED-dor', 'USED-frase', 'USED-estilo'])
        expect(all).toContain(used);
      expect(all).toContain('<<<\nOlá, Ana! Texto do vendedor.\n>>>');
      expect(all).not.toMatch(/LEAK-|0\.98/);
      expect(all).toContain('VEREDITO:');
    }
  });
});

/** The review in the documented line format. */
function format(r: Review): string {
  return [
    `VEREDITO: ${r.verdict}`,
    ...Object.entries(r.aspects).map(([k, v]) => `${k.toUpperCase()}: ${v}`),
    ...r.edits.map((e) => `TROCAR: "${e.from}" => "${e.to}"`),
  ].join('\n');
}

// Free text without line breaks or quote marks, not wrapped in markdown emphasis.
const line = fc
  .string({ minLength: 1, maxLength: 60 })
  .filter((s) => !/[\r\n"“”«»']/.test(s) && s.trim() === s && s !== '' && !/^[*_]|[*_]$/.test(s));
const review = fc.record({
  verdict: line,
  aspects: fc.record({ tom: line, tamanho: line, objetividade: line, abertura: line }, { requiredKeys: [] }),
  edits: fc
    .array(fc.record({ from: line, to: line }), { maxLength: 4 })
    .map((edits) => edits.filter((e) => e.from !== e.to)),
});

describe('parseReview', () => {
  it('reads back any review written in the format', () => {
    fc.assert(
      fc.property(review, (r) => {
        expect(parseReview(format(r))).toEqual(r);
      }),
    );
  });

  it('never throws on any text, and only returns edits with a passage to replace', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (raw) => {
        const r = parseReview(raw);
        for (const e of r.edits) expect(e.from.trim()).not.toBe('');
        expect(r.edits.length).toBeLessThanOrEqual(10);
      }),
    );
  });

  it('is tolerant: markdown bold, lower case, no accents, English labels, curly quotes and arrows', () => {
    const r = parseReview(
      [
        'Aqui vai a revisão:',
        '**Veredito:** Bom texto, mas longo.',
        '- tom: cordial',
        '**Tamanho**: reduza',
        'objetividade: ok',
        'Opening: comece pela dor',
        'Trocar: “Prezada senhora” → “Oi Ana”',
        'TROCAR: «texto» -> «novo»',
        'TROCAR: sem aspas => nada',
      ].join('\r\n'),
    );
    expect(r).toEqual({
      verdict: 'Bom texto, mas longo.',
      aspects: { tom: 'cordial', tamanho: 'reduza', objetividade: 'ok', abertura: 'comece pela dor' },
      edits: [
        { from: 'Prezada senhora', to: 'Oi Ana' },
        { from: 'texto', to: 'novo' },
      ],
    });
  });

  it('reads a review still streaming: the verdict shows as soon as its line has started', () => {
    expect(parseReview('VEREDITO: O texto comb').verdict).toBe('O texto comb');
    expect(parseReview('VEREDITO: ok\nTROCAR: "a b" => "c').edits).toEqual([]);
  });

  it('reads every review the sandbox model writes, and each of its edits applies to the seller’s text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            'Oi Ana',
            'tudo bem?',
            'Quero apresentar',
            'a plataforma!!',
            'Podemos falar?',
            'ÓTIMO.',
            '\n',
          ),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (words) => {
          const text = words.join(' ').trim();
          fc.pre(text.length > 0);
          const [, user] = buildReviewPrompt({ analysis, text, channel: 'email', language: 'pt' });
          const r = parseReview(reviewReply(user!.content));
          expect(r.verdict).not.toBe('');
          let out = text;
          for (const e of r.edits) {
            const next = applyEdit(out, e);
            expect(next).not.toBeNull();
            out = next!;
          }
        },
      ),
    );
  });
});

describe('applyEdit', () => {
  it('replaces the first occurrence only, and refuses a passage that is not there', () => {
    expect(applyEdit('a b a', { from: 'a', to: 'x' })).toBe('x b a');
    expect(applyEdit('abc', { from: 'z', to: 'x' })).toBeNull();
    fc.assert(
      fc.property(
        fc.string(),
        fc.string({ minLength: 1 }),
        fc.string(),
        fc.string(),
        (pre, from, post, to) => {
          const text = pre + from + post;
          const out = applyEdit(text, { from, to });
          const at = text.indexOf(from);
          expect(out).toBe(text.slice(0, at) + to + text.slice(at + from.length));
        },
      ),
    );
  });
});
