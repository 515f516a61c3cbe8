import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { isPlace } from '@/lib/extract/evidence/judge';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import {
  companyText,
  mail,
  mailbox,
  messageLines,
  signatureOf,
  spelledName,
  writtenAs,
} from '@/lib/extract/evidence/mail';
import { labelled } from '@/lib/extract/evidence/fields';
import { page } from '@/lib/extract/evidence/page';
import { outlook } from '@/lib/extract/sites/webmail';
import type { Extractor } from '@/lib/extract/types';

installLexicon();
const doc = (html: string) => parseHTML(`<html>${html}</html>`).document as unknown as Document;
const URL_ = new URL('https://mail.example.com/inbox/1');
const names = (list: { primeiro_nome: string; ultimo_nome: string }[]) =>
  list.map((p) => `${p.primeiro_nome} ${p.ultimo_nome}`);

describe('signatureOf: the lines under the sender’s name', () => {
  it('reads the title and the company, and never a place, a phone, a site or an address', () => {
    const lines = [
      'Bom dia.',
      'Att.,',
      'Larissa Pimentel',
      'Gerente de Logística',
      'Lumen Energia',
      'Campinas | SP',
    ];
    expect(signatureOf(lines, 'Larissa Pimentel')).toEqual({
      role: 'Gerente de Logística',
      company: 'Lumen Energia',
    });
    expect(
      signatureOf(
        ['Osvaldo Krause', 'Gerente de Suprimentos', 'Caxias do Sul - RS', 'Tel.: +55 54 3209-1122'],
        'Osvaldo Krause',
      ),
    ).toEqual({ role: 'Gerente de Suprimentos', company: '' });
    expect(
      signatureOf(
        ['Ana Lima', 'Sócia', 'www.acme.com.br', 'ana@acme.com.br', 'Feira de Santana/BA'],
        'Ana Lima',
      ),
    ).toEqual({
      role: 'Sócia',
      company: '',
    });
  });

  it('reads the one-line form, and a footer sentence after it is no company', () => {
    const lines = [
      'Anderson Lira Bezerra | Gerente de TI | Frigorífico Nordeste | Mossoró - RN | (84) 3315-2200',
      'Antes de imprimir, pense em sua responsabilidade com o meio ambiente.',
    ];
    expect(signatureOf(lines, 'Anderson Lira Bezerra')).toEqual({
      role: 'Gerente de TI',
      company: 'Frigorífico Nordeste',
    });
    expect(signatureOf(['Ana Souza', 'Enviado do meu iPhone'], 'Ana Souza')).toEqual({
      role: '',
      company: '',
    });
  });

  it('reads "role at company", takes the last place the name stands (not the header), and stops at the next person', () => {
    expect(
      signatureOf(
        ['Ana Souza <ana@nubank.com.br>', 'texto', 'Ana Souza', 'Head de Vendas na Nubank'],
        'Ana Souza',
      ),
    ).toEqual({
      role: 'Head de Vendas',
      company: 'Nubank',
    });
    expect(
      signatureOf(['Ana Souza', 'Gerente', 'Rafael Quintela', 'VendaMais Sistemas'], 'Ana Souza'),
    ).toEqual({
      role: 'Gerente',
      company: '',
    });
    expect(signatureOf(['Olá'], 'Ana Souza')).toEqual({ role: '', company: '' });
  });
});

describe('companyText', () => {
  it('is a short name of an organisation, never a sentence, place, phone, role, site or person', () => {
    expect(companyText('Supermercado Boa Praça')).toBe('Supermercado Boa Praça');
    expect(companyText('Embraer S.A.')).toBe('Embraer S.A.');
    for (const no of [
      'Caruaru - PE',
      '(81) 99654-3210',
      'Proprietário',
      'vtex.com',
      'Enviado do meu iPhone',
      'Mariana Souza',
    ])
      expect(companyText(no), no).toBe('');
  });
});

describe('writtenAs: the domain’s name as the page writes it', () => {
  it('matches the folded letters of a line or of a part of one', () => {
    expect(
      writtenAs(['Ana | Compradora | Atacadão Porto Real | Recife - PE'], 'atacadaoportoreal.com.br'),
    ).toBe('Atacadão Porto Real');
    expect(writtenAs(['Convite: Apresentação — Hospital Vale Sereno'], 'valesereno.org.br')).toBe(
      'Hospital Vale Sereno',
    );
  });

  it('is nothing for a site address, a text that only holds the word, or free mail', () => {
    expect(writtenAs(['vtex.com', 'www.vtex.com.br'], 'vtex.com.br')).toBe('');
    expect(writtenAs(['Valesereno e você: uma campanha'], 'valesereno.org.br')).toBe('');
    expect(writtenAs(['Gmail'], 'gmail.com')).toBe('');
  });
});

describe('isPlace: a town and its state', () => {
  it('reads "Town - UF", "Town/UF", "Town, TX" as a place, not a company beside a state', () => {
    for (const p of ['Caruaru - PE', 'Feira de Santana/BA', 'Mossoró - RN', 'Austin, TX'])
      expect(isPlace(p), p).toBe(true);
    for (const no of ['Acme 3 - SP', 'Lumen Energia', 'Grupo Mateus']) expect(isPlace(no), no).toBe(false);
  });
});

describe('mailbox: who owns the mailbox on screen', () => {
  it('is named by a mailbox title, the account button and the address shown under those names', () => {
    const d = doc(`<head><title>Email - Ana Souza - Outlook</title></head><body>
      <button aria-label="Gerenciador de contas de Ana Souza"><span title="ana.souza@acme.com.br">AS</span></button>
      <div>Para: <span title="ana@acme.com.br">Ana Souza</span></div></body>`);
    const box = mailbox(d, [['ana@acme.com.br', 'Ana Souza']]);
    expect([...box.names]).toEqual(['ana souza']);
    expect([...box.addresses].sort()).toEqual(['ana.souza@acme.com.br', 'ana@acme.com.br']);
    expect([...box.domains]).toEqual(['acme.com.br']);
  });

  it('a free-mail owner has no colleagues; a title that is not a mailbox’s names no owner', () => {
    const d = doc(`<head><title>Caixa de entrada - joana@gmail.com - Gmail</title></head><body></body>`);
    expect([...mailbox(d, []).addresses]).toEqual(['joana@gmail.com']);
    expect([...mailbox(d, []).domains]).toEqual([]);
    const profile = doc(`<head><title>Ana Souza - Nubank | LinkedIn</title></head><body></body>`);
    expect([...mailbox(profile, []).names]).toEqual([]);
  });
});

describe('messageLines', () => {
  it('gives the text lines of the page, a quoted message left out', () => {
    const d =
      doc(`<body><div>Oi<br>Ana Souza</div><p>Gerente</p><blockquote>Rafael | Vendas | Acme</blockquote>
      <div id="divRplyFwdMsg">De: Rafael</div><div class="gmail_quote">Em seg, Rafael escreveu:</div><p>Fim</p></body>`);
    expect(messageLines(d.body)).toEqual(['Oi', 'Ana Souza', 'Gerente', 'Fim']);
  });
});

const THREAD = `<head><title>Email - Rafael Quintela - Outlook</title></head><body>
  <div id="O365_NavHeader"><button aria-label="Gerenciador de contas de Rafael Quintela"><span title="rafael@vendamais.com.br">RQ</span></button></div>
  <div role="main">
    <div aria-label="De: Otávio Brandão"><span title="otavio@vendamais.com.br">Otávio Brandão</span></div>
    <div>Para: <span title="rafael@vendamais.com.br">Rafael Quintela</span></div>
    <div aria-label="Corpo da mensagem"><p>Rafael, veja abaixo.</p></div>
    <div aria-label="De: Larissa Pimentel"><span title="larissa.pimentel@lumenenergia.com.br">Larissa Pimentel</span></div>
    <div>Para: <span title="otavio@vendamais.com.br">Otávio Brandão</span>; Cc: <span title="claudio.ramos@lumenenergia.com.br">Cláudio Ramos</span></div>
    <div aria-label="Corpo da mensagem"><p>Olá!</p><p>Larissa Pimentel<br>Gerente de Logística<br>Lumen Energia<br>Campinas | SP</p>
      <div id="divRplyFwdMsg"><b>De:</b> Rafael Quintela &lt;rafael@vendamais.com.br&gt;</div><p>Rafael Quintela | Executivo | VendaMais</p></div>
  </div></body>`;

describe('the mail reader', () => {
  it('gives the external sender with the signature’s company: not the owner, a colleague or a recipient', () => {
    const found = mail.extract(doc(THREAD), URL_);
    expect(found).toMatchObject([
      {
        primeiro_nome: 'Larissa',
        ultimo_nome: 'Pimentel',
        empresa: 'Lumen Energia',
        cargo: 'Gerente de Logística',
      },
    ]);
  });

  it('in a web app, takes the account in the bar (its name the address spells) and its domain’s people as the viewer’s side', () => {
    const portal = doc(
      '<body><header><nav><a href="/">Webinars</a></nav><div aria-label="Conta"><span>LF</span><span>Luana Ferraz</span><span>luana.ferraz@nuvemfiscal.com.br</span></div></header>' +
        '<main><dl><dt>Anfitrião</dt><dd>Luana Ferraz</dd></dl>' +
        '<table><thead><tr><th>Nome</th><th>E-mail</th></tr></thead><tbody><tr><td>Otávio Meireles</td><td>otavio.meireles@nuvemfiscal.com.br</td></tr></tbody></table>' +
        '<table><thead><tr><th>Nome</th><th>Sobrenome</th><th>E-mail</th><th>Organização</th></tr></thead><tbody><tr><td>Marisa</td><td>Kruger Antunes</td><td>marisa@tintasparana.com.br</td><td>Tintas Paraná Indústria</td></tr></tbody></table></main></body>',
    );
    expect(mail.others!(portal, URL_).sort()).toEqual(['luana ferraz', 'otavio meireles']);
    expect(names(collect([page, labelled, mail], portal, URL_))).toEqual(['Marisa Kruger Antunes']);
  });

  it('names the owner and the colleagues as not the page’s person, so no reader lists them', () => {
    expect(mail.others!(doc(THREAD), URL_).sort()).toEqual(['otavio brandao', 'rafael quintela']);
    // the page reader reads the owner's name from the title; the mail reader's word keeps it out
    expect(names(collect([page, mail], doc(THREAD), URL_))).toEqual(['Larissa Pimentel']);
  });

  it('reads a sender labelled "From:" whose address is only text, and Gmail’s "para mim, Joana" as recipients', () => {
    const persona = doc(`<body><button aria-label="From: Osvaldo Krause"><div>Osvaldo Krause</div>
      <div>&lt;osvaldo.krause@vidrariasulina.com.br&gt;</div></button>
      <div>Para: <span title="paula@embalamais.com.br">Paula Nunes</span></div><div>Osvaldo Krause</div><div>Gerente de Suprimentos</div></body>`);
    expect(mail.extract(persona, URL_)).toMatchObject([
      {
        primeiro_nome: 'Osvaldo',
        ultimo_nome: 'Krause',
        empresa: 'Vidrariasulina',
        cargo: 'Gerente de Suprimentos',
      },
    ]);
    const gmail = doc(`<head><title>Cotação - marina@acmesoft.com.br - Gmail</title></head><body>
      <div><h3><span email="eduardo.pacheco@weg.net" name="Eduardo Pacheco">Eduardo Pacheco</span></h3>
      <span email="marina@acmesoft.com.br" name="Marina Alves">para mim</span>, <span email="joana.kurtz@weg.net" name="Joana Kurtz">Joana</span></div>
      <div>Eduardo Pacheco</div><div>Gerente de Compras</div><div>WEG S.A.</div></body>`);
    expect(names(mail.extract(gmail, URL_))).toEqual(['Eduardo Pacheco']);
  });

  it('backs a name that is only a name’s shape with the signature’s title; a lone shape with nothing is no one', () => {
    const withRole =
      doc(`<body><span email="jz.marcenaria@gmail.com" name="Joseildo Santana">Joseildo Santana</span>
      <div>Joseildo Santana</div><div>Sócio</div><div>Marcenaria Dois Irmãos</div></body>`);
    expect(mail.extract(withRole, URL_)).toMatchObject([
      { primeiro_nome: 'Joseildo', empresa: 'Marcenaria Dois Irmãos' },
    ]);
    const bare = doc(
      `<body><span email="xyz123@gmail.com" name="Quelbio Zandor">Quelbio Zandor</span></body>`,
    );
    expect(mail.extract(bare, URL_)).toEqual([]);
  });

  it('takes the company as the page writes the domain, else the domain’s; an invitation’s guests follow the sender', () => {
    const invite = doc(`<head><title>Email - Otávio Brandão - Outlook</title></head><body>
      <div role="heading"><span>Convite: Apresentação — Hospital Vale Sereno</span></div>
      <div aria-label="De: Débora Assunção"><span title="debora.assuncao@valesereno.org.br">Débora Assunção</span></div>
      <div>Obrigatório: <span title="marcos.tenorio@valesereno.org.br">Marcos Tenório</span>; <span title="otavio.brandao@vendamais.com.br">Otávio Brandão</span></div></body>`);
    expect(mail.extract(invite, URL_)).toMatchObject([
      { primeiro_nome: 'Débora', empresa: 'Hospital Vale Sereno' },
      { primeiro_nome: 'Marcos', empresa: 'Hospital Vale Sereno' },
    ]);
    const plain = doc(
      `<body><span title="tiago.nunes@totvs.com.br">Tiago Nunes</span><p>www.totvs.com</p></body>`,
    );
    expect(mail.extract(plain, URL_)).toMatchObject([{ primeiro_nome: 'Tiago', empresa: 'Totvs' }]);
  });

  it('reads a headers table: the "De"/"From" cell is the sender, the "Para"/"Cc" cells are recipients', () => {
    const table = (from: string, to: string, cc: string) =>
      doc(`<body><div role="main"><div id="message-header"><table><tbody>
      <tr><td class="header-title">${from}</td><td><a href="mailto:renata@laticiniosmantiqueira.com.br" title="renata@laticiniosmantiqueira.com.br">Renata Vilhena</a></td></tr>
      <tr><td class="header-title">${to}</td><td><a href="mailto:claudio@alfa.com.br" title="claudio@alfa.com.br">Cláudio Prates</a></td></tr>
      <tr><td class="header-title">${cc}</td><td><a href="mailto:t.brennan@harborline.com">Thomas Brennan</a>, <a href="mailto:simone@alfa.com.br">Simone Aguiar</a></td></tr>
      </tbody></table></div>
      <div>Renata Vilhena</div><div>Coordenadora de Compras</div><div>Laticínios Serra da Mantiqueira</div></div></body>`);
    for (const [from, to, cc] of [
      ['De', 'Para', 'Cópia'],
      ['From', 'To', 'Cc:'],
    ] as const)
      expect(mail.extract(table(from, to, cc), URL_)).toMatchObject([
        { primeiro_nome: 'Renata', empresa: 'Laticínios Serra da Mantiqueira' },
      ]);
  });

  it('a message’s own header in the page’s main content never names the mailbox’s owner', () => {
    const shown = (region: string) =>
      doc(`<body>${region}<main><div id="message-header"><span>De <a href="mailto:renata@laticiniosmantiqueira.com.br" title="renata@laticiniosmantiqueira.com.br">Renata Vilhena</a></span></div>
      <div>Renata Vilhena</div><div>Coordenadora de Compras</div></main></body>`);
    expect(names(mail.extract(shown(''), URL_))).toEqual(['Renata Vilhena']);
    // the app's own header does name the owner
    const own = '<header><span title="renata@laticiniosmantiqueira.com.br">Minha conta</span></header>';
    expect(names(mail.extract(shown(own), URL_))).toEqual([]);
  });

  it('costs nothing on a page without mail: no addresses, no lines read', () => {
    expect(mail.extract(doc('<body><h1>Ana Souza</h1><p>Head de Vendas</p></body>'), URL_)).toEqual([]);
  });
});

describe('collect with a reader’s word on who is not the page’s person', () => {
  it('lets the other readers decide when a site reader found only such people', () => {
    const site: Extractor = {
      id: 'site',
      matches: () => true,
      // a site reader whose definition says it decides who is listed (lib/extract/site.ts `claims`)
      decides: true,
      extract: () => [
        {
          primeiro_nome: 'Ethan',
          ultimo_nome: 'Cole',
          empresa: 'CloudPeak',
          confidence: 0.8,
          source: 'site',
        },
      ],
      others: () => ['ethan cole'],
    };
    const generic: Extractor = {
      id: 'generic',
      extract: () => [
        {
          primeiro_nome: 'Thiago',
          ultimo_nome: 'Rasmussen',
          empresa: 'Fiorde',
          confidence: 0.6,
          source: 'generic',
        },
      ],
    };
    expect(names(collect([site, generic], doc('<body></body>'), URL_))).toEqual(['Thiago Rasmussen']);
  });
});

describe('Outlook’s reader', () => {
  it('lists an invitation’s guests after the organiser, without a company of its own: the other readers find it', () => {
    const d =
      doc(`<body><div id="O365_MainLink_Me"><span title="otavio@vendamais.com.br">OB</span></div><div role="main">
      <div aria-label="De: Débora Assunção"><span title="debora@valesereno.org.br">Débora Assunção</span></div>
      <div>Obrigatório: <span title="debora@valesereno.org.br">Débora Assunção</span>; <span title="marcos@valesereno.org.br">Marcos Tenório</span>; <span title="otavio@vendamais.com.br">Otávio Brandão</span></div>
      <div>Cc: <span title="claudio@valesereno.org.br">Cláudio Ramos</span></div></div></body>`);
    const found = outlook.extract(d, new URL('https://outlook.office.com/mail/'));
    expect(names(found)).toEqual(['Débora Assunção', 'Marcos Tenório']);
    expect(found[1]).toMatchObject({ empresa: '' });
  });

  it('leaves out the owner, a colleague on the owner’s domain and the Para line, and reads the sender’s own message', () => {
    const d =
      doc(`<body><div id="O365_MainLink_Me"><span title="olivia@cloudpeak.io">OB</span></div><div role="main">
      <div role="document"><div><span title="ethan@cloudpeak.io">Ethan Cole</span></div>
        <div aria-label="Message body"><p>Ethan Cole</p><p>Partnerships | CloudPeak</p></div></div>
      <div role="document"><div><span title="thiago.rasmussen@fiordelogistics.com">Thiago Rasmussen</span></div>
        <div>To: <span title="olivia@cloudpeak.io">Olivia Bennett</span></div>
        <div aria-label="Message body"><p>Thiago Rasmussen</p><p>VP of Operations</p><p>Fiorde Logistics</p></div></div>
    </div></body>`);
    expect(outlook.extract(d, new URL('https://outlook.office.com/mail/'))).toMatchObject([
      {
        primeiro_nome: 'Thiago',
        ultimo_nome: 'Rasmussen',
        empresa: 'Fiorde Logistics',
        cargo: 'VP of Operations',
      },
    ]);
  });
});

describe('people an app lists by their written address (e-signature signers, recipients, parties)', () => {
  const signers = (html: string) => names(collect([mail], doc(`<body>${html}</body>`), URL_));
  const row = (inner: string) =>
    `<div class="row"><div class="who">${inner}</div><span class="badge">Pending</span></div>`;

  it('reads the name of the address’s own box, else the name the address spells', () => {
    expect(
      signers(
        `<section><h2>Signers</h2>${row('<span>Hamid Qureshi</span><span>hamid.qureshi@coastlinebuilders.com</span>')}${row('<p>laura.benedetti@coastlinebuilders.com</p><p>Signer</p>')}</section>`,
      ),
    ).toEqual(['Hamid Qureshi', 'Laura Benedetti']);
  });

  it('puts the first signer first, with the company of the domain as the page writes it', () => {
    const found = collect(
      [mail],
      doc(
        `<head><title>Contrato — Laticínios Serra do Mar Ltda</title></head><body><h1>Contrato — Laticínios Serra do Mar Ltda</h1><ul><li><p>renata.figueiredo@serradomar.ind.br</p><p>Signatário</p></li></ul></body>`,
      ),
      URL_,
    );
    expect(found.map((p) => [p.primeiro_nome, p.ultimo_nome, p.empresa])).toEqual([
      ['Renata', 'Figueiredo', 'Laticínios Serra do Mar Ltda'],
    ]);
  });

  it('leaves out the signed-in user (named in the app’s bar) and a party at another domain', () => {
    expect(
      signers(
        `<div class="op-navbar"><span>Gabriel Nunes</span></div><main>${row('<b>Gabriel Nunes</b><span>gabriel.nunes@brightforge.io</span>')}${row('<b>Natasha Ivanova</b><span>n.ivanova@polarisaero.com</span>')}${row('<b>Kevin Marsh</b><span>kevin.marsh@lumenpay.io</span>')}${row('<b>Tom Varga</b><span>tom@polarisaero.com</span>')}</main>`,
      ),
    ).toEqual(['Natasha Ivanova', 'Tom Varga']);
  });

  it('takes no name from a box shared with other addresses, nor a role mailbox, nor a record’s labelled address', () => {
    expect(
      signers(
        `<ul><li><p>contracts@northpeak.io</p><p>Cc</p></li></ul><table><tr><td>Nome</td><td>Felipe Souto</td></tr><tr><td>E-mail</td><td>felipe@mapleridge.com</td></tr></table>`,
      ),
    ).toEqual([]);
    expect(signers(`<div><b>Ana Prado</b><p>x@acme.com</p><p>y@acme.com</p></div>`)).toEqual([]);
  });

  it('never reads an address written after "Para:" or "Cc:" in its line, nor one in the page’s header', () => {
    expect(
      signers(`<header><span>Daniel Prescott</span><span>daniel.prescott@northpeak.io</span></header>`),
    ).toEqual([]);
    expect(signers(`<div><b>Ana Prado</b> Cc: <span>ana.prado@acme.com</span></div>`)).toEqual([]);
  });

  it('spells a name only from a given name and a surname', () => {
    expect(spelledName('jessica.holloway@orionfreight.com')).toBe('Jessica Holloway');
    expect(spelledName('contracts@northpeak.io')).toBe('');
    expect(spelledName('compras.sul@acme.com.br')).toBe('');
    expect(spelledName('n.ivanova@polarisaero.com')).toBe('');
    expect(spelledName('marcus.lee.2@orionfreight.com')).toBe('');
  });
});
