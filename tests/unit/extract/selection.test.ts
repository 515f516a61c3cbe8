import { describe, expect, it } from 'vitest';
import { parseSelection, splitLine } from '@/lib/extract/selection';

describe('parseSelection', () => {
  it.each([
    ['Ana Souza – Nubank', 'Ana', 'Souza', 'Nubank', undefined],
    ['Ana Souza - Nubank', 'Ana', 'Souza', 'Nubank', undefined],
    ['Ana Souza — Nubank', 'Ana', 'Souza', 'Nubank', undefined],
    ['Ana Souza (Nubank)', 'Ana', 'Souza', 'Nubank', undefined],
    ['Ana Souza, Head of Sales at Nubank', 'Ana', 'Souza', 'Nubank', 'Head of Sales'],
    ['Ana Souza @ Nubank', 'Ana', 'Souza', 'Nubank', undefined],
    ['Ana Souza @Nubank', 'Ana', 'Souza', 'Nubank', undefined],
    ['Ana Souza | Gerente Comercial | Nubank', 'Ana', 'Souza', 'Nubank', 'Gerente Comercial'],
    ['Ana Souza, Gerente na Nubank', 'Ana', 'Souza', 'Nubank', 'Gerente'],
    ['Ana Souza – Head de Vendas – Nubank S.A.', 'Ana', 'Souza', 'Nubank S.A.', 'Head de Vendas'],
    [
      'Maria da Conceição Lima, Diretora no Itaú Unibanco',
      'Maria',
      'da Conceição Lima',
      'Itaú Unibanco',
      'Diretora',
    ],
    ['Dra. Ana Souza (ela/dela) – Nubank', 'Ana', 'Souza', 'Nubank', undefined],
    ['  Ana Souza\n–\nNubank  ', 'Ana', 'Souza', 'Nubank', undefined],
    ['Ana Souza', 'Ana', 'Souza', '', undefined],
  ])('%j', (text, primeiro_nome, ultimo_nome, empresa, cargo) => {
    const { confidence: _, ...found } = parseSelection(text)!;
    // toEqual treats a missing cargo and `cargo: undefined` alike
    expect(found).toEqual({ primeiro_nome, ultimo_nome, empresa, cargo, source: 'selection' });
  });

  it.each(['', '   ', 'ana@nubank.com.br', '12345', 'https://www.linkedin.com/in/ana', 'x'.repeat(10_000)])(
    'is null for %j',
    (text) => expect(parseSelection(text)).toBeNull(),
  );

  it('is sure of a selection with a company, less of one without', () => {
    expect(parseSelection('Ana Souza – Nubank')!.confidence).toBeGreaterThan(
      parseSelection('Ana Souza')!.confidence,
    );
  });
});

describe('splitLine', () => {
  it('reads name, title and company', () => {
    expect(splitLine('Camila Rocha | Gerente de Parcerias | VTEX')).toEqual([
      'Camila Rocha',
      'Gerente de Parcerias',
      'VTEX',
    ]);
    expect(splitLine('Camila Rocha')).toEqual(['Camila Rocha', '', '']);
  });
});
