import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { companyFromDomain, emailParts, nameFromEmail } from '@/lib/extract/email-name';
import {
  MAILBOX_LISTS as LIST_WORDS,
  MAILBOX_PLACES as PLACE_WORDS,
  MAILBOX_ROLES as ROLE_WORDS,
} from '@/lib/extract/rules/address';
import { kindOf } from '@/lib/extract/sites/calendar';
import { fold } from '@/lib/text';
import { hostileText } from './arbitraries';

vi.setConfig({ testTimeout: 120_000 });

/* The address → name and domain → company rules never give a place, a role or markup as a person or a company. */

const people = ['ana', 'paula', 'ribeiro', 'joao', 'silva', 'da', 'dos', 'helena', 'mendes', 'thiago', 'x'];
const roles = [...ROLE_WORDS, ...LIST_WORDS];
const places = [...PLACE_WORDS];
const markup = [
  '<b>',
  '</script>',
  '"onerror=',
  "'",
  '&amp;',
  '<img src=x>',
  '{{x}}',
  '${x}',
  '%3Cb%3E',
  '\\',
];
const word = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...people) },
  { weight: 2, arbitrary: fc.constantFrom(...roles) },
  { weight: 2, arbitrary: fc.constantFrom(...places) },
  { weight: 1, arbitrary: fc.constantFrom(...markup) },
  { weight: 1, arbitrary: fc.stringMatching(/^[a-z0-9]{1,8}$/) },
  { weight: 1, arbitrary: hostileText.map((s) => s.slice(0, 12)) },
);
const sep = fc.constantFrom('.', '_', '-', '+', '');
const local = fc.array(fc.tuple(word, sep), { minLength: 1, maxLength: 5 }).map((ws) =>
  ws
    .map(([w, s]) => w + s)
    .join('')
    .replace(/[._+-]$/, ''),
);
const label = fc.oneof(
  fc.constantFrom('acme', 'nubank', 'grupo-boticario', 'itau-unibanco', 'mail', 'vendas', 'gmail', 'uol'),
  fc.constantFrom(...roles, ...places),
  fc.constantFrom(...markup),
  fc.stringMatching(/^[a-z0-9-]{1,12}$/),
);
const domain = fc
  .tuple(
    fc.array(label, { minLength: 1, maxLength: 3 }),
    fc.constantFrom('com', 'com.br', 'io', 'me', 'net.br', 'org'),
  )
  .map(([ls, tld]) => `${ls.join('.')}.${tld}`);

const words = (text: string) =>
  fold(text)
    .split(/[\s-]+/)
    .filter(Boolean);
const bad = (text: string) =>
  words(text).filter((w) => ROLE_WORDS.has(w) || LIST_WORDS.has(w) || PLACE_WORDS.has(w));
const badCompany = (text: string) => words(text).filter((w) => ROLE_WORDS.has(w) || PLACE_WORDS.has(w));
const MARKUP = /[<>"'`&{}$%\\/=;:()[\]]/;

describe('nameFromEmail', () => {
  it('gives a name of letters only, without a role or place word, or nothing', () => {
    fc.assert(
      fc.property(local, domain, (l, d) => {
        const name = nameFromEmail(`${l}@${d}`);
        if (!name) return;
        const whole = `${name.primeiro_nome} ${name.ultimo_nome}`;
        expect(whole).not.toMatch(MARKUP);
        expect(whole).toMatch(/^\p{Lu}\p{L}+(?: \p{L}+)*\s*$/u);
        expect(bad(whole)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads dotted names as first name and the rest', () => {
    expect(nameFromEmail('ana.paula.ribeiro@nubank.com.br')).toEqual({
      primeiro_nome: 'Ana',
      ultimo_nome: 'Paula Ribeiro',
    });
    expect(nameFromEmail('joao_dos_santos+crm@acme.com')).toEqual({
      primeiro_nome: 'Joao',
      ultimo_nome: 'dos Santos',
    });
    for (const a of ['vendas@acme.com', 'sala.sp@acme.com', 'a.b@acme.com', 'ana2@acme.com', 'x<b>@acme.com'])
      expect(nameFromEmail(a), a).toBeNull();
  });
});

describe('companyFromDomain', () => {
  it('gives a readable company without a role or place word or markup, or nothing', () => {
    fc.assert(
      fc.property(domain, (d) => {
        const company = companyFromDomain(d);
        if (!company) return;
        expect(company).not.toMatch(MARKUP);
        expect(company).toMatch(/^[A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*)*$/);
        expect(badCompany(company)).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the name before the public suffix; free mail names no company', () => {
    expect(companyFromDomain('mail.grupo-boticario.com.br')).toBe('Grupo Boticario');
    expect(companyFromDomain('ibm.com')).toBe('IBM');
    expect(companyFromDomain('vendas.nubank.com.br')).toBe('Nubank');
    for (const d of ['gmail.com', 'hotmail.com.br', 'uol.com.br', 'sp.gov.br', 'sala.com'])
      expect(companyFromDomain(d), d).toBe('');
  });
});

describe('kindOf', () => {
  it('never calls a role or place mailbox without a person name a person', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...roles, ...places),
        fc.constantFrom('.', '_', '-'),
        fc.constantFrom('', 'sp', 'br', '2'),
        domain,
        (w, s, tail, d) => {
          const address = `${w}${tail ? s + tail : ''}@${d}`;
          fc.pre(emailParts(address) !== null);
          expect(kindOf(address, '')).not.toBe('person');
        },
      ),
      { numRuns: 500 },
    );
  });
});
