import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { labelled, recordCompany } from '@/lib/extract/evidence/fields';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { hostileText } from './arbitraries';

/*
 * An ERP's company record (lib/extract/evidence/fields.ts recordCompany, contacts): on outside text, the company is a text the
 * record writes (its title or heading), never the word its mail domain squashes (the name as the record writes it, found whenever it has a legal form or kind of organisation); the signed-in user and the seller
 * are never the record's people; nothing throws.
 */

installLexicon();
const doc = (body: string, title = '') =>
  parseHTML(`<html><head><title>${title}</title></head><body>${body}</body></html>`)
    .document as unknown as Document;
const word = fc.constantFrom(
  'Serra',
  'Azul',
  'Vale',
  'Verde',
  'Tijucas',
  'Meridian',
  'Cold',
  'Chain',
  'Norte',
  'Aurora',
);
const kind = fc.constantFrom('', 'Ltda', 'S.A.', 'Cooperativa', 'Indústria', 'Logistics');
const given = fc.constantFrom('Ana', 'Helena', 'Carlos', 'Fernanda', 'Lucas', 'Anselmo', 'Mariana');
const surname = fc.constantFrom('Ribeiro', 'Cardoso', 'Bastos', 'Moraes', 'Prado', 'Okafor');
const squash = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

describe("an ERP's company record", () => {
  it('its company is a text the record writes, never the mail domain squashed into a name', () => {
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 3 }),
        kind,
        fc.constantFrom('', ' - Terceiros', ' | Odoo', ' - Customer'),
        fc.boolean(),
        fc.oneof(fc.constant(''), hostileText),
        (words, k, app, inHeading, extra) => {
          const name = [k === 'Cooperativa' ? k : '', ...words, k === 'Cooperativa' ? '' : k]
            .join(' ')
            .trim();
          const mail = `compras@${squash(words.join(''))}.com.br`;
          const d = doc(inHeading ? `<h1>${name}</h1><p>${extra}</p>` : `<p>${extra}</p>`, `${name}${app}`);
          const co = recordCompany(d, mail);
          // the name as the record writes it, or nothing; with a kind of organisation in it, always the name
          expect(['', name]).toContain(co);
          if (k) expect(co).toBe(name);
        },
      ),
    );
  });

  it('lists its contacts at the company, never the signed-in user nor the seller, and never throws', () => {
    fc.assert(
      fc.property(
        given,
        surname,
        given,
        surname,
        fc.array(word, { minLength: 1, maxLength: 3 }),
        fc.oneof(fc.constant(''), hostileText),
        (first, last, userFirst, userLast, words, extra) => {
          fc.pre(first !== userFirst);
          const co = `${words.join(' ')} Ltda`;
          const body = `<header><div class="user-menu"><span>${userFirst} ${userLast}</span><div>Gerente Comercial</div></div></header>
            <h1>${co}</h1>
            <div><label for="e">E-mail</label><input id="e" value="compras@${squash(words.join(''))}.com.br"></div>
            <div><label for="v">Vendedor</label><input id="v" value="${userFirst} ${userLast}"></div>
            <div class="card"><strong>${first} ${last}</strong><div>Gerente de Compras</div><div>${extra}</div></div>`;
          const found = labelled.extract(
            doc(body, `${co} - Clientes`),
            new URL('https://erp.exemplo.com.br/c/1'),
          );
          expect(found.map((c) => `${c.primeiro_nome} ${c.ultimo_nome}`)).toContain(`${first} ${last}`);
          for (const c of found) {
            expect(c.primeiro_nome).not.toBe(userFirst);
            expect(c.empresa).toBe(co);
          }
        },
      ),
    );
  });
});
