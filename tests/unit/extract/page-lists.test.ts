import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { installLexicon } from '@/lib/extract/lexicon';
import { office, page, pageCompany, textAfter } from '@/lib/extract/page';
import { lines, personLine } from '@/lib/extract/prose';

/*
 * Lists of people the page reader finds beyond cards: offices over their holders' names (a board, a ministry's
 * "who is who", a masthead), with the page's company.
 */

installLexicon();
const doc = (html: string) => parseHTML(html).document as unknown as Document;
const URL_ = new URL('https://example.com/x');
const read = (html: string) =>
  page.extract(doc(html), URL_).map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa, c.cargo]);
const site = (body: string) =>
  `<html><head><title>Diretoria</title><meta property="og:site_name" content="Cooperativa Vale Verde"></head><body>${body}</body></html>`;

describe('office', () => {
  it('is a short text with a title word, ordinals aside', () => {
    for (const t of [
      'Presidente',
      '1º Secretário',
      '2ª Secretária',
      'Vice Chair',
      'Managing Editor',
      'Chefe de Gabinete',
    ])
      expect(office(t), t).toBe(true);
  });

  it('is never a sentence, a name, a place or a heading with a joining word only', () => {
    for (const t of [
      'Ana Souza',
      'Campinas - SP',
      'Sede',
      'Agendado para amanhã',
      'O diretor financeiro apresentou os resultados do trimestre ao conselho hoje.',
      'Contato:',
    ])
      expect(office(t), t).toBe(false);
  });
});

describe('textAfter', () => {
  it('reads past a line break, the next element, or what follows a bold line alone in its paragraph', () => {
    const d = doc(
      '<p id="a"><strong>Presidente</strong><br>Ana Souza</p><h4 id="b">Diretor</h4><p>João Lima</p><p><b id="c">Tesoureira</b></p><p>Carla Prado</p>',
    );
    expect(textAfter(d.querySelector('#a strong')!)).toBe('Ana Souza');
    expect(textAfter(d.querySelector('#b')!)).toBe('João Lima');
    expect(textAfter(d.querySelector('#c')!)).toBe('Carla Prado');
  });
});

describe('offices over names', () => {
  it('lists the holders of role headings, with the page company and the office as title', () => {
    expect(
      read(
        site(
          '<main><h1>Diretoria</h1><h4>Presidente</h4><p>Mariana Prado</p><h4>Diretor Financeiro</h4><p>Carlos Ribeiro</p><h4>Sede</h4><p>Rua das Flores, 10</p></main>',
        ),
      ),
    ).toEqual([
      ['Mariana Prado', 'Cooperativa Vale Verde', 'Presidente'],
      ['Carlos Ribeiro', 'Cooperativa Vale Verde', 'Diretor Financeiro'],
    ]);
  });

  it('reads a bold office and the name after its line break, and backs a name no list knows', () => {
    const found = read(
      site(
        '<main><p><strong>Presidente</strong><br>Everaldo Tonin</p><p><strong>Vice-Presidente</strong><br>Rosana Paz</p><p><strong>1º Secretário</strong><br>Joel Baptistella</p></main>',
      ),
    );
    expect(found.map(([n]) => n)).toEqual(['Everaldo Tonin', 'Rosana Paz', 'Joel Baptistella']);
  });

  it('needs a list: one office over one name, or offices of different shapes, are not one', () => {
    expect(read(site('<main><h4>Presidente</h4><p>Mariana Prado</p></main>'))).toEqual([]);
    expect(
      read(
        site('<main><h4>Presidente</h4><p>Mariana Prado</p><p><b>Diretor</b><br>Carlos Ribeiro</p></main>'),
      ),
    ).toEqual([]);
  });

  it('never reads a sidebar, nor a list of names the page does not know', () => {
    expect(
      read(
        site('<aside><h4>Presidente</h4><p>Mariana Prado</p><h4>Diretor</h4><p>Carlos Ribeiro</p></aside>'),
      ),
    ).toEqual([]);
    expect(
      read(site('<main><h4>Presidente</h4><p>Xyzt Qwerv</p><h4>Diretor</h4><p>Bnmo Pltr</p></main>')),
    ).toEqual([]);
  });
});

describe('a table column an office heads', () => {
  it('holds its holders, at the page company, where the name column holds no name', () => {
    expect(
      read(
        site(
          '<main><table><thead><tr><th>Diretoria</th><th>Diretor(a)</th><th>Contato</th></tr></thead><tbody><tr><td>Diretoria de Logística</td><td>Fernanda Lima</td><td>dl@exemplo.gov.br</td></tr><tr><td>Diretoria Financeira</td><td>Lucas Souza</td><td>df@exemplo.gov.br</td></tr></tbody></table></main>',
        ),
      ),
    ).toEqual([
      ['Fernanda Lima', 'Cooperativa Vale Verde', 'Diretor(a)'],
      ['Lucas Souza', 'Cooperativa Vale Verde', 'Diretor(a)'],
    ]);
  });

  it('gives way to a name column that holds names, and reads nobody from areas alone', () => {
    expect(
      read(
        site(
          '<main><table><thead><tr><th>Nome</th><th>Diretoria</th></tr></thead><tbody><tr><td>Fernanda Lima</td><td>Logística</td></tr></tbody></table></main>',
        ),
      ).map(([n]) => n),
    ).toEqual(['Fernanda Lima']);
    expect(
      read(
        site(
          '<main><table><thead><tr><th>Diretoria</th><th>Telefone</th></tr></thead><tbody><tr><td>Diretoria de Logística</td><td>(43) 3372-9400</td></tr></tbody></table></main>',
        ),
      ),
    ).toEqual([]);
  });
});

describe('the company a directory page describes', () => {
  const pageOf = (title: string, h1: string, siteName = 'ConsultaSócios') =>
    doc(
      `<html><head><title>${title}</title><meta property="og:site_name" content="${siteName}"></head><body><main><h1>${h1}</h1></main><footer>© 2026 ${siteName}</footer></body></html>`,
    );

  it('is the heading that begins the title, where the title ends with the site’s own name', () => {
    expect(
      pageCompany(
        pageOf('Cerâmica Bonetti Ltda - CNPJ 11.222.333/0001-81 | ConsultaSócios', 'Cerâmica Bonetti Ltda'),
      ),
    ).toBe('Cerâmica Bonetti Ltda');
    expect(
      pageCompany(
        pageOf(
          'Harbor & Pine Mechanical Contractors | Plumbing - Bayview Chamber',
          'Harbor & Pine Mechanical Contractors',
          'Bayview Chamber',
        ),
      ),
    ).toBe('Harbor & Pine Mechanical Contractors');
  });

  it('is the site’s own on the site’s own pages: a page word, an office, a single word, a person', () => {
    for (const h1 of [
      'Diretoria',
      'Mesa Diretora',
      'Officers & Board',
      'Expediente',
      'Sobre Nós',
      'Ana Souza',
    ])
      expect(pageCompany(pageOf(`${h1} | Acme Indústria S.A.`, h1, 'Acme Indústria S.A.')), h1).toBe(
        'Acme Indústria S.A.',
      );
    // the heading that is not the title's first part is not what the page is about
    expect(
      pageCompany(pageOf('Expediente | Gazeta do Vale', 'Bonetti Transportes Ltda', 'Gazeta do Vale')),
    ).toBe('Gazeta do Vale');
  });
});

describe('personLine', () => {
  it('reads a name, then its role and company in either order, in parentheses or after a dash or a comma', () => {
    expect(personLine('Sônia Kerber (Metalúrgica Brasfort — Gerente de Engenharia)')).toEqual([
      'Sônia Kerber',
      'Metalúrgica Brasfort',
      'Gerente de Engenharia',
    ]);
    expect(personLine('Karina Volpato — Diretora de Suprimentos, Implementos Serra')).toEqual([
      'Karina Volpato',
      'Implementos Serra',
      'Diretora de Suprimentos',
    ]);
    expect(personLine('Contato: Edson Rabelo – Diretor Industrial')).toEqual([
      'Edson Rabelo',
      '',
      'Diretor Industrial',
    ]);
    expect(personLine('Marta Lopes, gerente de frota da Distribuidora Ouro Verde')?.[1]).toBe(
      'Distribuidora Ouro Verde',
    );
  });

  it('needs a known name and a role: no sentence, no place, no unknown shape', () => {
    expect(personLine('Enviar cronograma de implantação até 26/11.')).toBeUndefined();
    expect(personLine('Campinas - SP')).toBeUndefined();
    expect(personLine('Ana Souza (Campinas - SP)')).toBeUndefined();
    expect(personLine('Xyzt Qwerv — Diretor Comercial, Acme')).toBeUndefined();
    expect(personLine('Centro de Eventos — Porto Alegre, RS')).toBeUndefined();
  });
});

describe('lines of people', () => {
  const readLines = (body: string) =>
    lines
      .extract(doc(`<html><body>${body}</body></html>`), URL_)
      .map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa, c.cargo]);

  it('lists two lines of one list or more, each person with the company of their line', () => {
    expect(
      readLines(
        '<main><ul><li><strong>Rodrigo Pasqualotto</strong> — Diretor de Suprimentos, Usina Santa Adélia</li><li><strong>Fabiana Mello</strong> — Gerente de Compras, Cooperativa Coplana</li></ul></main>',
      ),
    ).toEqual([
      ['Rodrigo Pasqualotto', 'Usina Santa Adélia', 'Diretor de Suprimentos'],
      ['Fabiana Mello', 'Cooperativa Coplana', 'Gerente de Compras'],
    ]);
  });

  it('never one line alone, nor lines in a sidebar', () => {
    expect(
      readLines(
        '<main><ul><li>Rodrigo Pasqualotto — Diretor de Suprimentos, Usina Santa Adélia</li></ul></main>',
      ),
    ).toEqual([]);
    expect(
      readLines(
        '<aside><ul><li>Rodrigo Pasqualotto — Diretor de Suprimentos, Usina Santa Adélia</li><li>Fabiana Mello — Gerente de Compras, Coplana</li></ul></aside>',
      ),
    ).toEqual([]);
  });
});
