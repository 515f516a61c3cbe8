import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { linkedin } from '@/lib/extract/linkedin';
import { readPage } from '../../fixtures/pages/cases';

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

  it('only runs on profiles and Sales Navigator leads', () => {
    const ok = (url: string) => linkedin.matches!(new URL(url));
    expect(ok(ANA)).toBe(true);
    expect(ok('https://br.linkedin.com/in/ana-souza-4b2a91')).toBe(true);
    expect(ok('https://www.linkedin.com/sales/people/ACwAAB1x2y3Z4,NAME_SEARCH')).toBe(true);
    expect(ok('https://www.linkedin.com/feed/')).toBe(false);
    expect(ok('https://www.linkedin.com/company/nubank/')).toBe(false);
    expect(ok('https://linkedin.com.evil.example/in/ana')).toBe(false);
  });
});
