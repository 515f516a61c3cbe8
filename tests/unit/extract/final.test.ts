import { parseHTML } from 'linkedom';
import { afterEach, describe, expect, it } from 'vitest';
import { niceCase, notTheirCompany, settle } from '@/lib/extract/final';
import { cleanName, person } from '@/lib/extract/names';
import { extractors } from '@/lib/extract/sites';
import type { Extractor } from '@/lib/extract/types';
import { extractCandidates } from '../../fixtures/extract';

/*
 * The last word on every reading (lib/extract/final.ts): what no reader may give as a name or a company, and names
 * in capitals as registries write them.
 */

const doc = (html: string) => parseHTML(html).document as unknown as Document;

describe('niceCase', () => {
  it.each([
    ['MARIA DAS GRAÇAS SILVA', 'Maria das Graças Silva'],
    ['JOÃO DOS SANTOS E SILVA', 'João dos Santos e Silva'],
    ["ANA D'ÁVILA COSTA-LIMA", "Ana D'Ávila Costa-Lima"],
    ['EDSON LUIZ CARVALHO JÚNIOR', 'Edson Luiz Carvalho Júnior'],
    // written in mixed case: as written
    ['Ana McKenzie', 'Ana McKenzie'],
    ['ana souza', 'ana souza'],
  ])('%s -> %s', (name, cased) => expect(niceCase(name)).toBe(cased));
});

describe('initials', () => {
  it('a letter of an avatar is nobody; a name with one word of two letters is somebody', () => {
    for (const s of ['R', 'C', 'J. R.', 'A B']) expect(cleanName(s), s).toBe('');
    for (const s of ['Ana', 'J. R. Tolkien', 'Lu X']) expect(cleanName(s), s).toBe(s);
  });

  it('is nobody for every reader: person() gives no one, so a quick answer and the full reading agree', () => {
    for (const s of ['R', 'Έ', 'J. R.']) expect(person('x', 0.9, s, 'Nubank'), s).toBeNull();
  });
});

describe('notTheirCompany', () => {
  it.each([
    'Ganho',
    'EM NEGOCIAÇÃO',
    'Closed Won',
    'Qualificado',
    'Deals',
    'Negócios',
    'Atividades',
    'Timeline',
  ])("a deal's status or an app's tab, %s, is no company", (s) => expect(notTheirCompany(s)).toBe(true));
  it.each(['ex-Ambev', 'Ex Ambev', 'Anterior: Netshoes', 'Former Nubank', 'Previously: Stone'])(
    'an employer put in the past, %s, is no company',
    (s) => expect(notTheirCompany(s)).toBe(true),
  );
  it("the company of a role put in the past is not theirs; a role's company is", () => {
    expect(notTheirCompany('Nubank', 'Former Head of Sales at Nubank')).toBe(true);
    expect(notTheirCompany('Nubank', 'Ex-diretora comercial da Nubank')).toBe(true);
    expect(notTheirCompany('Nubank', 'Head of Sales at Nubank')).toBe(false);
    expect(notTheirCompany('Hotmart', 'ex-Ambev')).toBe(false);
  });
  it.each(['Nubank', 'Exame', 'Grupo Pão de Açúcar', 'Open Co', 'Novo Nordisk', 'Ganho Certo Ltda.'])(
    'a company, %s, is one',
    (s) => expect(notTheirCompany(s)).toBe(false),
  );
});

describe('settle', () => {
  it('cases a name in capitals, drops the separators around a company, and a status as company', () => {
    expect(settle(person('x', 0.9, 'MARIA DAS GRAÇAS SILVA', '– Grupo Pão de Açúcar')!)).toMatchObject({
      primeiro_nome: 'Maria',
      ultimo_nome: 'das Graças Silva',
      empresa: 'Grupo Pão de Açúcar',
      confidence: 0.9,
    });
    expect(settle(person('x', 0.9, 'Ana Souza', 'Em negociação')!)).toMatchObject({
      empresa: '',
      confidence: 0.45,
    });
  });
});

describe('every reader', () => {
  const added: Extractor[] = [];
  afterEach(() => {
    for (const x of added.splice(0)) extractors.splice(extractors.indexOf(x), 1);
  });

  it("a company registry's partner in capitals is listed as people write the name", () => {
    // the Receita Federal's QSA ("Quadro de Sócios e Administradores") writes partners' names in capitals; a registry
    // page's JSON-LD carries them as written
    const json = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'MARIA DAS GRAÇAS SILVA',
      jobTitle: 'Sócio-Administrador',
      worksFor: { '@type': 'Organization', name: 'Laticínios Serra Azul Ltda' },
    });
    const found = extractCandidates(
      doc(
        `<html><head><script type="application/ld+json">${json}</script></head><body><p>QSA</p></body></html>`,
      ),
      'https://registro.example.com.br/cnpj/12345678000190',
    );
    expect(found[0]).toMatchObject({
      primeiro_nome: 'Maria',
      ultimo_nome: 'das Graças Silva',
      empresa: 'Laticínios Serra Azul Ltda',
    });
  });

  it("no reader's initials, status or past employer reaches the list", () => {
    const reader: Extractor = {
      id: 'any',
      extract: () =>
        [
          person('any', 0.9, 'R', ''),
          person('any', 0.9, 'C.', 'Nubank'),
          person('any', 0.8, 'Bruna Lima', 'Perdido'),
          person('any', 0.8, 'Caio Reis', 'ex-Ambev'),
        ].filter((c) => !!c),
    };
    extractors.push(reader);
    added.push(reader);
    const found = extractCandidates(doc('<html><body><p>Olá</p></body></html>'), 'https://app.example.com/');
    expect(found.map((c) => [c.primeiro_nome, c.empresa])).toEqual([
      ['Bruna', ''],
      ['Caio', ''],
    ]);
  });

  /** What the collect step lists of `names` read by any reader on `body`. */
  const listedOn = (body: string, names: string[]) => {
    const reader: Extractor = {
      id: 'any',
      extract: () => names.map((n) => person('any', 0.9, n, 'Nubank')).filter((c) => !!c),
    };
    extractors.push(reader);
    added.push(reader);
    return extractCandidates(doc(`<html><body>${body}</body></html>`), 'https://app.example.com/').map(
      (c) => `${c.primeiro_nome} ${c.ultimo_nome}`,
    );
  };

  it('a name the page writes only under aria-hidden or hidden is nobody; spoken anywhere, or named, it is somebody', () => {
    // GitHub's and LinkedIn's hover cards and Google Calendar's avatars sit under aria-hidden="true"; LinkedIn writes
    // a visible copy under aria-hidden beside a spoken one in .visually-hidden
    const body = `
      <ul><li><span aria-hidden="true"><span class="avatar">RS</span> Rafael Siqueira</span></li>
      <li><div hidden><div class="hovercard">Bruna Lima · Head de Vendas</div></div></li>
      <li><span aria-hidden="true">Ana Souza</span><span class="visually-hidden">Ver perfil de Ana Souza</span></li>
      <li><span aria-hidden="true">Caio Reis</span><button aria-label="Mensagem para Caio Reis">✉</button></li>
      <li><a href="/in/dora-melo"><span aria-hidden="true">Dora Melo</span></a></li></ul>`;
    expect(listedOn(body, ['Rafael Siqueira', 'Bruna Lima', 'Ana Souza', 'Caio Reis', 'Dora Melo'])).toEqual([
      'Ana Souza',
      'Caio Reis',
      'Dora Melo',
    ]);
  });

  it('a whole panel an app hides behind a dialog is not a decoration: its people are read', () => {
    // cal.com's booking page puts its whole main panel under aria-hidden="true" while its dialog is open
    const rows = Array.from({ length: 25 }, (_, i) => `<p>Linha ${i}</p>`).join('');
    expect(
      listedOn(`<div aria-hidden="true"><h1>Reunião</h1><span>Marcus Ellery</span>${rows}</div>`, [
        'Marcus Ellery',
      ]),
    ).toEqual(['Marcus Ellery']);
  });
});
