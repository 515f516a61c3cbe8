import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { linkedin } from '@/lib/extract/sites/linkedin';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { readPage } from '../../fixtures/pages/cases';
import { extractCandidates } from '../../fixtures/extract';

// the word lists the list rules read (role words, places), as the words module puts them in a page
installLexicon();

const ANA = 'https://www.linkedin.com/in/ana-souza-4b2a91/';
const BRUNO = 'https://www.linkedin.com/in/bruno-lima-7c1d2e/';

/** A saved page with parts removed, as markup changes or a half-rendered navigation would leave it. */
function page(file: string, remove: string[] = []) {
  const { document } = parseHTML(readPage(file));
  for (const selector of remove)
    for (const el of Array.from(document.querySelectorAll(selector))) el.remove();
  return document as unknown as Document;
}
/** The same page whose top card links say nothing about whose card it is. */
function unlinked(file: string, remove: string[] = []) {
  const doc = page(file, remove);
  for (const a of Array.from(doc.querySelectorAll('main a'))) a.removeAttribute('href');
  return doc;
}
const read = (doc: Document, url: string) => linkedin.extract(doc, new URL(url));
const names = (doc: Document, url: string) =>
  read(doc, url).map((c) => `${c.primeiro_nome} ${c.ultimo_nome}`);

describe('linkedin profile signals', () => {
  it('is sure of a profile whose signals name its URL', () => {
    expect(read(page('linkedin-profile.html'), ANA)[0]!.confidence).toBeGreaterThan(0.9);
  });

  it('survives losing the whole profile markup: embedded JSON and document title', () => {
    expect(read(page('linkedin-profile.html', ['main']), ANA)).toMatchObject([
      { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank', cargo: 'Head de Vendas' },
    ]);
  });

  it('survives losing the JSON and the experience card: top card and headline', () => {
    const doc = page('linkedin-profile.html', ['code', '#experience', 'button']);
    expect(read(doc, ANA)).toMatchObject([
      { primeiro_nome: 'Ana', empresa: 'Nubank', cargo: 'Head de Vendas' },
    ]);
  });

  it('takes the current company from the top card when the experience card is missing', () => {
    const doc = page('linkedin-profile-en.html', ['code', '#experience', 'meta']);
    expect(read(doc, 'https://www.linkedin.com/in/cedsantos/')).toMatchObject([
      { primeiro_nome: 'Carlos', empresa: 'Itaú Unibanco S.A.', cargo: 'Sales Director' },
    ]);
  });

  it('reads og:title when the page has nothing else', () => {
    const doc = page('linkedin-profile.html', ['main', 'code', 'title']);
    expect(read(doc, ANA)).toMatchObject([{ primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank' }]);
  });

  it('reads the document title alone', () => {
    const { document } = parseHTML(
      '<html><head><title>(12) Ana Souza | LinkedIn</title></head><body></body></html>',
    );
    expect(names(document as unknown as Document, ANA)).toEqual(['Ana Souza']);
  });

  describe('after in-app navigation', () => {
    it('never returns the previous profile, even in part', () => {
      const found = read(page('linkedin-after-navigation.html'), BRUNO);
      expect(found).toHaveLength(1);
      expect(JSON.stringify(found)).not.toMatch(/Ana|Souza|Nubank|Head de Vendas/);
    });

    it('returns nothing while the page still shows the previous profile', () => {
      expect(read(page('linkedin-profile.html'), BRUNO)).toEqual([]);
    });

    it('drops a stale title even when the new top card has no links to say whose it is', () => {
      const doc = unlinked('linkedin-after-navigation.html');
      expect(names(doc, BRUNO)).toEqual(['Bruno Lima']);
    });

    it('trusts a signal that names the URL over a top card that names no one', () => {
      // back on Ana's URL while <main> still shows Bruno, whose card links were lost
      expect(read(unlinked('linkedin-after-navigation.html'), ANA)).toMatchObject([
        { primeiro_nome: 'Ana', ultimo_nome: 'Souza', empresa: 'Nubank', cargo: 'Head de Vendas' },
      ]);
    });

    it('with no signal naming a profile, a name-like slug must share a word with the name', () => {
      // only the old top card and title are left: nothing says they are Ana's except the slug
      const doc = unlinked('linkedin-profile.html', ['code', 'meta', 'link']);
      expect(read(doc, BRUNO)).toEqual([]);
      expect(names(doc, ANA)).toEqual(['Ana Souza']);
      // a slug that is not name-like proves nothing either way
      expect(names(doc, 'https://www.linkedin.com/in/vendas/')).toEqual(['Ana Souza']);
    });
  });

  it('compares slugs with accents however they are encoded', () => {
    const html = readPage('linkedin-profile.html')
      .replaceAll('/in/ana-souza-4b2a91', '/in/an%C3%A1-souza')
      .replaceAll('"publicIdentifier":"ana-souza-4b2a91"', '"publicIdentifier":"aná-souza"');
    const doc = parseHTML(html).document as unknown as Document;
    expect(read(doc, 'https://www.linkedin.com/in/an%C3%A1-souza/')[0]!.confidence).toBeGreaterThan(0.9);
    expect(read(doc, 'https://www.linkedin.com/in/bruno-lima-7c1d2e/')).toEqual([]);
  });

  it('reads a Sales Navigator lead from its data-anonymize fields, or from the headline', () => {
    const url = 'https://www.linkedin.com/sales/lead/ACwAAB1x2y3Z4,NAME_SEARCH,Qw9e';
    expect(
      read(
        page('linkedin-sales-lead.html', [
          '[data-sn-view-name="lead-current-role"]',
          '[data-sn-view-name="lead-experience"]',
        ]),
        url,
      ),
    ).toMatchObject([{ primeiro_nome: 'Mariana', empresa: 'Ambev', cargo: 'Diretora de Compras' }]);
  });

  it('only runs on profiles, Sales Navigator leads, lists of people and My Network suggestions', () => {
    const ok = (url: string) => linkedin.matches!(new URL(url));
    expect(ok(ANA)).toBe(true);
    expect(ok('https://br.linkedin.com/in/ana-souza-4b2a91')).toBe(true);
    expect(ok('https://www.linkedin.com/sales/people/ACwAAB1x2y3Z4,NAME_SEARCH')).toBe(true);
    expect(ok('https://www.linkedin.com/feed/')).toBe(false);
    expect(ok('https://www.linkedin.com/company/nubank/')).toBe(false);
    expect(ok('https://www.linkedin.com/company/nubank/people/')).toBe(true);
    expect(ok('https://www.linkedin.com/mynetwork/grow/')).toBe(true);
    expect(ok('https://www.linkedin.com/mynetwork/invite-connect/connections/')).toBe(false);
    expect(ok('https://linkedin.com.evil.example/in/ana')).toBe(false);
  });
});

describe('linkedin lists of people', () => {
  const doc = (body: string, title = 'LinkedIn') =>
    parseHTML(`<html><head><title>${title}</title></head><body>${body}</body></html>`)
      .document as unknown as Document;
  const card = (slug: string, name: string, ...lines: string[]) =>
    `<li><a href="/in/${slug}/"><span aria-hidden="true">${name}</span></a>${lines.map((l) => `<p>${l}</p>`).join('')}</li>`;
  const people = (d: Document, url: string) =>
    read(d, url).map((c) => `${c.primeiro_nome} ${c.ultimo_nome} @ ${c.empresa} (${c.cargo ?? ''})`);
  const COMPANY = 'https://www.linkedin.com/company/kestrel/people/';
  const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=compras';

  it("reads a company's people under a heading that titles the whole list, never a side module's", () => {
    const list = `<div><h2>People you may know</h2><ul>${card('ana-l', 'Ana Lemos', 'Head of Sales at Kestrel Freight')}${card('caio-t', 'Caio Torres', 'Buyer')}</ul></div>`;
    const side = `<div><h2>People also viewed</h2><ul>${card('rui-m', 'Rui Matos', 'CEO at Atlas')}</ul></div>`;
    const main = (inner: string) => doc(`<main><h1>Kestrel Freight</h1>${inner}</main>`);
    expect(people(main(list), COMPANY)).toEqual([
      'Ana Lemos @ Kestrel Freight (Head of Sales)',
      'Caio Torres @ Kestrel Freight (Buyer)',
    ]);
    // with another module in the main part, the heading no longer titles every profile: both modules are judged
    expect(
      names(main(`<section><ul>${card('ana-l', 'Ana Lemos', 'Buyer')}</ul></section>${side}`), COMPANY),
    ).toEqual(['Ana Lemos']);
    expect(names(main(list + side), COMPANY)).toEqual([]);
  });

  it('takes the company of the "Atual:"/"Current:" line before a headline\'s, never a past one\'s', () => {
    const d = doc(
      `<main><ul>${card('lu-b', 'Luciana Brandão, MBA', 'Head de Procurement | Supply Chain | Indústria Alimentícia', 'Região de Campinas', 'Atual: Head de Procurement na Camil Alimentos')}${card('jo-p', 'John Park', 'Past: Buyer at Acme Foods', 'Procurement Manager at Harbor Mills')}${card('ed-r', 'Eda Ruiz', 'Anterior: Gerente na Ambev')}</ul></main>`,
    );
    expect(people(d, SEARCH)).toEqual([
      'Luciana Brandão @ Camil Alimentos (Head de Procurement)',
      'John Park @ Harbor Mills (Procurement Manager)',
      'Eda Ruiz @  ()',
    ]);
  });

  it("reads an area after 'of' as the title's, leaving the company to the page", () => {
    const d = doc(
      `<main><h1>Mercado Libre</h1><ul>${card('t-r', 'Thomas Reinholt', 'Head of Payments Partnerships')}${card('b-m', 'Bianca Moura', 'Logistics Planning Manager | Mercado Envios')}</ul></main>`,
    );
    expect(people(d, 'https://www.linkedin.com/company/mercadolibre/people/')).toEqual([
      'Thomas Reinholt @ Mercado Libre (Head of Payments Partnerships)',
      'Bianca Moura @ Mercado Libre (Logistics Planning Manager)',
    ]);
  });

  it("reads a Sales Navigator card's company written as bare text after the marked title", () => {
    const lead = (id: string, name: string, title: string, company: string) =>
      `<li><a href="/sales/lead/${id},NAME_SEARCH,x"><span data-anonymize="person-name">${name}</span></a><div><span data-anonymize="title">${title}</span><span aria-hidden="true"></span> ${company} <button aria-label="See more about ${company}"></button></div><span data-anonymize="location">Boston</span></li>`;
    const d = doc(
      `<main><ol>${lead('A1', "Kevin O'Donnell", 'Chief Procurement Officer', 'Harborline Foods')}${lead('B2', 'Priya Raman', 'Director of Strategic Sourcing', 'Meridian Packaging Co.')}</ol></main>`,
    );
    expect(people(d, 'https://www.linkedin.com/sales/search/people?query=x')).toEqual([
      "Kevin O'Donnell @ Harborline Foods (Chief Procurement Officer)",
      'Priya Raman @ Meridian Packaging Co. (Director of Strategic Sourcing)',
    ]);
  });

  it('lists the people of the corpus lists in the layouts built from public evidence', () => {
    expect(
      people(page('li-company-people-en.html'), 'https://www.linkedin.com/company/mercadolibre/people/'),
    ).toEqual([
      'Gustavo Arce @ Mercado Libre (Senior Director, Seller Experience)',
      'Bianca Ferreira Moura @ Mercado Libre (Logistics Planning Manager)',
      'Thomas Reinholt @ Mercado Libre (Head of Payments Partnerships)',
    ]);
    expect(
      names(
        page('li-company-people-classic-en.html'),
        'https://www.linkedin.com/company/kestrel-freight/people/',
      ),
    ).toEqual(['Danielle Okafor', 'Rafael Couto', 'Mei Lin Tan', 'Lukas Brenner']);
    expect(
      people(
        page('li-search-sdui-en.html'),
        'https://www.linkedin.com/search/results/people/?keywords=fintech%20cfo',
      ),
    ).toEqual([
      'Beatriz Nogal @ Cora (Chief Financial Officer)',
      'Marcus Adeyemi @ Flutterwave (VP Finance)',
      'Sofia Lindqvist @ Klarna (Head of Treasury)',
    ]);
  });

  it("gives nobody on My Network's suggestions, whatever reader finds their cards", () => {
    const grid = page('li-mynetwork-pymk.html');
    for (const url of ['https://www.linkedin.com/mynetwork/grow/', 'https://www.linkedin.com/mynetwork/']) {
      expect(read(grid, url)).toEqual([]);
      expect(linkedin.others!(grid, new URL(url))).toEqual(
        expect.arrayContaining(['tatiana moura', 'wagner lopes']),
      );
      expect(extractCandidates(grid, url)).toEqual([]);
    }
    // the same cards elsewhere are read as before: the suggestions rule is the page's, not the cards'
    expect(
      extractCandidates(grid, 'https://www.linkedin.com/mynetwork/invite-connect/connections/').length,
    ).toBe(4);
  });
});
