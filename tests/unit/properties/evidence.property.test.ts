import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { couldBeCompany, domainCompany, isPlace, isRole, nameScore } from '@/lib/extract/evidence/judge';
import { companyFromDomain } from '@/lib/extract/email-name';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { labelled } from '@/lib/extract/evidence/fields';
import { page, qualification } from '@/lib/extract/evidence/page';
import { describedCompany, pageCompany } from '@/lib/extract/evidence/page-text';
import { personLine } from '@/lib/extract/evidence/prose';
import {
  DECORATIONS,
  DESCRIBED_PHRASES,
  PARTNER_QUALIFICATIONS,
  PLACES,
  ROLE_WORDS,
} from '@/lib/extract/rules/words';
import type { Extractor } from '@/lib/extract/types';
import { fold } from '@/lib/text';

/*
 * The rules of lib/extract/rules/words.ts as the readers apply them: a decoration, a place or a role is never a person's
 * name nor anyone's company, whatever the page writes around it; the same person read by several readers (or
 * several places of one page) is one candidate.
 */

installLexicon();
const doc = (html: string) => parseHTML(html).document as unknown as Document;
const upper = (s: string) => s.replace(/(^|\s)(\p{L})/gu, (_, sp: string, c: string) => sp + c.toUpperCase());
const place = fc.constantFrom(...PLACES).map(upper);
const role = fc
  .tuple(
    fc.constantFrom(...ROLE_WORDS.filter((w) => /^\p{L}{3,}\*?$/u.test(w)).map((w) => w.replace('*', 'or'))),
    fc.constantFrom('', ' de Vendas', ' of Sales', ' Comercial', ' de Compras', ' Sênior'),
  )
  .map(([w, rest]) => upper(w) + rest);
const decoration = fc
  .array(fc.constantFrom(...DECORATIONS), { minLength: 1, maxLength: 3 })
  .map((ws) => ws.map(upper).join(' '));
const notAnyone = fc.oneof(place, role, decoration);
const given = fc.constantFrom('Ana', 'João', 'Mariana', 'Carlos', 'Fernanda', 'Lucas', 'Patrícia', 'Rafael');
const surname = fc.constantFrom('Souza', 'Lima', 'Ribeiro', 'Albuquerque', 'Nascimento', 'Prado');
// what pages put around a text: a colon, a separator, a state after a city
const around = fc.constantFrom(
  (s: string) => s,
  (s: string) => `${s}:`,
  (s: string) => ` ${s} `,
);

describe('decorations, places and roles', () => {
  it('are never a name', () => {
    fc.assert(
      fc.property(notAnyone, around, (s, wrap) => {
        expect(nameScore(wrap(s).trim())).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('are never a company: a place or a title alone, or a city with its state', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          place,
          role.filter((r) => !/ /.test(r) || isRole(r)),
        ),
        (s) => {
          if (isPlace(s) || isRole(s)) expect(couldBeCompany(s)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        place,
        fc.constantFrom('SP', 'RJ', 'MG', 'PR', 'RS'),
        fc.constantFrom(' - ', ', ', '/'),
        (a, b, sep) => {
          expect(couldBeCompany(`${a}${sep}${b}`)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never come back as anyone on a page, nor as anyone’s company, whatever the labels say', () => {
    fc.assert(
      fc.property(given, surname, notAnyone, notAnyone, role, (first, last, asName, asCompany, title) => {
        const html = `<html><head><title>${first} ${last}</title></head><body><main>
          <h1>${first} ${last}</h1><p>${title}</p>
          <dl><dt>Nome</dt><dd>${asName}</dd><dt>Empresa</dt><dd>${asCompany}</dd><dt>Cargo</dt><dd>${title}</dd></dl>
          <div class="card"><strong>${asName}</strong><span>${title}</span></div>
          <div class="card"><strong>${asCompany}</strong><span>${title}</span></div>
          </main></body></html>`;
        const found = collect([page, labelled], doc(html), 'https://crm.exemplo.com.br/contatos/1');
        for (const c of found) {
          const name = fold(`${c.primeiro_nome} ${c.ultimo_nome}`);
          expect([fold(asName), fold(asCompany)]).not.toContain(name);
          expect(c.empresa === '' || couldBeCompany(c.empresa)).toBe(true);
          expect(fold(c.empresa)).not.toBe(fold(asCompany));
        }
        expect(found.map((c) => fold(`${c.primeiro_nome} ${c.ultimo_nome}`))).toContain(
          fold(`${first} ${last}`),
        );
      }),
      { numRuns: 150 },
    );
  });
});

describe('offices over names', () => {
  it('list the holders only: a decoration, a place or a role under an office is nobody, and no company is one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            role,
            fc.oneof(
              notAnyone,
              fc.tuple(given, surname).map(([a, b]) => `${a} ${b}`),
            ),
          ),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.constantFrom('h3', 'h4', 'strong'),
        (rows, tag) => {
          const body = rows.map(([office, held]) => `<p><${tag}>${office}</${tag}><br>${held}</p>`).join('');
          const html = `<html><head><title>Diretoria</title><meta property="og:site_name" content="Cooperativa Vale Verde"></head><body><main>${body}</main></body></html>`;
          const found = page.extract(doc(html), new URL('https://exemplo.com.br/diretoria'));
          const names = rows.map(([, held]) => fold(held));
          for (const c of found) {
            const name = fold(`${c.primeiro_nome} ${c.ultimo_nome}`);
            expect(names).toContain(name);
            expect(nameScore(`${c.primeiro_nome} ${c.ultimo_nome}`)).toBeGreaterThan(0);
            expect(c.empresa === '' || couldBeCompany(c.empresa)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the company a page describes', () => {
  it('is never a place, a role, a decoration or a person, whatever heading and title the page has', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          notAnyone,
          fc.tuple(given, surname).map(([a, b]) => `${a} ${b}`),
        ),
        fc.constantFrom('ConsultaSócios', 'Acme Indústria S.A.', 'Bayview Chamber'),
        fc.constantFrom(' | ', ' - ', ' – '),
        (heading, site, sep) => {
          const html = `<html><head><title>${heading}${sep}${site}</title><meta property="og:site_name" content="${site}"></head><body><main><h1>${heading}</h1></main></body></html>`;
          const co = pageCompany(doc(html));
          expect(fold(co)).not.toBe(fold(heading));
          expect(co === '' || couldBeCompany(co)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a lookup site’s pages (contact finders, directories, registries)', () => {
  const personName = fc.tuple(given, surname).map(([a, b]) => `${a} ${b}`);
  const site = fc.constantFrom('RocketReach', 'CNPJá', 'Econodata', 'ZoomInfo');
  // a phrase of the table with its '…' filled, as a heading or a title writes it
  const phrase = (x: string, p: string) => upper(p.replace('…', '\u0000')).replace('\u0000', x);

  it('never take a place, a role, a decoration or a person’s name for the company described', () => {
    fc.assert(
      fc.property(
        fc.oneof(notAnyone, personName),
        fc.constantFrom(...DESCRIBED_PHRASES),
        site,
        fc.boolean(),
        (x, p, brand, inTitle) => {
          const said = phrase(x, p);
          const html = `<html><head><title>${inTitle ? said : 'Perfil'} | ${brand}</title><meta property="og:site_name" content="${brand}"></head><body><main><h1>${inTitle ? 'Perfil' : x}</h1><h2>${said}</h2></main><footer>© 2026 ${brand}</footer></body></html>`;
          const d = doc(html);
          const about = describedCompany(d);
          expect(fold(about)).not.toBe(fold(x));
          expect(about === '' || couldBeCompany(about)).toBe(true);
          const co = pageCompany(d);
          expect(fold(co)).not.toBe(fold(x));
          expect(co === '' || couldBeCompany(co)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never make a qualification, a place, a role or a decoration a partner, nor anything but the company theirs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(notAnyone, personName), fc.constantFrom(...PARTNER_QUALIFICATIONS)), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.constantFrom('', '49-', '22 - '),
        fc.constantFrom(
          (n: string, q: string) => `<div><span>${n}</span><span>${q}</span></div>`,
          (n: string, q: string) => `<dl><dt>${n}</dt><dd>${q} · desde 2019</dd></dl>`,
          (n: string, q: string) => `<div><p>${n}</p><p><b>${q}</b></p></div>`,
        ),
        (rows, code, shape) => {
          const html = `<html><head><title>Cerealista Planalto Ltda - CNPJ 21.456.789/0001-30 | Econodata</title><meta property="og:site_name" content="Econodata"></head><body><main><h1>Cerealista Planalto Ltda</h1>${rows.map(([n, q]) => shape(n, code + upper(q))).join('')}</main></body></html>`;
          const found = collect([page], doc(html), 'https://www.econodata.com.br/consulta-empresa/1');
          const qualifications = new Set(PARTNER_QUALIFICATIONS);
          for (const c of found) {
            const name = fold(`${c.primeiro_nome} ${c.ultimo_nome}`);
            expect(qualifications.has(name)).toBe(false);
            expect(rows.some(([n]) => fold(n) === name && !nameScore(n))).toBe(false);
            expect(c.empresa).toBe('Cerealista Planalto Ltda');
            expect(qualification(c.cargo ?? '')).not.toBe('');
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('take the © line’s company from its own text, never a place, a role or the text after it', () => {
    fc.assert(
      fc.property(
        fc.oneof(notAnyone, fc.constantFrom('Acme Holding LLC', 'Vale Verde Ltda', 'Grupo Vittia')),
        fc.constantFrom('Privacy', 'Termos de uso', 'Remover meus dados', 'Cookies'),
        (holder, next) => {
          const html = `<html><head><title>Início</title></head><body><footer><p>© 2026 ${holder}</p><a href="/x">${next}</a></footer></body></html>`;
          const co = pageCompany(doc(html));
          expect(fold(co)).not.toContain(fold(next));
          expect(co === '' || couldBeCompany(co)).toBe(true);
          if (!couldBeCompany(holder)) expect(co).toBe('');
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('a line presenting a person', () => {
  it('never makes a decoration, a place or a role a name, nor a place, a role or the name a company', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          notAnyone,
          fc.tuple(given, surname).map(([a, b]) => `${a} ${b}`),
        ),
        fc.oneof(notAnyone, fc.constantFrom('Usina Santa Adélia', 'Grupo Vittia')),
        role,
        fc.constantFrom(
          (n: string, c: string, r: string) => `${n} (${c} — ${r})`,
          (n: string, c: string, r: string) => `${n} — ${r}, ${c}`,
          (n: string, c: string, r: string) => `Contato: ${n} – ${r}`,
        ),
        (name, co, title, write) => {
          const hit = personLine(write(name, co, title));
          if (!hit) return;
          expect(nameScore(hit[0])).toBeGreaterThanOrEqual(0.5);
          expect(fold(hit[0])).toBe(fold(name));
          expect(hit[1] === '' || couldBeCompany(hit[1])).toBe(true);
          expect(fold(hit[1])).not.toBe(fold(name));
        },
      ),
      { numRuns: 400 },
    );
  });
});

describe('one person, however many sources', () => {
  it('is one candidate: the heading, the title, a labelled field, a mail address and another reader', () => {
    fc.assert(
      fc.property(given, surname, fc.constantFrom('Nubank', 'Totvs', 'Embraer'), (first, last, company) => {
        const html = `<html><head><title>${first} ${last} | Contatos</title></head><body><main>
          <h1>${first} ${last}</h1><p>Gerente de Compras na ${company}</p>
          <dl><dt>Nome completo</dt><dd>${first} ${last}</dd><dt>E-mail</dt><dd>${fold(first)}.${fold(last)}@${fold(company)}.com.br</dd></dl>
          <a href="mailto:${fold(first)}.${fold(last)}@${fold(company)}.com.br">${first} ${last}</a>
          </main></body></html>`;
        const other: Extractor = {
          id: 'other',
          extract: () => [
            {
              primeiro_nome: first.toUpperCase(),
              ultimo_nome: last,
              empresa: company,
              confidence: 0.6,
              source: 'other',
            },
          ],
        };
        const found = collect([page, labelled, other], doc(html), 'https://crm.exemplo.com.br/contatos/1');
        expect(found).toHaveLength(1);
        expect(fold(`${found[0]!.primeiro_nome} ${found[0]!.ultimo_nome}`)).toBe(fold(`${first} ${last}`));
        expect(fold(found[0]!.empresa)).toBe(fold(company));
      }),
      { numRuns: 60 },
    );
  });
});

describe("a mail domain's company", () => {
  it('is the label before the public suffix, never a Brazilian category domain (.agr.br, .coop.br, .ind.br…)', () => {
    const label = fc.stringMatching(/^[a-z]{4,12}$/).filter((l) => !isRole(l) && !isPlace(l));
    const category = fc.constantFrom(
      'com',
      'net',
      'org',
      'ind',
      'adv',
      'eng',
      'med',
      'agr',
      'art',
      'coop',
      'inf',
      'emp',
      'tur',
    );
    const sub = fc.constantFrom('', 'mail.', 'vendas.');
    fc.assert(
      fc.property(label, category, sub, (name, cat, at) => {
        const domain = `${at}${name}.${cat}.br`;
        const company = name[0]!.toUpperCase() + name.slice(1);
        expect(domainCompany(`helena@${domain}`)).toBe(company);
        // the meeting's attendees read domains with their own rule: both agree
        const meeting = companyFromDomain(domain);
        if (meeting) expect(meeting).toBe(company);
      }),
      { numRuns: 300 },
    );
    expect(domainCompany('helena@fazendatreslagoas.agr.br')).toBe('Fazendatreslagoas');
    expect(domainCompany('adao@valeverde.coop.br')).toBe('Valeverde');
  });
});
