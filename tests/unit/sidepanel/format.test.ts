import { describe, expect, it } from 'vitest';
import {
  analysisFileName,
  analysisToJson,
  analysisToMarkdown,
  analysisToText,
  escapeMarkdown,
} from '@/lib/panel/copy';
import { personName } from '@/lib/panel/format';
import type { Analysis } from '@/lib/analysis/model';
import { basic, complete, entryOf, plus } from './analyses';

describe('copy as text', () => {
  const text = analysisToText(entryOf(plus), 'pt');

  it('starts with the person, the tier and the summary', () => {
    expect(text.split('\n').slice(0, 7)).toEqual([
      'Ana Souza — Nubank',
      'Análise Plus de 18 de mar. de 2025',
      '- Cargo: Head de Tecnologia',
      '- Papel na compra: Gestão',
      '- MBTI: ENTP',
      '- Traços mais fortes: Abertura 84, Conscienciosidade 73, Amabilidade 66',
      expect.stringMatching(/^- Como abordar: .*diagnóstico técnico/),
    ]);
  });

  it('has every section, list and OCEAN value as plain lines', () => {
    expect(text).toContain('\nMANUAL DO COMPRADOR\n');
    expect(text).toContain(
      '\nPontos de dor:\n- Integrações legadas que atrasam lançamentos — Impacto: Time-to-market 40% maior',
    );
    expect(text).toContain('- Canais preferidos: LinkedIn, E-mail, Comunidades técnicas');
    expect(text).toContain('\nOCEAN:\n- Abertura: 84/100\n');
    expect(text).toContain('- Estabilidade emocional: 65/100 (neuroticismo: 35/100)');
    expect(text).toContain('\nINTELIGÊNCIA DE MERCADO (PLUS)\n');
    expect(text).toContain('- Enriquecida por IA: Sim');
    expect(text).not.toMatch(/[*#]/);
  });

  it('follows the UI language for its labels', () => {
    const en = analysisToText(entryOf(complete, { depth: 'complete' }), 'en');
    expect(en).toContain('Complete analysis of Mar 18, 2025');
    expect(en).toContain('\nBUYER PLAYBOOK\n');
    expect(en).toContain('- Role: Diretor Financeiro (CFO)');
  });

  it('carries the Plus-unavailable notice', () => {
    const notice = { pt: 'A análise Plus estava indisponível.', en: 'Plus was unavailable.' };
    expect(analysisToText(entryOf(complete, { notice }), 'pt').split('\n')[2]).toBe(notice.pt);
  });

  it('keeps each list item on one line even when the service sent line breaks', () => {
    const a = { ...basic, linguagemImpacto: ['linha um\n  linha dois'] } as Analysis;
    expect(analysisToText(entryOf(a), 'pt')).toContain('- linha um linha dois\n');
  });
});

describe('copy as Markdown', () => {
  const md = analysisToMarkdown(entryOf(plus), 'pt');

  it('uses headings, bold labels and lists', () => {
    expect(
      md.startsWith(
        '# Ana Souza — Nubank\n\nAnálise Plus de 18 de mar. de 2025\n- **Cargo**: Head de Tecnologia\n',
      ),
    ).toBe(true);
    expect(md).toContain('\n## Manual do comprador\n\n');
    expect(md).toContain(
      '\n### Pontos de dor\n\n- **Integrações legadas que atrasam lançamentos** — Impacto: ',
    );
    expect(md).toContain('- Abertura: 84/100');
  });

  it('escapes what the service wrote, so its text never becomes formatting or markup', () => {
    const a = {
      ...basic,
      cargo: '**CEO** <script>alert(1)</script>',
      linguagemImpacto: ['# não é título', '[link](javascript:x)'],
    } as Analysis;
    const out = analysisToMarkdown(entryOf(a), 'pt');
    expect(out).toContain('- **Cargo**: \\*\\*CEO\\*\\* \\<script\\>alert(1)\\</script\\>');
    expect(out).toContain('- \\# não é título');
    expect(out).toContain('- \\[link\\](javascript:x)');
    expect(escapeMarkdown('a_b|c~d`e')).toBe('a\\_b\\|c\\~d\\`e');
  });
});

describe('export as JSON', () => {
  it('holds the whole entry, tagged with its format, and reads back', () => {
    const entry = entryOf(plus);
    const back = JSON.parse(analysisToJson(entry));
    expect(back.format).toBe('perfil-intel-analise');
    expect(back.version).toBe(1);
    expect({ ...back, format: undefined, version: undefined }).toEqual({
      ...JSON.parse(JSON.stringify(entry)),
      format: undefined,
      version: undefined,
    });
  });

  it('names the file after the person, without accents or unsafe characters', () => {
    const entry = entryOf(basic, {
      input: { primeiro_nome: 'João', ultimo_nome: 'da Silva/../x', empresa: 'Ação & Cia. Ltda.' },
    });
    expect(analysisFileName(entry)).toBe('perfil-intel-joao-da-silva-x-acao-cia-ltda-2025-03-18.json');
  });
});

describe('personName', () => {
  it('joins first and last name, without a trailing space when there is no last name', () => {
    expect(personName({ primeiro_nome: 'Ana', ultimo_nome: 'de Souza' })).toBe('Ana de Souza');
    expect(personName({ primeiro_nome: 'Ana', ultimo_nome: '' })).toBe('Ana');
  });
});
