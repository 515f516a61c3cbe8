import { describe, expect, it } from 'vitest';
import { cleanCompany, cleanName, person, splitRole, tidy } from '@/lib/extract/names';
import { fold } from '@/lib/text';

describe('cleanName', () => {
  it.each([
    ['Ana Souza', 'Ana Souza'],
    // particles stay with the surname, accents are kept
    ['Maria das Graças da Silva', 'Maria das Graças da Silva'],
    ['João Pedro dos Santos e Silva', 'João Pedro dos Santos e Silva'],
    ['Conceição Araújo', 'Conceição Araújo'],
    // honorifics
    ['Dr. Carlos Mendes', 'Carlos Mendes'],
    ['Dra. Fernanda Lima', 'Fernanda Lima'],
    ['Sr. Roberto Almeida', 'Roberto Almeida'],
    ['Sra Helena Vasconcelos', 'Helena Vasconcelos'],
    ['Prof. Ricardo Tavares', 'Ricardo Tavares'],
    ['Profa. Lúcia Nunes', 'Lúcia Nunes'],
    ['Eng. Paulo Siqueira', 'Paulo Siqueira'],
    // emoji, flags, pronouns
    ['Ana Souza 🚀', 'Ana Souza'],
    ['🇧🇷 Bruno Lima ✨', 'Bruno Lima'],
    ['Ana Souza (ela/dela)', 'Ana Souza'],
    ['Ana Souza (Ela/Dela) ✅', 'Ana Souza'],
    ['Carlos Santos [he/him]', 'Carlos Santos'],
    ['Ana Souza ela/dela', 'Ana Souza'],
    // credentials and what follows a separator
    ['Carlos Eduardo dos Santos, MBA, PMP', 'Carlos Eduardo dos Santos'],
    ['Renata Prado MBA', 'Renata Prado'],
    ['Lucas Teixeira, PhD', 'Lucas Teixeira'],
    ['Ana Souza | Head de Vendas', 'Ana Souza'],
    ['Ana Souza - Nubank', 'Ana Souza'],
    ['Michael O’Brien', 'Michael O’Brien'],
    ['Ana-Clara Vieira', 'Ana-Clara Vieira'],
    ['  Ana \n\t Souza  ', 'Ana Souza'],
    ['A\u200bna Sou\u202eza\u200f', 'Ana Souza'],
  ])('%j -> %j', (raw, clean) => expect(cleanName(raw)).toBe(clean));

  it.each([
    ['', 'empty'],
    ['ana@nubank.com.br', 'an address'],
    ['<img src=x onerror=alert(1)>', 'markup'],
    ['Ana<script>window.x=1</script>', 'script text'],
    ['Usuário 12345', 'digits'],
    ['x'.repeat(10_000), 'a 10,000-character name'],
    ['Um Nome Com Palavras Demais Para Ser De Uma Pessoa Só', 'too many words'],
    [42, 'not text'],
    // decoration with nobody behind it (found by tests/unit/properties/extract.property.test.ts)
    ['Lead', 'a record label alone'],
    ['Contato Sr.', 'a label and an honorific'],
    ['Contato Lead', 'two labels'],
    ['Dr.', 'an honorific alone'],
    ['Dr. MBA', 'an honorific and a credential'],
    ['Dr. 🌱 (he/him)', 'an honorific, an emoji and pronouns'],
  ] as [unknown, string][])('rejects %j (%s)', (raw) => expect(cleanName(raw)).toBe(''));
});

describe('cleanCompany', () => {
  it.each([
    ['Nubank · Tempo integral', 'Nubank'],
    ['Nubank · Meio período', 'Nubank'],
    ['Itaú Unibanco S.A. · Full-time', 'Itaú Unibanco S.A.'],
    ['Pipoca Tecnologia Ltda. · Autônomo', 'Pipoca Tecnologia Ltda.'],
    ['Ambev S.A.', 'Ambev S.A.'],
    ['Natura &Co', 'Natura &Co'],
    ['Stone · Estágio · Híbrido', 'Stone'],
    // several roles at one company: the line under the company is only type and duration
    ['Tempo integral · 5 anos 2 meses', ''],
    ['Full-time · 6 yrs 3 mos', ''],
    ['2 anos 3 meses', ''],
    ['jan de 2020 - o momento · 5 anos', ''],
    ['Jan 2020 - Present · 3 yrs', ''],
    ['2019 - 2021', ''],
    ['Grupo 2000 Transportes', 'Grupo 2000 Transportes'],
    ['@nubank', 'nubank'],
    ['Nubank | Palestrante', 'Nubank'],
    ['  Totvs\u200b S.A.  ', 'Totvs S.A.'],
    [undefined, ''],
  ])('%j -> %j', (raw, clean) => expect(cleanCompany(raw)).toBe(clean));
});

describe('splitRole', () => {
  it.each([
    ['Head of Sales at Nubank', ['Head of Sales', 'Nubank']],
    ['Gerente Comercial na Stone', ['Gerente Comercial', 'Stone']],
    ['Analista no Itaú', ['Analista', 'Itaú']],
    ['CEO @ Pipoca', ['CEO', 'Pipoca']],
    // a speaker's title line writes the company against the @
    ['Head of Revenue Operations @Fernhill Analytics', ['Head of Revenue Operations', 'Fernhill Analytics']],
    // an address is no role at a company
    ['Contato: ana@pipoca.com.br', undefined],
    ['Especialista em Vendas', undefined],
    ['Palestrante', undefined],
  ])('%j -> %j', (s, parts) => expect(splitRole(s)).toEqual(parts));
});

describe('person', () => {
  it('splits the first word from the rest, particles going with the surname', () => {
    expect(person('x', 0.8, 'Maria das Graças Souza', 'Nubank')).toEqual({
      primeiro_nome: 'Maria',
      ultimo_nome: 'das Graças Souza',
      empresa: 'Nubank',
      confidence: 0.8,
      source: 'x',
    });
    expect(person('x', 0.8, 'Ana', 'Nubank')).toMatchObject({ primeiro_nome: 'Ana', ultimo_nome: '' });
  });

  it('keeps the title when there is one, and halves the confidence without a company', () => {
    expect(person('x', 0.8, 'Ana Souza', '', 'Head de Vendas')).toEqual({
      primeiro_nome: 'Ana',
      ultimo_nome: 'Souza',
      empresa: '',
      cargo: 'Head de Vendas',
      confidence: 0.4,
      source: 'x',
    });
  });

  it('is null without a plausible name', () => {
    expect(person('x', 0.8, 'ana@nubank.com', 'Nubank')).toBeNull();
  });

  it('bounds every field to 200 characters', () => {
    const c = person('x', 0.8, 'Ana Souza', `Empresa ${'a'.repeat(10_000)}`, `Cargo ${'b'.repeat(10_000)}`)!;
    expect(c.empresa).toHaveLength(200);
    expect(c.cargo).toHaveLength(200);
  });
});

describe('tidy and fold', () => {
  it('removes zero-width and direction controls, joins lines, trims and bounds', () => {
    expect(tidy('\u202e  Ana\u200d\u2066 \n Souza \ufeff')).toBe('Ana Souza');
    expect(tidy('a'.repeat(500))).toHaveLength(200);
    expect(tidy(' x '.repeat(300), 10)).toBe('x x x x x');
    // a cut never leaves half of a surrogate pair
    expect(tidy(`${'a'.repeat(199)}😀`)).toBe('a'.repeat(199));
    expect(tidy(null)).toBe('');
  });

  it('folds case and accents', () => expect(fold('Conceição ÁRAÚJO')).toBe('conceicao araujo'));
});
