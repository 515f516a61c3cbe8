import { readFileSync } from 'node:fs';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { apply, evaluate, learn, learnAt, placesOf, spells, ways } from '@/lib/recipe/locate';
import { pathPattern, patternMatches, recipeFor, type Recipe } from '@/lib/recipe/format';
import { readPage } from '../../fixtures/pages/cases';

/*
 * Locators built where a corrected value is on one page and evaluated on another page of the same site: the CRM
 * records of the recipe fixtures (tests/fixtures/recipe/), corpus pages, a redesigned page, and what never becomes an
 * anchor (generated ids, a value spelled in an id or a class, a job title taken for a field's label).
 */

/** A document (linkedom reads a body only inside <html>). */
const doc = (html: string) =>
  parseHTML(html.includes('<html') ? html : `<!DOCTYPE html><html>${html}</html>`)
    .document as unknown as Document;
const fixture = (file: string) =>
  doc(readFileSync(new URL(`../../fixtures/recipe/${file}`, import.meta.url), 'utf8'));

describe('learning on one record, reading the next', () => {
  const a = fixture('crm-contact-a.html');
  const fields = learn(a, { name: 'Felipe Andrade Souto', company: 'Maple Ridge Foods Inc.' });

  it('finds each value by its stable id first, and reads it back on the page it was learnt on', () => {
    expect(fields.name?.ways[0]?.anchor).toEqual({
      kind: 'attr',
      name: 'id',
      value: 'headervalue_Full_Name',
    });
    expect(fields.company?.ways[0]?.anchor).toEqual({
      kind: 'attr',
      name: 'id',
      value: 'value_Cliente_Final',
    });
    expect(evaluate(a, fields.company!)).toEqual({ value: 'Maple Ridge Foods Inc.', strong: true });
  });

  it("reads another record's person and company, through the stable anchors", () => {
    expect(apply(fixture('crm-contact-b.html'), fields)).toEqual({
      values: { name: 'Renata Vasconcelos', company: 'Cooperativa Vale Verde' },
      weak: [],
      missing: [],
    });
  });

  it('finds nothing on the page after a redesign (other ids, other classes)', () => {
    expect(apply(fixture('crm-contact-redesigned.html'), fields)).toEqual({
      values: {},
      weak: [],
      missing: ['name', 'company'],
    });
  });

  it('keeps no value: no way spells the name, the company or any of their words', () => {
    const text = JSON.stringify(fields);
    for (const word of ['Felipe', 'Andrade', 'Souto', 'Maple', 'Ridge', 'Foods'])
      expect(text).not.toContain(word);
  });

  it('learns nothing for a value the page does not show', () => {
    expect(learn(a, { company: 'Globex' })).toEqual({});
  });
});

describe('anchors', () => {
  it("a field's label (a term before its value) anchors the value, and reads the next record's", () => {
    const page = (name: string, company: string) =>
      doc(
        `<body><main><h1>${name}</h1><dl class="fields"><dt>Cargo</dt><dd>Compradora</dd><dt>Empresa</dt><dd>${company}</dd></dl></main></body>`,
      );
    const fields = learn(page('Ana Souza', 'Acme Ltda'), { name: 'Ana Souza', company: 'Acme Ltda' });
    expect(fields.company?.ways.map((w) => w.anchor)).toContainEqual({ kind: 'label', text: 'Empresa' });
    expect(fields.name?.ways.map((w) => w.anchor)).toContainEqual({ kind: 'heading', level: 1, index: 0 });
    // the next record has one more field before the company: the label still finds it
    const next = doc(
      `<body><main><h1>Bruno Lima</h1><dl class="fields"><dt>Telefone</dt><dd>—</dd><dt>Cargo</dt><dd>CTO</dd><dt>Empresa</dt><dd>Globex</dd></dl></main></body>`,
    );
    expect(apply(next, fields).values).toEqual({ name: 'Bruno Lima', company: 'Globex' });
  });

  it('never anchors on a generated id or class, nor on a job title taken for a label', () => {
    const page = doc(
      `<body><div id="ember1234" class="css-1x2y3z"><span class="jsx-99887">Diretora de Compras</span><span id=":r1:">Ana Souza</span></div></body>`,
    );
    const el = page.getElementById(':r1:')!;
    const found = ways(page, el, ['Ana Souza']);
    const anchors = JSON.stringify(found.map((w) => w.anchor));
    expect(anchors).not.toContain('ember1234');
    expect(anchors).not.toContain(':r1:');
    expect(anchors).not.toContain('Diretora');
    expect(JSON.stringify(found)).not.toMatch(/css-|jsx-/);
    expect(found.at(-1)?.anchor).toEqual({ kind: 'root' });
  });

  it('drops a way whose anchor spells a value (an id made of the name)', () => {
    const page = doc(
      `<body><section id="ana-souza"><h2 data-testid="profile-name">Ana Souza</h2></section></body>`,
    );
    const found = ways(page, page.querySelector('h2')!, ['Ana Souza']);
    expect(found.some((w) => spells(w, ['Ana Souza']))).toBe(false);
    expect(found[0]?.anchor).toEqual({ kind: 'attr', name: 'data-testid', value: 'profile-name' });
  });

  it('reads a piece of a line: the company after "at" in a headline', () => {
    const page = (h: string) => doc(`<body><main><h1>X</h1><p data-field="headline">${h}</p></main></body>`);
    const fields = learn(page('Head of Sales at Nubank'), { company: 'Nubank' });
    expect(fields.company).toMatchObject({ segment: 1, segments: 2 });
    expect(apply(page('CTO at Stone Pagamentos'), fields).values.company).toBe('Stone Pagamentos');
  });

  it('prefers where a heading shows the value over a mention in the text', () => {
    const page = doc(`<body><p><span>Ana Souza</span></p><h1>Ana Souza</h1></body>`);
    expect(placesOf(page, 'Ana Souza')[0]?.tagName).toBe('H1');
  });

  it('what the seller points at becomes the value and its locator', () => {
    const page = fixture('crm-contact-a.html');
    const { fields, values } = learnAt(page, {
      name: page.getElementById('headervalue_Full_Name')!,
      company: page.getElementById('value_Cliente_Final')!,
    });
    expect(values).toEqual({ name: 'Felipe Andrade Souto', company: 'Maple Ridge Foods Inc.' });
    expect(apply(fixture('crm-contact-b.html'), fields).values.company).toBe('Cooperativa Vale Verde');
  });
});

describe('a corpus site: a LinkedIn profile taught, another profile read', () => {
  it('the name from the page heading of another profile', () => {
    const taught = doc(readPage('linkedin-profile.html'));
    const fields = learn(taught, { name: 'Ana Souza' });
    const other = doc(readPage('linkedin-profile-en.html'));
    expect(apply(other, fields).values.name).toMatch(/Carlos Eduardo dos Santos/);
  });
});

describe('path patterns', () => {
  const at = (url: string) => new URL(url);
  it.each([
    ['https://www.linkedin.com/in/ana-souza-4b2a91/', '/in/*'],
    ['https://github.com/rafaelcosta', '/*'],
    ['https://app.hubspot.com/contacts/4412345/record/0-1/73512', '/contacts/*/record/*/*'],
    ['https://crm.zoho.com/crm/org771204/tab/Contacts/5129000000412001', '/crm/*/tab/*/*'],
    ['https://app10.ploomes.com/#/clients/4411', '/#/clients/*'],
    ['https://mail.google.com/mail/u/0/#inbox/FMfcgzQZ', '/mail/u/*'],
  ])('%s → %s', (url, pattern) => {
    expect(pathPattern(at(url))).toBe(pattern);
    expect(patternMatches(pattern, at(url))).toBe(true);
  });

  it('another record of the same kind matches; another kind of page does not', () => {
    expect(patternMatches('/in/*', at('https://www.linkedin.com/in/cedsantos/'))).toBe(true);
    expect(patternMatches('/in/*', at('https://www.linkedin.com/company/totvs/people/'))).toBe(false);
    expect(patternMatches('/#/clients/*', at('https://app10.ploomes.com/#/deals/77120'))).toBe(false);
  });

  it('the recipe for a page: same host, a matching pattern, the most specific', () => {
    const recipe = (host: string, path: string): Recipe => ({
      version: 1,
      id: host + path,
      hosts: [host],
      paths: [path],
      fields: {},
      taught: true,
      createdAt: 0,
      updatedAt: 0,
      uses: 0,
      lastMatchedAt: null,
    });
    const all = [
      recipe('crm.example.com', '/*/*'),
      recipe('crm.example.com', '/contacts/*'),
      recipe('other.com', '/contacts/*'),
    ];
    expect(recipeFor(all, 'https://crm.example.com/contacts/42')?.id).toBe('crm.example.com/contacts/*');
    expect(recipeFor(all, 'https://crm.example.com/deals/42')?.id).toBe('crm.example.com/*/*');
    expect(recipeFor(all, 'https://crm.example.com/contacts')).toBeNull();
    expect(recipeFor(all, 'not a url')).toBeNull();
  });
});
