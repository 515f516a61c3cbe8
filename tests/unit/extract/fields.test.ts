import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { fields, isPlaceholder, labelled, shown } from '@/lib/extract/evidence/fields';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { metaAuthor } from '@/lib/extract/evidence/meta-author';
import { cleanName, found, person } from '@/lib/extract/names';
import { fieldLabel, page } from '@/lib/extract/evidence/page';
import { HONORIFICS, PLACEHOLDERS } from '@/lib/extract/rules/words';
import type { Extractor } from '@/lib/extract/types';

/*
 * The labelled fields' reader (lib/extract/evidence/fields.ts): each shape record pages use for a label and its value, what
 * an empty field shows, the record's name from its title or heading with the fields' company, honorifics.
 */

installLexicon();
const doc = (body: string, title = '') =>
  parseHTML(`<html><head><title>${title}</title></head><body>${body}</body></html>`)
    .document as unknown as Document;
const read = (body: string, title = '') => fields(doc(body, title)).f;
const people = (body: string, title = '') =>
  collect([page, labelled], doc(body, title), 'https://crm.exemplo.com.br/registro/1').map((c) => [
    `${c.primeiro_nome} ${c.ultimo_nome}`,
    c.empresa,
  ]);

describe('labelled fields', () => {
  it.each([
    ['dl/dt/dd', '<dl><dt>Empresa</dt><dd>Metalúrgica Tupi Ltda.</dd></dl>'],
    ['a table row', '<table><tr><th>Empresa</th><td>Metalúrgica Tupi Ltda.</td></tr></table>'],
    ['a label and its input', '<label for="e">Empresa</label><input id="e" value="Metalúrgica Tupi Ltda.">'],
    [
      'a label beside a block holding the input',
      '<div><label>Empresa</label><div><input value="Metalúrgica Tupi Ltda."></div></div>',
    ],
    [
      'a paragraph label (a title attribute) and its value',
      '<div><p title="Empresa">Empresa</p><p><a href="/r/1"><span>Metalúrgica Tupi Ltda.</span></a></p></div>',
    ],
    [
      'rows of divs',
      '<div class="row"><div class="t">Empresa</div><div class="v">Metalúrgica Tupi Ltda.</div></div>',
    ],
    ['a "Label: value" line', '<p><span>Empresa:</span> Metalúrgica Tupi Ltda.</p>'],
    ['a card heading and its value', '<section><h4>Empresa</h4><p>Metalúrgica Tupi Ltda.</p></section>'],
    ['aria-label on a control', '<input aria-label="Empresa" value="Metalúrgica Tupi Ltda.">'],
    ['aria-label carrying both', '<span aria-label="Empresa: Metalúrgica Tupi Ltda.">MT</span>'],
    [
      'aria-labelledby',
      '<span id="l">Organização</span><input aria-labelledby="l" value="Metalúrgica Tupi Ltda.">',
    ],
    [
      'data-label (responsive tables)',
      '<table><tr><td data-label="Empresa">Metalúrgica Tupi Ltda.</td></tr></table>',
    ],
    [
      'a filled control named by its placeholder',
      '<input placeholder="Nome da empresa..." value="Metalúrgica Tupi Ltda.">',
    ],
    [
      'a list label with its count',
      '<div><h3>Empresas (1)</h3><div><a href="/e/1">Metalúrgica Tupi Ltda.</a><div>tupi.com.br</div></div></div>',
    ],
    [
      'in a record side column',
      '<main><aside><h2>Dados da pessoa</h2><dl><dt>Empresa</dt><dd>Metalúrgica Tupi Ltda.</dd></dl></aside></main>',
    ],
  ])('read from %s', (_, body) => {
    expect(read(body).company).toBe('Metalúrgica Tupi Ltda.');
  });

  it('English labels: Account Name, Job Position, Work email, Contact Name', () => {
    expect(
      read(`<div><span>Account Name</span><span>Contoso Ltd</span></div>
        <div><span>Job Position</span><span>Energy Manager</span></div>
        <div><span>Work email</span><span>v.rojas@andescopper.cl</span></div>
        <div><label>Contact Name</label><div><input value="Valentina Rojas"></div></div>`),
    ).toEqual({
      company: 'Contoso Ltd',
      role: 'Energy Manager',
      email: 'v.rojas@andescopper.cl',
      full: 'Valentina Rojas',
    });
  });

  it('a region named by aria-label is no field: its text is not a value', () => {
    const f =
      read(`<section aria-label="COMPANY"><div><label>Website</label><input value="https://x.co"></div>
      <div><label>City</label><input value="Manchester"></div></section>`);
    expect(f.company).toBeUndefined();
  });

  it('a radio option named like a label is no field', () => {
    const f = read(`<div><input type="radio" id="r"><label for="r">Empresa</label></div>`);
    expect(f.company).toBeUndefined();
  });

  it('skips what an empty field shows and takes the next value of that kind', () => {
    expect(
      read(`<dl><dt>Empresa</dt><dd>—</dd><dt>Cargo</dt><dd>Adicionar cargo</dd><dt>Empresa</dt><dd>Acme Ltda</dd>
        <dt>Cargo</dt><dd>Select...</dd></dl>`),
    ).toEqual({ company: 'Acme Ltda' });
  });

  it('reads a value the HTML parser put beside its paragraph, never the next label', () => {
    // "<p>Nome da conta</p><p><slot><div><a>Gerdau S.A.</a></div></slot></p>" as a browser parses it: the
    // paragraph closes before the block, which stands beside it
    expect(
      read(`<div><p class="slds-text-title">Nome da conta</p><p class="fieldComponent"><slot></slot></p>
        <div class="slds-grid"><a href="/lightning/r/Account/1/view"><span>Gerdau S.A.</span></a></div><p></p></div>
        <div><p class="slds-text-title">Cargo</p><p class="fieldComponent"></p><p class="slds-text-title">E-mail</p></div>`),
    ).toEqual({ company: 'Gerdau S.A.' });
  });

  it('navigation, footers and noisy side columns are not the record', () => {
    expect(read('<nav><span>Empresa</span><span>Acme Ltda</span></nav>')).toEqual({});
    expect(
      read('<aside><h2>Pessoas também viram</h2><dl><dt>Empresa</dt><dd>Acme Ltda</dd></dl></aside>'),
    ).toEqual({});
  });

  it('what the viewer filled in, shown back under its heading ("Your registration", "Seus dados"), is not the record', () => {
    for (const h of ['Your registration', 'Seus dados', 'Sua inscrição'])
      expect(
        people(
          `<main><h1>Webinar</h1><section><h2>${h}</h2><dl><dt>Name</dt><dd>Daniel Souza Arantes</dd><dt>Email</dt><dd>daniel.arantes@vendamaisb2b.com.br</dd></dl></section></main>`,
        ),
        h,
      ).toEqual([]);
    // the same fields under a record's own heading are its person's
    expect(
      people(
        '<main><section><h2>Contato</h2><dl><dt>Name</dt><dd>Daniel Souza Arantes</dd><dt>Email</dt><dd>daniel.arantes@vendamaisb2b.com.br</dd></dl></section></main>',
      ),
    ).toEqual([['Daniel Souza Arantes', 'Vendamaisb2b']]);
  });

  it('a first name under "Nome" beside a "Sobrenome" makes the full name', () => {
    const f = read(
      '<table><tr><td>Nome</td><td>Cristiane</td><td>Sobrenome</td><td>Albuquerque</td></tr></table>',
    );
    expect(f).toEqual({ first: 'Cristiane', last: 'Albuquerque' });
    expect(
      people('<table><tr><td>Nome</td><td>Cristiane</td><td>Sobrenome</td><td>Albuquerque</td></tr></table>'),
    ).toEqual([['Cristiane Albuquerque', '']]);
  });

  it('a compound first name under "Nome" beside a "Sobrenome" keeps the surname', () => {
    // Freshsales, HubSpot and RD Station CRM show a contact's "first_name" under "Nome" and "last_name" under
    // "Sobrenome" (their contact APIs' fields), a compound first name whole
    expect(
      people(
        '<dl><dt>Nome</dt><dd>João Victor</dd><dt>Sobrenome</dt><dd>Albuquerque Neto</dd><dt>Empresa</dt><dd>Gerdau</dd></dl>',
      ),
    ).toEqual([['João Victor Albuquerque Neto', 'Gerdau']]);
    // a full name under "Nome" already holding the surname is not doubled
    expect(
      people(
        '<dl><dt>Nome</dt><dd>Ana Clara Souza</dd><dt>Sobrenome</dt><dd>Souza</dd><dt>Empresa</dt><dd>Gerdau</dd></dl>',
      ),
    ).toEqual([['Ana Clara Souza', 'Gerdau']]);
  });

  it('a "Nome" holding a company (a record of a company) gives the company, never a person', () => {
    expect(
      people(`<h1>Clínica Sorriso Ltda.</h1><dl><dt>Nome</dt><dd>Clínica Sorriso Ltda.</dd>
        <dt>Contato principal</dt><dd>Dra. Aline Queiroz</dd></dl>`),
    ).toEqual([['Aline Queiroz', 'Clínica Sorriso Ltda.']]);
  });

  it('a label that may name a company record ("Cliente") holds a name only when it begins with a given name', () => {
    expect(read('<dl><dt>Cliente</dt><dd>Fazenda Três Lagoas</dd></dl>').full).toBeUndefined();
    expect(read('<dl><dt>Cliente</dt><dd>Mariana Xavantes</dd></dl>').full).toBe('Mariana Xavantes');
    // a label that says it is a person vouches for a name of unknown given name
    expect(read('<dl><dt>Contato</dt><dd>Xingu Tapajós</dd></dl>').full).toBe('Xingu Tapajós');
  });
});

describe('what a field shows', () => {
  const el = (html: string) => doc(html).body.firstElementChild!;
  it.each([
    ['a control', '<div><input value="Acme"></div>', 'Acme'],
    [
      'a chosen option',
      '<div><select><option>A</option><option selected>Acme</option></select></div>',
      'Acme',
    ],
    [
      'a linked record before its detail',
      '<div><a href="/c/1">Totvs S.A.</a> <span>totvs.com</span></div>',
      'Totvs S.A.',
    ],
    [
      'the first of glued texts',
      '<div><span>Acme Logistics LLC</span><span>Primary</span></div>',
      'Acme Logistics LLC',
    ],
    ['a text of several words', '<div><span>Ana</span> <span>Souza</span></div>', 'Ana Souza'],
  ])('%s', (_, html, value) => expect(shown(el(html))).toBe(value));
});

describe("the record's name with the fields' company", () => {
  it('from the title where the page shows no name (a shadow-DOM header)', () => {
    expect(
      people(
        '<div><span>Company</span><div>Northwind Traders Inc.</div></div>',
        'Ms. Emily Carter | Lead | Salesforce',
      ),
    ).toEqual([['Emily Carter', 'Northwind Traders Inc.']]);
  });

  it('from the nearest heading before the fields, never the signed-in user', () => {
    expect(
      people(
        `<header><span class="user-name">Sílvia Montes</span></header>
        <h2>Wagner de Oliveira Prates</h2>
        <table><tr><th>Empresa</th><td>Construtora Alicerce Forte</td></tr><tr><th>Dono</th><td>Sílvia Montes</td></tr></table>`,
        'Pessoa - PipeRun',
      ),
    ).toEqual([['Wagner de Oliveira Prates', 'Construtora Alicerce Forte']]);
  });

  it('from an element called a title, or a heading holding the name in its input', () => {
    expect(
      people(`<div class="hdr"><span>Mr.</span><span class="dv-title">Felipe Andrade Souto</span></div>
        <div><span>Account Name</span><span>Maple Ridge Foods Inc.</span></div>`),
    ).toEqual([['Felipe Andrade Souto', 'Maple Ridge Foods Inc.']]);
    expect(
      people(`<h1><div><input value="Camila Bastos Serrano"></div></h1>
        <input placeholder="Nome da empresa..." value="Vinícola Encosta do Sol Ltda.">`),
    ).toEqual([['Camila Bastos Serrano', 'Vinícola Encosta do Sol Ltda.']]);
  });

  it('the labelled company wins over the mail domain for the heading person', () => {
    expect(
      people(
        `<h1>Mateus Fonseca Dorneles</h1><a href="mailto:mateus.dorneles@serragaucha.beer">mateus.dorneles@serragaucha.beer</a>
        <div><div>Company</div><div><a href="/c/412">Cervejaria Serra Gaúcha Ltda.</a></div></div>`,
        'Contact: Mateus Fonseca Dorneles',
      ),
    ).toEqual([['Mateus Fonseca Dorneles', 'Cervejaria Serra Gaúcha Ltda.']]);
  });

  it('no company in the fields, no record person of a heading', () => {
    const body = '<h2>Wagner Prates</h2><dl><dt>Cargo</dt><dd>Engenheiro</dd></dl>';
    expect(labelled.extract(doc(body), new URL('https://x.y'))).toEqual([]);
  });

  it("a registry's page about a company: its fields are the company's, its headings no person", () => {
    // the heading is the company the fields name: no heading of the page is read as the record's person
    const registry = (h1: string) =>
      `<h1>${h1}</h1><div><p>Razão Social</p><p>TRANSPORTADORA RODAGEM NORTE LTDA</p></div>
      <div><p>Nome Fantasia</p><p>RODAGEM NORTE</p></div><h2>Quadro Societário</h2>`;
    expect(
      labelled.extract(doc(registry('TRANSPORTADORA RODAGEM NORTE LTDA')), new URL('https://x.y')),
    ).toEqual([]);
    expect(labelled.extract(doc(registry('Transportadora Rodagem Norte')), new URL('https://x.y'))).toEqual(
      [],
    );
  });
});

describe("an ERP's customer and contact records", () => {
  // the labelled fields' reader alone
  const own = (body: string, title = '') =>
    labelled
      .extract(doc(body, title), new URL('https://erp.exemplo.com.br/registro/1'))
      .map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa]);

  it('a middle name field ("Nome do Meio", "Middle Name") joins the first and the last name', () => {
    for (const [first, middle, last] of [
      ['Primeiro Nome', 'Nome do Meio', 'Sobrenome'],
      ['First Name', 'Middle Name', 'Last Name'],
    ])
      expect(
        people(`<label for="a">${first}</label><input id="a" value="Luciana">
          <label for="b">${middle}</label><input id="b" value="Teixeira">
          <label for="c">${last}</label><input id="c" value="Bastos">
          <label for="d">Nome da Empresa</label><input id="d" value="Cerâmica Vale do Tijucas">`),
      ).toEqual([['Luciana Teixeira Bastos', 'Cerâmica Vale do Tijucas']]);
  });

  it('"Third party", "Terceiro" and "Customer Name" label the company', () => {
    for (const label of ['Third party', 'Terceiro', 'Customer Name'])
      expect(
        read(`<table><tr><td>${label}</td><td><a href="/s/97">Thornbury Packaging Ltd</a></td></tr></table>`),
      ).toEqual({
        company: 'Thornbury Packaging Ltd',
      });
  });

  it("a title of a name's shape is the record's person only when the record's mail address is theirs", () => {
    const card = (mail: string) =>
      `<table><tr><td>Third party</td><td>Thornbury Packaging Ltd</td></tr>
      <tr><td>Email</td><td>${mail}</td></tr></table>`;
    // "Gareth" is no known given name: the address vouches for the title's name
    expect(people(card('g.pemberton@thornburypkg.co.uk'), 'Gareth Pemberton - Contact')).toEqual([
      ['Gareth Pemberton', 'Thornbury Packaging Ltd'],
    ]);
    expect(people(card('compras@thornburypkg.co.uk'), 'Gareth Pemberton - Contact')).toEqual([]);
  });

  it("a company's record: the company its title names, never the mail domain's word", () => {
    const record = (h1 = '') =>
      `${h1}<div><label for="e">E-mail</label><input id="e" value="suprimentos@laticiniosserraazul.com.br"></div>
      <div class="contacts"><div><strong>Anselmo Duarte Ribeiro</strong><div>Gerente de Compras</div></div></div>`;
    // a legal form in the title
    expect(own(record(), 'Laticínios Serra Azul Ltda - Terceiros')).toEqual([
      ['Anselmo Duarte Ribeiro', 'Laticínios Serra Azul Ltda'],
    ]);
    // no company word: the domain squashes the title's name
    expect(own(record(), 'Laticínios Serra Azul - Terceiros')).toEqual([
      ['Anselmo Duarte Ribeiro', 'Laticínios Serra Azul'],
    ]);
    // a heading holding the name in its input
    expect(
      own(record('<h1><div><input value="Cooperativa Laticínios Serra Azul"></div></h1>'), 'ERP'),
    ).toEqual([['Anselmo Duarte Ribeiro', 'Cooperativa Laticínios Serra Azul']]);
  });

  it("a company's record lists its contacts, never the user menu, a tab, or someone at another company", () => {
    const body = `<header><div class="user-menu"><span>Juliana Costa</span><div>Gerente Comercial</div></div></header>
      <h1>Meridian Cold Chain Logistics</h1>
      <div><label>Customer Name</label><div><input value="Meridian Cold Chain Logistics"></div></div>
      <ul class="nav"><li><a>Contatos e Endereços</a></li><li><a>Vendas e Compras</a></li></ul>
      <div class="address-box"><p>Harriet Okafor <span>(Primary Contact)</span></p><p>Director of Procurement</p>
        <p>Email: harriet.okafor@meridiancold.com</p></div>
      <div class="address-box"><p>Hannah Sorensen</p><p>Buyer</p><p>Email: compras@meridiancold.com</p></div>
      <div class="address-box"><p>Ana Paula Ribeiro</p><p>Diretora Financeira na Fazenda Boa Vista</p></div>`;
    // "Hannah Sorensen" is a known given name's, "Harriet Okafor" is vouched by her address
    expect(own(body)).toEqual([
      ['Harriet Okafor', 'Meridian Cold Chain Logistics'],
      ['Hannah Sorensen', 'Meridian Cold Chain Logistics'],
    ]);
  });

  it("the app's author meta tag (a team, a brand) is no person; a person's name still is", () => {
    const authored = (author: string) =>
      metaAuthor
        .extract(
          parseHTML(`<html><head><meta name="author" content="${author}"></head><body></body></html>`)
            .document as unknown as Document,
          new URL('https://erp.exemplo.com.br/contact/card.php?id=1'),
        )
        .map((c) => `${c.primeiro_nome} ${c.ultimo_nome}`);
    expect(authored('Dolibarr Development Team')).toEqual([]);
    expect(authored('Redação')).toEqual([]);
    expect(authored('Fernanda Albuquerque')).toEqual(['Fernanda Albuquerque']);
  });

  it("a page whose title and headings do not name the fields' company lists no contacts at it", () => {
    const body = `<h2>Empresas</h2><ul><li>Copagril</li></ul>
      <div><strong>Adriano Goettems</strong><div>Controller</div></div>`;
    expect(labelled.extract(doc(body, 'Pesquisa "cooperativa" | LinkedIn'), new URL('https://x.y'))).toEqual(
      [],
    );
  });
});

describe('placeholders', () => {
  it.each([
    '—',
    '-',
    'Adicionar',
    'Add',
    'Select...',
    'Selecione…',
    'Nenhum',
    'Adicionar empresa',
    'Add a company',
    '+ Add'.slice(2),
  ])('%s is what an empty field shows', (v) => expect(isPlaceholder(v)).toBe(true));
  it.each([
    'Acme Ltda',
    'Ana Souza',
    'Adicionar Tecnologia e Serviços Integrados Ltda',
    'Diretora de TI',
    '- Acme Ltda',
  ])('%s is a value', (v) => expect(isPlaceholder(v)).toBe(false));
  it('every placeholder of the table, in any case, with an ellipsis or a colon, is one; and is never a field value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLACEHOLDERS),
        fc.constantFrom('', '...', '…', ':'),
        fc.boolean(),
        (p, end, up) => {
          const v = (up ? p.toUpperCase() : p) + end;
          expect(isPlaceholder(v)).toBe(true);
          expect(read(`<dl><dt>Empresa</dt><dd>${v}</dd><dt>Cargo</dt><dd>${v}</dd></dl>`)).toEqual({});
        },
      ),
      { numRuns: 120 },
    );
  });
});

describe('honorifics (rules.ts HONORIFICS)', () => {
  it.each([
    ['Irmã Teresinha Bortolini', 'Teresinha Bortolini'],
    ['Pe. Fábio Melo', 'Fábio Melo'],
    ['Mrs. Laura Whitfield', 'Laura Whitfield'],
    ['Contato Sr. João Lima', 'João Lima'],
    ['Frei Betto Libânio', 'Betto Libânio'],
  ])('%s -> %s', (raw, name) => expect(cleanName(raw)).toBe(name));

  it('are never part of a name, and alone name no one', () => {
    const upper = (s: string) => s.replace(/^./, (c) => c.toUpperCase());
    fc.assert(
      fc.property(
        fc.constantFrom(...HONORIFICS),
        fc.constantFrom('', '.'),
        fc.constantFrom('Ana Souza', 'João Pedro dos Santos', 'Teresinha Bortolini'),
        (h, dot, name) => {
          expect(cleanName(`${upper(h)}${dot} ${name}`)).toBe(name);
          expect(cleanName(`${upper(h)}${dot}`)).toBe('');
        },
      ),
    );
  });
});

describe('CRM records of apps without a reader', () => {
  it('a value after the edit button or icon beside its label', () => {
    expect(
      read(
        '<div><div>Empresa</div><button aria-label="Editar">✎</button><div>Metalúrgica Tupi Ltda.</div></div>',
      ).company,
    ).toBe('Metalúrgica Tupi Ltda.');
    expect(
      read('<div><span>Empresa</span><i class="icon-edit"></i><span>Metalúrgica Tupi Ltda.</span></div>')
        .company,
    ).toBe('Metalúrgica Tupi Ltda.');
  });

  it("a value below its section's heading (the label and its buttons)", () => {
    const section =
      '<div><div><div>Company</div><button aria-label="Edit">✎</button></div>' +
      '<div><a href="/object/company/1"><img src="/i.png" alt=""><span>Arcadia Logistics</span></a></div></div>';
    expect(read(section).company).toBe('Arcadia Logistics');
  });

  it.each([
    'Contas',
    'Accounts',
    'Organizations',
    'Empresa relacionada',
    'Organization Name',
    'Nome da organização',
  ])('a plural or relation label names the company: %s', (label) => {
    const cell = `<div><label><span>${label}</span></label><div><a href="#Account/view/1">Frigorífico Vale do Guaporé</a> <span>· Gerente de Compras</span></div></div>`;
    expect(read(cell).company).toBe('Frigorífico Vale do Guaporé');
  });

  it("a relation's name before what the app adds after a dot ('Company · Title')", () => {
    expect(
      read('<div><label>Contas</label><div>Frigorífico Vale do Guaporé · Gerente de Compras</div></div>')
        .company,
    ).toBe('Frigorífico Vale do Guaporé');
  });

  it('a value the app cut short is read whole from its tooltip, its title attribute or the page', () => {
    const tooltip =
      '<div><div class="label">Organização</div><div><span>Usina Santa Terezinh...</span>' +
      '<div class="hidden"><span>Usina Santa Terezinha Açúcar e Etanol</span></div></div></div>';
    expect(read(tooltip).company).toBe('Usina Santa Terezinha Açúcar e Etanol');
    const titled =
      '<div><div>Empresa</div><div><span title="Frigorífico Vale do Guaporé Ltda.">Frigorífico Vale do Gu…</span></div></div>';
    expect(read(titled).company).toBe('Frigorífico Vale do Guaporé Ltda.');
    // nothing writes it whole: the cut value stands
    expect(read('<div><div>Empresa</div><div>Usina Santa Terezinh...</div></div>').company).toBe(
      'Usina Santa Terezinh...',
    );
  });

  it("the labelled company beats the mail domain's word", () => {
    const record =
      '<h1>Keiko Tanabe</h1><div><div>Emails</div><div><a href="mailto:keiko.tanabe@arcadialogistics.com">keiko.tanabe@arcadialogistics.com</a></div></div>' +
      '<div><div>Job Title</div><div>Director of Procurement</div></div>' +
      '<div><div><div>Company</div><button aria-label="Edit">✎</button></div><div><a href="/c/1"><span>Arcadia Logistics</span></a></div></div>';
    expect(people(record, 'Keiko Tanabe | Twenty')).toEqual([['Keiko Tanabe', 'Arcadia Logistics']]);
  });

  it("the company field's value is never a person, whoever reads it as one", () => {
    const record =
      '<table><tr><td>First Name</td><td>Ingrid</td><td>Last Name</td><td>Solberg Hayes</td></tr>' +
      '<tr><td>Organization Name</td><td><a href="?module=Accounts&record=1">Fjordline Seafood Exports</a></td></tr></table>';
    const heading: Extractor = {
      id: 'heading',
      extract: () =>
        found([person('page', 0.95, 'Fjordline Seafood Exports', 'Vtiger', 'Procurement Director')]),
    };
    const d = doc(record);
    expect(labelled.others!(d, new URL('https://crm.exemplo.com/'))).toEqual(['fjordline seafood exports']);
    expect(
      collect([heading, labelled], d, 'https://crm.exemplo.com/c/1').map((c) => [
        `${c.primeiro_nome} ${c.ultimo_nome}`,
        c.empresa,
      ]),
    ).toEqual([['Ingrid Solberg Hayes', 'Fjordline Seafood Exports']]);
  });

  it('a field label is never a role (rules.ts FIELD_WORDS)', () => {
    expect(['Lead Source', 'Origem do lead', 'Lead Status', 'Sales Stage'].filter(fieldLabel)).toHaveLength(
      4,
    );
    expect(['Head of Data', 'Procurement Director', 'Gerente de Compras'].filter(fieldLabel)).toEqual([]);
    // a list of names whose lines are field labels is no list of people with roles
    const rows =
      '<table><tr><td><a href="/c/1">Magnus Eide</a></td><td><span>Lead Source</span></td></tr>' +
      '<tr><td><a href="/c/2">Ana Souza</a></td><td><span>Lead Status</span></td></tr></table>';
    const roles = collect([page], doc(rows), 'https://crm.exemplo.com/c/1').map((c) => c.cargo ?? '');
    expect(roles.filter((r) => fieldLabel(r))).toEqual([]);
  });
});
