import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { isPhone, isPlace, isRole } from '@/lib/extract/evidence/judge';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { companyText, mail, signatureOf, spelledName, writtenAs } from '@/lib/extract/evidence/mail';
import { extractors } from '@/lib/extract/sites';
import { PLACES, RECIPIENT_LABELS, ROLE_WORDS, SENDER_LABELS } from '@/lib/extract/rules/words';
import { fold } from '@/lib/text';
import { hostileText } from './arbitraries';

/*
 * The mail reader's text rules (lib/extract/evidence/mail.ts) on any signature a sender may write: a place, a phone, a site
 * or a role is never the company, whether read from the signature or from the address's domain; the sender seen in
 * the header and in the signature is one candidate.
 */

installLexicon();
const doc = (html: string) => parseHTML(`<html>${html}</html>`).document as unknown as Document;
const upper = (s: string) => s.replace(/(^|\s)(\p{L})/gu, (_, sp: string, c: string) => sp + c.toUpperCase());
const STATES = PLACES.filter((p) => p.length === 2);
const place = fc.oneof(
  fc.constantFrom(...PLACES.filter((p) => p.length > 2)).map(upper),
  // a town the tables do not know, with its state: "Caruaru - PE", "Feira de Santana/BA"
  fc
    .tuple(
      fc.constantFrom('Caruaru', 'Mossoró', 'Feira de Santana', 'Chapecó', 'Itajaí', 'Rio Verde'),
      fc.constantFrom(' - ', '/', ', '),
      fc.constantFrom(...STATES),
    )
    .map(([town, sep, uf]) => `${town}${sep}${uf.toUpperCase()}`),
);
const role = fc
  .tuple(
    fc.constantFrom(...ROLE_WORDS.filter((w) => /^\p{L}{3,}\*?$/u.test(w)).map((w) => w.replace('*', 'or'))),
    fc.constantFrom('', ' de Vendas', ' of Sales', ' Comercial', ' de Compras', ' Sênior'),
  )
  .map(([w, rest]) => upper(w) + rest);
const phone = fc
  .tuple(
    fc.constantFrom('', 'Tel.: ', 'Cel: ', '+55 '),
    fc.integer({ min: 11, max: 99 }),
    fc.integer({ min: 1000, max: 99999 }),
  )
  .map(([p, ddd, n]) => `${p}(${ddd}) ${n}-${String(n).slice(0, 4).padStart(4, '0')}`);
const site = fc.constantFrom('www.acme.com.br', 'acme.com', 'https://acme.io', 'ana@acme.com.br');
const footer = fc.constantFrom(
  'Antes de imprimir, pense em sua responsabilidade com o meio ambiente.',
  'Enviado do meu iPhone',
  'Esta mensagem pode conter informação confidencial.',
);
const notCompany = fc.oneof(place, role, phone, site, footer);
const given = fc.constantFrom('Ana', 'João', 'Mariana', 'Carlos', 'Fernanda', 'Lucas', 'Patrícia', 'Rafael');
const surname = fc.constantFrom('Souza', 'Lima', 'Ribeiro', 'Albuquerque', 'Nascimento', 'Prado');
const name = fc.tuple(given, surname).map(([g, s]) => `${g} ${s}`);
const never = (c: string) => !c || (!isPlace(c) && !isPhone(c) && !isRole(c) && !/@|www\.|https?:/.test(c));

describe('signatures and domains (properties)', () => {
  it('a place, a phone, a site, a role or a footer sentence is never a company text', () => {
    fc.assert(fc.property(notCompany, (s) => companyText(s) === ''));
  });

  it('a signature without a company line gives none, in either form, whatever its order', () => {
    fc.assert(
      fc.property(
        name,
        fc.array(notCompany, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (n, rest, oneLine) => {
          const lines = oneLine ? [[n, ...rest].join(' | ')] : [n, ...rest];
          expect(signatureOf(lines, n).company).toBe('');
        },
      ),
    );
  });

  it('a signature’s company line is found among places, phones and roles around it', () => {
    const firm = fc.constantFrom('Lumen Energia', 'Atacadão Porto Real', 'Fiorde Logistics', 'Embraer S.A.');
    fc.assert(
      fc.property(
        name,
        role,
        firm,
        fc.array(fc.oneof(place, phone, site), { maxLength: 4 }),
        (n, r, f, rest) => {
          expect(signatureOf([n, r, ...rest, f], n)).toEqual({ role: r, company: f });
        },
      ),
    );
  });

  it('the company of an address whose domain is a place or a role word is never that place or role', () => {
    const label = fc.constantFrom(
      ...PLACES.filter((p) => /^[a-z]{2,}$/.test(p)),
      ...ROLE_WORDS.filter((w) => /^[a-z]{3,}$/.test(w)),
    );
    fc.assert(
      fc.property(name, label, fc.array(fc.oneof(place, phone, role), { maxLength: 3 }), (n, d, sig) => {
        const email = `${fold(n).replace(' ', '.')}@${d}.com.br`;
        const page = doc(
          `<body><span title="${email}">${n}</span><div>${n}</div>${sig.map((l) => `<div>${l}</div>`).join('')}</body>`,
        );
        for (const c of collect(extractors, page, 'https://mail.example.com/'))
          expect(never(c.empresa), c.empresa).toBe(true);
        expect(never(writtenAs([...sig, d], `${d}.com.br`))).toBe(true);
      }),
    );
  });

  it('whoever a headers table labels a recipient (Para, To, Cc, Cópia…) is never listed; its sender is', () => {
    const label = (words: readonly string[]) =>
      fc
        .tuple(fc.constantFrom(...words), fc.constantFrom('', ':'), fc.boolean())
        .map(([w, colon, up]) => `${up ? upper(w) : w}${colon}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 2, maxLength: 4, selector: fold }),
        label(SENDER_LABELS),
        label(RECIPIENT_LABELS),
        fc.boolean(),
        ([sender, ...others], from, to, inMain) => {
          const cell = (n: string, domain: string) =>
            `<a href="mailto:${fold(n).replace(' ', '.')}@${domain}" title="${fold(n).replace(' ', '.')}@${domain}">${n}</a>`;
          const table = `<div id="message-header"><table><tbody>
            <tr><td>${from}</td><td>${cell(sender!, 'lumenenergia.com.br')}</td></tr>
            <tr><td>${to}</td><td>${others.map((o, i) => cell(o, i % 2 ? 'alfa.com.br' : 'harborline.com')).join(', ')}</td></tr>
            </tbody></table></div>`;
          const page = doc(`<body>${inMain ? `<main>${table}</main>` : table}
            <div><p>${sender}<br>Gerente de Compras<br>Lumen Energia</p></div></body>`);
          const found = collect(extractors, page, 'https://webmail.example.com/?_action=show').map((c) =>
            fold(`${c.primeiro_nome} ${c.ultimo_nome}`),
          );
          expect(found[0]).toBe(fold(sender!));
          for (const o of others) expect(found).not.toContain(fold(o));
        },
      ),
    );
  });

  it('the sender seen in the header, its label and the signature is one candidate', () => {
    fc.assert(
      fc.property(name, role, fc.boolean(), (n, r, labelled) => {
        const email = `${fold(n).replace(' ', '.')}@lumenenergia.com.br`;
        const head = labelled
          ? `<div aria-label="De: ${n}"><span title="${email}">${n}</span></div>`
          : `<h3><span email="${email}" name="${n}">${n}</span> &lt;${email}&gt;</h3>`;
        const page = doc(`<head><title>Email - Outlook</title></head><body>${head}
          <div><p>Bom dia.</p><p>${n}<br>${r}<br>Lumen Energia</p></div></body>`);
        const found = collect(extractors, page, 'https://mail.example.com/').filter(
          (c) => fold(`${c.primeiro_nome} ${c.ultimo_nome}`) === fold(n),
        );
        expect(found).toHaveLength(1);
        expect(found[0]!.empresa).toBe('Lumen Energia');
      }),
    );
  });
});

describe('people listed by their written address (properties)', () => {
  const ascii = (n: string) => fold(n).replace(' ', '.');
  const party = fc.record({
    n: name,
    domain: fc.constantFrom('orionfreight.com', 'serradomar.ind.br', 'lumenpay.io', 'gmail.com'),
    spelled: fc.boolean(),
    badge: fc.oneof(fc.constantFrom('Signer', 'Signatário', 'Pending', 'Assinado', 'Cc', 'Testemunha'), role),
  });

  it('lists the first signer who is not the signed-in user first, only people at that signer’s domain, never the user, a badge or a role', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(party, { minLength: 1, maxLength: 5, selector: (p) => fold(p.n) }),
        fc.nat(),
        fc.array(fc.oneof(hostileText, place, phone), { maxLength: 3 }),
        (parties, v, noise) => {
          const viewer = parties[v % parties.length]!;
          const rows = parties
            .map(
              (p) =>
                `<li><div>${p.spelled ? '' : `<b>${p.n}</b>`}<p>${ascii(p.n)}@${p.domain}</p><p>${p.badge}</p></div></li>`,
            )
            .join('');
          const page = doc(
            `<body><div class="navbar"><span>${viewer.n}</span></div><main><h1>Recipients</h1><ul>${rows}</ul>${noise
              .map((t) => `<p>${t.replace(/[<>&]/g, ' ')}</p>`)
              .join('')}</main></body>`,
          );
          const found = mail.extract(page, new URL('https://sign.example.com/documents/1'));
          const first = parties.find((p) => p !== viewer);
          const names = found.map((c) => fold(`${c.primeiro_nome} ${c.ultimo_nome}`));
          expect(names).not.toContain(fold(viewer.n));
          if (names.length) expect(names[0]).toBe(fold(first!.n));
          for (const c of found) {
            const at = parties.find((p) => fold(p.n) === fold(`${c.primeiro_nome} ${c.ultimo_nome}`));
            expect(at, `${c.primeiro_nome} ${c.ultimo_nome}`).toBeDefined();
            expect(at!.domain).toBe(first!.domain);
            expect(never(c.empresa), c.empresa).toBe(true);
          }
        },
      ),
    );
  });

  it('the name an address spells is its own words, or nothing; never a role or a list word', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.emailAddress(),
          hostileText,
          fc.tuple(role, given).map(([r, g]) => `${fold(r)}.${fold(g)}@acme.com`),
        ),
        (email) => {
          const n = spelledName(email);
          if (!n) return;
          expect(fold(n).replace(' ', '.')).toBe(fold(email.split('@')[0]!));
          expect(isRole(n)).toBe(false);
        },
      ),
    );
  });
});
