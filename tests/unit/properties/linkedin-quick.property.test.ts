import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it, vi } from 'vitest';
import { quickProfile } from '@/lib/extract/sites/linkedin-top';
import { fold } from '@/lib/text';
import { extractCandidates } from '../../fixtures/extract';
import { hostileText } from './arbitraries';

vi.setConfig({ testTimeout: 120_000 });

/*
 * The LinkedIn content script's quick answer (the profile's top card, read before the reader modules are in the page)
 * on generated profiles, in both of LinkedIn's layouts (the classic card around the page's h1, as in
 * tests/fixtures/pages/linkedin-profile.html; the server-driven card, as in linkedin-sdui-pt.html), with the noise a
 * profile carries: the viewer's own link in the navigation, another profile's JSON left by an in-app move, decoration
 * around the name. What the panel shows at once must be what the modules' answer puts first.
 */

const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
const PAGE_SLUG = 'ana-souza-4b2a91';
const URL_OF = `https://www.linkedin.com/in/${PAGE_SLUG}/`;

const given = fc.constantFrom('Ana', 'Bruno', 'Maria das Graças', 'José', 'Helena', 'Carlos Eduardo', 'Yuki');
const surname = fc.constantFrom('Souza', 'Lima', 'dos Santos', 'Prado', "D'Ávila", 'Tanaka', 'Oliveira');
const decoration = fc.constantFrom('', ' 🚀', ' (ela/dela)', ', MBA', 'Dra. ', ' ✨');
const company = fc.constantFrom('Nubank', 'Itaú Unibanco S.A.', 'Natura &Co', 'Stone', 'Ambev', 'Gerdau');
const role = fc.constantFrom('Head de Vendas', 'Gerente Comercial', 'Sales Director', 'Diretora de Compras');
const headline = fc.oneof(
  fc
    .tuple(
      role,
      fc.constantFrom(' na ', ' no ', ' at ', ' @ '),
      company,
      fc.constantFrom('', ' | Palestrante'),
    )
    .map(([r, at, c, tail]) => `${r}${at}${c}${tail}`),
  role,
  hostileText,
);
/** Where the card's own links point: the page's profile, another one, or nowhere. */
const cardLink = fc.constantFrom(PAGE_SLUG, 'bruno-lima-7c1d2e', '');
const experience = fc.option(fc.tuple(role, company), { nil: undefined });

/** A name as a card shows it, decoration included. */
const personName = fc
  .tuple(given, surname, decoration)
  .map(([g, s, d]) => (d.endsWith(' ') ? `${d}${g} ${s}` : `${g} ${s}${d}`));
const profile = fc.record({
  layout: fc.constantFrom('classic', 'server-driven'),
  name: fc.oneof({ weight: 5, arbitrary: personName }, { weight: 1, arbitrary: hostileText }),
  headline,
  link: cardLink,
  experience,
  /** Another profile's JSON, left by an in-app move. */
  stale: fc.boolean(),
});
type Profile = typeof profile extends fc.Arbitrary<infer T> ? T : never;

function html(p: Profile) {
  const link = p.link ? `<a href="/in/${p.link}/overlay/contact-info/">Informações de contato</a>` : '';
  const card =
    p.layout === 'classic'
      ? `<main><section class="artdeco-card"><h1>${esc(p.name)}</h1><div class="text-body-medium">${esc(p.headline)}</div>${link}</section>` +
        (p.experience
          ? `<section><div id="experience"></div><ul><li><span aria-hidden="true">${esc(p.experience[0])}</span><span aria-hidden="true">${esc(p.experience[1])} · Tempo integral</span></li></ul></section>`
          : '') +
        '</main>'
      : `<main><section componentkey="com.linkedin.sdui.profile.card.ref${PAGE_SLUG}Topcard"><h2>${esc(p.name)}</h2><p>${esc(p.headline)}</p><p>São Paulo, Brasil</p>${link}</section>` +
        (p.experience
          ? `<section><h2>Experiência</h2><div componentkey="entity-collection-item-1"><p>${esc(p.experience[0])}</p><p>${esc(p.experience[1])} · Tempo integral</p></div></section>`
          : '') +
        '</main>';
  const stale = p.stale
    ? '<code style="display:none">{"included":[{"firstName":"Rodrigo","lastName":"Menezes","headline":"Executivo de Contas na Vivo","publicIdentifier":"rodrigo-menezes-vendas"}]}</code>'
    : '';
  return `<!DOCTYPE html><html><head><title>LinkedIn</title></head><body><header><a href="/in/rodrigo-menezes-vendas/">Eu</a></header>${stale}${card}</body></html>`;
}

const read = (p: Profile) => {
  const doc = parseHTML(html(p)).document as unknown as Document;
  return { quick: quickProfile(doc, new URL(URL_OF)), full: extractCandidates(doc, URL_OF) };
};
const key = (c: { primeiro_nome: string; ultimo_nome: string }) =>
  fold(`${c.primeiro_nome} ${c.ultimo_nome}`);

describe('the quick answer on a LinkedIn profile', () => {
  it('names someone only when the card links to the page’s own profile, and never throws', () => {
    fc.assert(
      fc.property(profile, (p) => {
        const { quick } = read(p);
        expect(quick.length).toBeLessThanOrEqual(1);
        if (quick.length) expect(p.link).toBe(PAGE_SLUG);
      }),
      { numRuns: 400 },
    );
  });

  it('is the person the modules’ answer puts first, with the same company when it has one', () => {
    fc.assert(
      fc.property(profile, (p) => {
        const { quick, full } = read(p);
        const [q] = quick;
        if (!q) return;
        expect(full[0] && key(full[0])).toBe(key(q));
        if (q.empresa) expect(full[0]!.empresa).toBe(q.empresa);
        if (q.cargo) expect(full[0]!.cargo).toBe(q.cargo);
      }),
      { numRuns: 400 },
    );
  });

  it('is given whenever the card links to its profile and shows a name', () => {
    fc.assert(
      fc.property(profile, personName, (p, name) => {
        const { quick, full } = read({ ...p, name, link: PAGE_SLUG });
        expect(quick).toHaveLength(1);
        expect(key(quick[0]!)).toBe(key(full[0]!));
      }),
      { numRuns: 200 },
    );
  });
});
