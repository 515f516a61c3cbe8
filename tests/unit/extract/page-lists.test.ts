import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { collect } from '@/lib/extract/candidates';
import { office, page, qualification, textAfter } from '@/lib/extract/evidence/page';
import { describedCompany, pageCompany } from '@/lib/extract/evidence/page-text';
import { teamPage } from '@/lib/extract/evidence/team-page';
import { lines, personLine } from '@/lib/extract/evidence/prose';

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

describe('a table of people', () => {
  it('reads "Nome" beside "Sobrenome" as the given name, each row at its own company and role', () => {
    expect(
      read(
        site(
          '<main><table><thead><tr><th><input type="checkbox"></th><th>Nome</th><th>Sobrenome</th><th>E-mail</th><th>Organização</th><th>Cargo</th><th>Status</th></tr></thead><tbody><tr><td><input type="checkbox"></td><td>Marisa</td><td>Kruger Antunes</td><td>marisa@tintasparana.com.br</td><td>Tintas Paraná Indústria</td><td>Controller</td><td>Aprovado</td></tr><tr><td><input type="checkbox"></td><td>Jefferson</td><td>Albuquerque</td><td>jefferson@rondon.com.br</td><td>Autopeças Rondon</td><td>Gerente Financeiro</td><td>Pendente</td></tr></tbody></table></main>',
        ),
      ),
    ).toEqual([
      ['Marisa Kruger Antunes', 'Tintas Paraná Indústria', 'Controller'],
      ['Jefferson Albuquerque', 'Autopeças Rondon', 'Gerente Financeiro'],
    ]);
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

describe('a lookup site (contact finder, B2B directory, company registry) and the company it describes', () => {
  const lookup = (title: string, body: string, siteName = 'RocketReach') =>
    doc(
      `<html><head><title>${title}</title><meta property="og:site_name" content="${siteName}"><script type="application/ld+json">{"@type":"Organization","name":"${siteName}","url":"https://site.example"}</script></head><body><nav><a href="/">${siteName}</a></nav><main>${body}</main><footer><p>© 2026 ${siteName} Technologies LLC</p><a href="/privacy">Privacy</a></footer></body></html>`,
    );

  it('is the company a heading or the title says whose people are listed, never the site’s brand', () => {
    for (const [title, body] of [
      [
        'Laticínios Bom Pastor Management Team | Org Chart | RocketReach',
        '<h1>Laticínios Bom Pastor Management</h1>',
      ],
      ['Directory | RocketReach', '<h1>Directory</h1><h2>Employees at Laticínios Bom Pastor</h2>'],
      ['Diretório | RocketReach', '<h1>Diretório</h1><h2>Funcionários da Laticínios Bom Pastor</h2>'],
      ['Laticínios Bom Pastor employees: emails and phone numbers | RocketReach', '<h1>Diretório</h1>'],
      ['Sócios | RocketReach', '<h2>Sócios de Laticínios Bom Pastor</h2>'],
      ['Empresa | RocketReach', '<h2>Quadro de sócios da Laticínios Bom Pastor · 3 resultados</h2>'],
    ]) {
      expect(describedCompany(lookup(title!, body!)), title).toBe('Laticínios Bom Pastor');
      expect(pageCompany(lookup(title!, body!)), title).toBe('Laticínios Bom Pastor');
    }
  });

  it('is the heading the title begins with, with a company word or the site’s name at the title’s end', () => {
    expect(
      pageCompany(
        lookup(
          'Plastsul Embalagens Ltda - CNPJ 18.442.901/0001-37',
          '<h1>Plastsul Embalagens Ltda</h1>',
          'CNPJ.biz',
        ),
      ),
    ).toBe('Plastsul Embalagens Ltda');
    expect(
      pageCompany(
        lookup(
          'Transportes Irmãos Kaefer - 07.512.345/0001-88 | CNPJá',
          '<h1>Transportes Irmãos Kaefer</h1>',
          'CNPJá',
        ),
      ),
    ).toBe('Transportes Irmãos Kaefer');
    // a platform's name at the title's end: the platform is never the company
    expect(
      pageCompany(lookup('Metalúrgica Irmãos Zanetti | Apollo', '<h1>Metalúrgica Irmãos Zanetti</h1>', '')),
    ).toBe('Metalúrgica Irmãos Zanetti');
  });

  it('is none where headings speak of the site’s own people, or name a person, a role, a place or the page', () => {
    for (const [title, body] of [
      ['Our Employees | Acme Holding', '<h1>Our Employees</h1>'],
      [
        'Conheça nossos colaboradores | Acme Holding',
        '<h2>Nossa Equipe</h2><h2>Conheça Nossos Colaboradores</h2>',
      ],
      ['Ana Souza Employees | Acme Holding', '<h1>Ana Souza Employees</h1>'],
      ['Diretor Comercial Employees | Acme Holding', '<h2>Employees of Diretor Comercial</h2>'],
      ['São Paulo Employees | Acme Holding', '<h2>Funcionários de São Paulo</h2>'],
      ['Pessoas | Acme Holding', '<h1>Pessoas</h1><h2>Employees at Home</h2>'],
    ])
      expect(describedCompany(lookup(title!, body!, 'Acme Holding')), title).toBe('');
    // a "see also" region's heading describes nobody
    expect(
      describedCompany(
        lookup('Perfil | Acme', '<aside><h3>Employees at Cervejaria Serrana</h3></aside>', 'Acme'),
      ),
    ).toBe('');
  });

  it('the © line’s company ends with its own text, never glued to the next ("… LLCPrivacy")', () => {
    const d = doc(
      '<html><head><title>Início</title></head><body><main><h1>Início</h1></main><footer><p>© 2026 Acme Holding LLC</p><a href="/privacy">Privacy</a></footer></body></html>',
    );
    expect(pageCompany(d)).toBe('Acme Holding LLC');
    const split = doc(
      '<html><head><title>Início</title></head><body><footer><span>©</span> <span>2026</span> <b>Acme Holding Ltda.</b> Todos os direitos reservados.</footer></body></html>',
    );
    expect(pageCompany(split)).toBe('Acme Holding Ltda');
  });

  it('a heading that is the company described is no person; its people are of that company', () => {
    const d = lookup(
      'Metalúrgica Irmãos Zanetti | Apollo',
      `<h1>Metalúrgica Irmãos Zanetti</h1><table><thead><tr><th>Name</th><th>Job title</th></tr></thead><tbody>
      <tr><td><a href="/p/1">Rogério Zanetti</a> <a href="https://www.linkedin.com/in/rz">in</a></td><td>Diretor Industrial</td></tr>
      <tr><td><a href="/p/2">Michele Hoffmann Brito</a></td><td>Gerente de Suprimentos</td></tr>
      <tr><td><a href="/p/3">Ivan Schulz</a></td><td>Comprador Técnico</td></tr></tbody></table>`,
      '',
    );
    expect(collect([page], d, URL_).map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa])).toEqual([
      ['Michele Hoffmann Brito', 'Metalúrgica Irmãos Zanetti'],
      ['Ivan Schulz', 'Metalúrgica Irmãos Zanetti'],
      ['Rogério Zanetti', 'Metalúrgica Irmãos Zanetti'],
    ]);
  });

  it('a team of cards takes the described company too, never the site’s brand', () => {
    const d = lookup(
      'Transportes Irmãos Kaefer - 07.512.345/0001-88 | CNPJá',
      `<h1>Transportes Irmãos Kaefer</h1><div class="member"><p class="name">Egon Kaefer</p><p class="role">Sócio-Administrador</p></div>
      <div class="member"><p class="name">Lisiane Kaefer Schmitz</p><p class="role">Sócio</p></div>`,
      'CNPJá',
    );
    expect(teamPage.extract(d, URL_).map((c) => c.empresa)).toEqual([
      'Transportes Irmãos Kaefer',
      'Transportes Irmãos Kaefer',
    ]);
  });
});

describe('partners and administrators (the QSA)', () => {
  const registry = (qsa: string, h1 = 'Cerealista Planalto Goiano Ltda') =>
    doc(
      `<html><head><title>${h1} - CNPJ 21.456.789/0001-30 | Econodata</title><meta property="og:site_name" content="Econodata"></head><body><main><h1>${h1}</h1><section>${qsa}</section></main><footer>© 2026 Econodata</footer></body></html>`,
    );
  const people = (d: Document) =>
    collect([page], d, URL_).map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa, c.cargo]);

  it('reads a qualification as registries write it, with its code or what follows it', () => {
    expect(qualification('49-Sócio-Administrador')).toBe('Sócio-Administrador');
    expect(qualification('22 - Sócio')).toBe('Sócio');
    expect(qualification('Diretor · desde 21/05/2005 · 61 a 70 anos')).toBe('Diretor');
    expect(qualification('Conselheiro de Administração')).toBe('Conselheiro de Administração');
    for (const t of [
      'Gerente de Compras',
      'Ana Souza',
      'São Paulo - SP',
      'Sócios',
      'Data de Entrada: 14/06/2013',
      '',
    ])
      expect(qualification(t), t).toBe('');
  });

  it('gives each name followed by its qualification, at the company the page describes', () => {
    const d = registry(
      `<div class="socio"><span>JOSÉ CARLOS BRUNETTA</span><span>Sócio-Administrador</span></div>
      <div class="socio"><span>Egon Kaefer</span><span>49 - Sócio</span></div>
      <dl><dt>Norberto Schroeder</dt><dd>Administrador · desde 14/02/2011</dd>
      <dt>Schroeder Holding Participações Ltda</dt><dd>Sócio · Pessoa Jurídica</dd></dl>
      <div><p class="nome">Ingrid Schroeder Pereira</p><p><b>Diretora</b></p></div>`,
    );
    expect(people(d)).toEqual([
      ['José Carlos Brunetta', 'Cerealista Planalto Goiano Ltda', 'Sócio-Administrador'],
      ['Egon Kaefer', 'Cerealista Planalto Goiano Ltda', 'Sócio'],
      ['Norberto Schroeder', 'Cerealista Planalto Goiano Ltda', 'Administrador'],
      ['Ingrid Schroeder Pereira', 'Cerealista Planalto Goiano Ltda', 'Diretora'],
    ]);
  });

  it('reads none on a page that describes no company, nor a testimonial or a sidebar', () => {
    const qsa = '<div><span>Egon Kaefer</span><span>Sócio</span></div>';
    expect(
      people(
        doc(
          `<html><head><title>Blog | Acme</title></head><body><main><h1>Blog</h1>${qsa}</main></body></html>`,
        ),
      ),
    ).toEqual([]);
    expect(
      people(
        registry(
          `<aside>${qsa}</aside><blockquote class="depoimento"><span>Rogério Teles</span><span>Diretor</span></blockquote>`,
        ),
      ),
    ).toEqual([]);
  });
});

describe('cards whose shape a sidebar shares', () => {
  it('lists the page’s cards, not the sidebar’s', () => {
    const li = (name: string, role: string) =>
      `<li><div><ul><li><a href="/p/${name.length}">${name}</a></li><li>${role}</li></ul></div></li>`;
    const d =
      doc(`<html><head><title>Laticínios Bom Pastor Management | Site</title></head><body><main><h1>Laticínios Bom Pastor Management</h1>
      <ul>${li('Cristiane Borges', 'Gerente de Compras')}${li('Thiago Amâncio', 'Gerente Industrial')}</ul>
      <aside><h3>Recent searches</h3><ul>${li('Otávio Pellegrini', 'Diretor de Operações')}${li('Lucas Tomazoni', 'Comprador')}</ul></aside>
      </main></body></html>`);
    expect(page.extract(d, URL_).map((c) => `${c.primeiro_nome} ${c.ultimo_nome}`)).toEqual([
      'Cristiane Borges',
      'Thiago Amâncio',
    ]);
  });

  it("a person's facts as a list's items: the company line among them", () => {
    const d =
      doc(`<html><head><title>Rafael Moura Prado - Gerente Industrial | SignalHire</title></head><body><main>
      <h1>Rafael Moura Prado</h1><ul><li><span>Gerente Industrial</span></li><li><span>Cooperativa Agrícola Sul Rio</span></li><li><span>Ijuí, Brazil</span></li></ul>
      </main></body></html>`);
    expect(page.extract(d, URL_).map((c) => [c.ultimo_nome, c.empresa, c.cargo])).toEqual([
      ['Moura Prado', 'Cooperativa Agrícola Sul Rio', 'Gerente Industrial'],
    ]);
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

describe('cards of people one level apart', () => {
  const column = (name: string, role: string) =>
    `<div class="col"><figure class="pic"><img src="data:," alt=""><figcaption class="cap"><strong>${name}</strong><br>${role}</figcaption></figure></div>`;

  it('reads the role after a line break in the caption, each card in a column of its own', () => {
    const d = doc(
      site(
        `<main><h1>Diretoria</h1><div class="cols">${column('Heloísa Diniz', 'Diretora-Presidente')}${column('Marcos Ribeiro', 'Diretor de Operações')}</div></main>`,
      ),
    );
    expect(
      page.extract(d, URL_).map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa, c.cargo]),
    ).toEqual([
      ['Heloísa Diniz', 'Cooperativa Vale Verde', 'Diretora-Presidente'],
      ['Marcos Ribeiro', 'Cooperativa Vale Verde', 'Diretor de Operações'],
    ]);
  });
});

describe("a card's own company line", () => {
  const card = (name: string, ...lines: string[]) =>
    `<div class="speaker"><h3>${name}</h3>${lines.map((l) => `<p>${l}</p>`).join('')}</div>`;
  const lineup = (...cards: string[]) =>
    doc(
      `<html><head><title>Speakers</title><meta property="og:site_name" content="RevOps Latam"></head><body><main>${cards.join('')}</main></body></html>`,
    );

  it("names each card's company when the line under every role differs from card to card, and outweighs the page's", () => {
    const d = lineup(
      card('Valéria Montenegro', 'VP Revenue Operations', 'Conta Azul'),
      card('Andrés Villalobos', 'Chief Revenue Officer', 'Rappi'),
      card('Bruno Kessler', 'Founder', 'Pipeline Academy'),
    );
    const found = page.extract(d, URL_);
    expect(found.map((c) => c.empresa)).toEqual(['Conta Azul', 'Rappi', 'Pipeline Academy']);
    // surer than the page's company the team-page reader gives every card
    expect(collect([page, teamPage], d, URL_).map((c) => c.empresa)).toEqual([
      'Conta Azul',
      'Rappi',
      'Pipeline Academy',
    ]);
  });

  it('names none where every card has the same line, a sentence, or some card has none', () => {
    const companies = (...cards: string[]) => page.extract(lineup(...cards), URL_).map((c) => c.empresa);
    expect(
      companies(
        card('Valéria Montenegro', 'VP Revenue Operations', 'Ver perfil'),
        card('Andrés Villalobos', 'Chief Revenue Officer', 'Ver perfil'),
      ),
    ).toEqual(['RevOps Latam', 'RevOps Latam']);
    expect(
      companies(
        card('Inês Carvalho', 'CEO & Co-founder', 'Built forecasting systems for ten years.'),
        card('Diego Sampaio', 'CTO & Co-founder', 'Na Pipoca desde 2016.'),
      ),
    ).toEqual(['RevOps Latam', 'RevOps Latam']);
    expect(
      companies(
        card('Valéria Montenegro', 'VP Revenue Operations', 'Conta Azul'),
        card('Andrés Villalobos', 'Chief Revenue Officer'),
      ),
    ).toEqual(['RevOps Latam', 'RevOps Latam']);
  });
});
