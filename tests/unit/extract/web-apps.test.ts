import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { boxLabel, couldBeCompany, nameScore } from '@/lib/extract/evidence/judge';
import { itemCompany, labelled } from '@/lib/extract/evidence/fields';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { office, page } from '@/lib/extract/evidence/page';

/*
 * Web-app views, where the person sits in a form-like box rather than a heading or a card: a booking's host, a
 * request's requester, a course's instructor (labelled boxes); a call's participants, where the viewer's own row is
 * marked "(você)" / "(Host, me)"; whom a booking is with ("… com Ana Souza"); a member's handle, never a company.
 */

installLexicon();
const doc = (html: string) =>
  parseHTML(html.startsWith('<html') ? html : `<html><body>${html}</body></html>`)
    .document as unknown as Document;
const URL_ = 'https://app.example.com/x';
const names = (html: string, readers = [page, labelled]) =>
  collect(readers, doc(html), URL_).map((c) => [`${c.primeiro_nome} ${c.ultimo_nome}`, c.empresa]);

describe('boxLabel', () => {
  it("tells the page's person's boxes from the viewer's team's, whatever the case or colon", () => {
    for (const l of [
      'Anfitrião',
      'Host',
      'Solicitante:',
      'Requester',
      'Instructor:',
      'Organizadora',
      'Customer contact',
    ])
      expect(boxLabel(l), l).toBe('person');
    for (const l of ['Responsável', 'Assignee', 'Membros', 'Members:', 'Reporter', 'Colaboradores'])
      expect(boxLabel(l), l).toBe('team');
    for (const l of ['Empresa', 'Ana Souza', 'Hostess Ltda', '']) expect(boxLabel(l), l).toBeUndefined();
  });

  it('is never an office over a name, a name or a company', () => {
    for (const l of ['Reporter', 'Customer contact', 'Responsável']) expect(office(l), l).toBe(false);
    for (const l of ['Ministrado Por', 'Customer Contact', 'Atribuido A']) expect(nameScore(l), l).toBe(0);
    for (const l of ['Anfitrião', 'Responsável', 'Solicitante']) expect(couldBeCompany(l), l).toBe(false);
  });
});

describe('labelled boxes of a person', () => {
  it("reads a requester with the record's labelled organisation; an assignee is nobody", () => {
    expect(
      names(
        `<div><h2>Responsável</h2><div>Igor Pacheco</div></div>
         <div><h2>Solicitante</h2><div><span>Marcela Antunes</span></div></div>
         <div><h2>Organizações</h2><div>Distribuidora Capixaba de Alimentos</div></div>`,
      ),
    ).toEqual([['Marcela Antunes', 'Distribuidora Capixaba de Alimentos']]);
  });

  it('reads a name with a role badge after it, at the domain of the address under it', () => {
    expect(
      names(
        `<div class="who"><div class="mb-3"><div><span>Marcus Ellery</span><div class="badge">Host</div></div><p>marcus.ellery@brightline.com</p></div>
         <div class="mb-3"><p>Priya Natarajan</p><p>priya@gmail.com</p></div></div>`,
      ),
    ).toEqual([['Marcus Ellery', 'Brightline']]);
  });

  it("takes an instructor's title and company from the card that shows the same name", () => {
    const found = collect(
      [labelled],
      doc(
        `<p><span>Instructor: </span><a href="/i/em">Elena Marquez</a><span>Top Instructor</span></p>
         <section><h2>Instructor</h2><div><h3><a href="/i/em">Elena Marquez</a></h3><p>Director of Procurement Analytics</p><p>Kestrel Analytics</p></div></section>`,
      ),
      URL_,
    );
    expect(found.map((c) => [c.primeiro_nome, c.ultimo_nome, c.empresa, c.cargo])).toEqual([
      ['Elena', 'Marquez', 'Kestrel Analytics', 'Director of Procurement Analytics'],
    ]);
  });

  it("takes the company from the card's headline when no line names only an organisation", () => {
    expect(
      names(
        '<p><b>Instrutor</b> <span>Sérgio Garibaldi</span></p><div><h3>Sérgio Garibaldi</h3><p>Engenheiro de processos na Metalúrgica Serra Azul</p><p>4,6 classificação</p></div>',
        [labelled],
      ),
    ).toEqual([['Sérgio Garibaldi', 'Metalúrgica Serra Azul']]);
  });

  it('takes the company written beside the name ("Nome | Empresa")', () => {
    expect(names('<dl><dt>Anfitrião</dt><dd>Daniela Moura | Sementes Horizonte</dd></dl>')).toEqual([
      ['Daniela Moura', 'Sementes Horizonte'],
    ]);
  });

  it('lists nobody for a box whose value is no name', () => {
    expect(
      names('<div><h2>Host</h2><div>A definir</div></div><div><h2>Instrutor</h2><div>—</div></div>'),
    ).toEqual([]);
  });
});

describe("a work item's company", () => {
  it('is what follows a deal word in its heading or the page title, without the app around it', () => {
    const read = (title: string, body = '') =>
      itemCompany(doc(`<html><head><title>${title}</title></head><body>${body}</body></html>`));
    expect(read('Proposta — Laticínios Vale do Sabiá - Pipeline Indústria 2026 - Asana')).toBe(
      'Laticínios Vale do Sabiá',
    );
    expect(read('[SALES-482] Proposal: Halvorsen Marine Supply - Jira')).toBe('Halvorsen Marine Supply');
    expect(read('Board', '<h1>Renovação - Hospital Santa Clara</h1>')).toBe('Hospital Santa Clara');
    expect(read('Cotação: Fazenda Boa Vista on Funil Comercial | Trello')).toBe('Fazenda Boa Vista');
    // no deal word, a person, a place: no company
    for (const t of ['Bug — login falha', 'Proposta — Ana Souza', 'Pedido - São Paulo', 'Propostas enviadas'])
      expect(read(t), t).toBe('');
  });

  it("gives the item's contact a company when the fields name none", () => {
    expect(
      names(
        '<html><head><title>Proposta — Hospital Santa Clara | Trello</title></head><body><div><h3>Contato</h3><p>Beatriz Moreira Lopes</p></div></body></html>',
      ),
    ).toEqual([['Beatriz Moreira Lopes', 'Hospital Santa Clara']]);
  });
});

describe("a list of people with the viewer's own row", () => {
  const row = (name: string, mark = '') =>
    `<div class="item"><div class="avatar">AB</div><div class="text"><div class="name">${name}</div>${mark}</div></div>`;

  it('lists every other row, never the viewer, a device or a marker in parentheses', () => {
    const html = `<div class="list">${row('Luana Prado', '<span>&nbsp;(você)</span>')}${row('Henrique Dalla Costa | Cooperativa AgroVale')}${row('Cristina Valadares (Externo)')}${row("Carla's iPhone")}</div>`;
    expect(names(html)).toEqual([
      ['Henrique Dalla Costa', 'Cooperativa AgroVale'],
      ['Cristina Valadares', ''],
    ]);
  });

  it('knows the viewer by "(Host, me)" and "(You)" in the name\'s own text', () => {
    const zoom = `<ul><li class="p"><span class="n">Daniel Sousa</span><span class="l">(Host, me)</span></li><li class="p"><span class="n">Gregory Hale</span><span class="l">(Co-host)</span></li></ul>`;
    expect(names(zoom)).toEqual([['Gregory Hale', '']]);
    const teams = `<ul><li class="r"><span>Rafael Monteiro (You)</span><span class="role">Organizer</span></li><li class="r"><span>Amara Osei</span><span class="role">Attendee</span></li></ul>`;
    expect(names(teams)).toEqual([['Amara Osei', '']]);
  });

  it('keeps the viewer out whoever else reads them (a card list with roles)', () => {
    const html = `<div class="list">${row('Luana Prado', '<span>(você)</span><p>Diretora Comercial</p>')}${row('Sabrina Okuda', '<p>Gerente de Compras</p>')}</div>`;
    expect(names(html).map(([n]) => n)).toEqual(['Sabrina Okuda']);
  });

  it('lists nobody without a marked row', () => {
    expect(names(`<div class="list">${row('Luana Prado')}${row('Sabrina Okuda')}</div>`)).toEqual([]);
  });
});

describe('whom a booking is with', () => {
  it('reads a known name after "com" / "with" at the end of the title or a heading', () => {
    expect(
      names(
        '<html><head><title>Confirmado: Demonstração com Juliana Ramos</title></head><body></body></html>',
        [page],
      ),
    ).toEqual([['Juliana Ramos', '']]);
    expect(names('<h1>You are scheduled with Rodrigo Haddad</h1>', [page])).toEqual([['Rodrigo Haddad', '']]);
  });

  it('never reads a group, a company or a shape alone', () => {
    expect(
      names(
        '<h1>Reunião com Diretoria Comercial</h1><h2>Call with Acme Ltda</h2><h3>Chat with Xyzzy Plugh</h3>',
        [page],
      ),
    ).toEqual([]);
  });
});

describe('handles and interface words', () => {
  it('a name with its handle is never a company; an organisation with its site still is', () => {
    expect(couldBeCompany('Bruno Azevedo (brunoazevedo12)')).toBe(false);
    expect(couldBeCompany('Ana Souza (@ana.souza)')).toBe(false);
    expect(couldBeCompany('Acme (acme.com)')).toBe(true);
    expect(couldBeCompany('MBA')).toBe(false);
  });

  it("an app's section names are no one's name; surnames stay names", () => {
    for (const t of ['Custom Fields', 'Campos Personalizados', 'Card Details', 'Activity Log'])
      expect(nameScore(t), t).toBe(0);
    for (const t of ['Renata Yoshida Campos', 'Mariana Fields']) expect(nameScore(t), t).toBeGreaterThan(0);
  });
});
