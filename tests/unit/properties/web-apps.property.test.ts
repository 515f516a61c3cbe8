import fc from 'fast-check';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { collect } from '@/lib/extract/candidates';
import { couldBeCompany, nameScore } from '@/lib/extract/evidence/judge';
import { labelled } from '@/lib/extract/evidence/fields';
import { installLexicon } from '@/lib/extract/rules/lexicon';
import { page } from '@/lib/extract/evidence/page';
import {
  PERSON_LABELS,
  PLACES,
  TEAM_LABELS,
  UI_WORDS,
  VIEWER_MARKS,
  WITH_WORDS,
} from '@/lib/extract/rules/words';

/*
 * The web-app rules of lib/extract/rules/words.ts as the readers apply them, on outside text: a box's label or an app's
 * section is never a name nor a company; a person with their handle is never a company; in a list of people the
 * row the app marks as the viewer's is never listed and every other known name is; whom a booking is "with" is
 * listed only when it is a person's name.
 */

installLexicon();
const doc = (body: string, title = '') =>
  parseHTML(`<html><head><title>${title}</title></head><body>${body}</body></html>`)
    .document as unknown as Document;
const upper = (s: string) => s.replace(/(^|\s)(\p{L})/gu, (_, sp: string, c: string) => sp + c.toUpperCase());
const given = fc.constantFrom(
  'Ana',
  'João',
  'Mariana',
  'Carlos',
  'Fernanda',
  'Lucas',
  'Patrícia',
  'Rafael',
  'Beatriz',
);
const surname = fc.constantFrom(
  'Souza',
  'Lima',
  'Ribeiro',
  'Albuquerque',
  'Nascimento',
  'Prado',
  'Campos',
  'Brandt',
);
const fullName = fc.tuple(given, surname).map(([a, b]) => `${a} ${b}`);
const label = fc.constantFrom(...PERSON_LABELS, ...TEAM_LABELS);
const casing = fc.constantFrom(
  upper,
  (s: string) => s.toUpperCase(),
  (s: string) => s,
);
const around = fc.constantFrom(
  (s: string) => s,
  (s: string) => `${s}:`,
  (s: string) => ` ${s} `,
  (s: string) => `${s} *`,
);

describe("a box's label, an app's section", () => {
  it('is never a name nor a company', () => {
    fc.assert(
      fc.property(label, casing, around, (l, cased, wrap) => {
        const t = wrap(cased(l)).trim();
        expect(nameScore(t)).toBe(0);
        expect(couldBeCompany(t)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  it("makes a text with one of its words nobody's name", () => {
    fc.assert(
      fc.property(fc.constantFrom(...UI_WORDS), surname, fc.boolean(), (w, other, first) => {
        const t = first ? `${upper(w)} ${other}` : `${other} ${upper(w)}`;
        expect(nameScore(t)).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a person with their handle', () => {
  it('is never a company', () => {
    fc.assert(
      fc.property(fullName, fc.stringMatching(/^@?[a-z0-9][a-z0-9._-]{0,19}$/), (name, handle) => {
        expect(couldBeCompany(`${name} (${handle})`)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe("a list of people with the viewer's own row", () => {
  const mark = fc.tuple(
    fc.constantFrom(...VIEWER_MARKS),
    casing,
    fc.constantFrom('', 'Host, ', 'Organizador, '),
  );
  it('lists every other person and never the viewer, the mark inside the name or beside it', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fullName, { minLength: 2, maxLength: 5 }),
        fc.nat(),
        mark,
        fc.boolean(),
        (people, at, [word, cased, before], inside) => {
          const viewer = at % people.length;
          const tag = `(${before}${cased(word)})`;
          const rows = people
            .map((n, i) => {
              const own = i === viewer;
              const name = own && inside ? `${n} ${tag}` : n;
              return `<li class="row"><span class="avatar">AB</span><span class="name">${name}</span>${own && !inside ? `<span class="label">${tag}</span>` : ''}</li>`;
            })
            .join('');
          const found = collect(
            [page, labelled],
            doc(`<ul class="people">${rows}</ul>`),
            'https://app.example.com/call',
          ).map((c) => `${c.primeiro_nome} ${c.ultimo_nome}`);
          expect(found).not.toContain(people[viewer]);
          expect(new Set(found)).toEqual(new Set(people.filter((_, i) => i !== viewer)));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('whom a booking is with', () => {
  it('is the person named after the word, and nobody when a place or a label follows it', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WITH_WORDS),
        fc.oneof(
          fullName.map((n) => [n, true] as const),
          fc.constantFrom(...PLACES.filter((p) => p.includes(' '))).map((p) => [upper(p), false] as const),
          label.filter((l) => l.includes(' ')).map((l) => [upper(l), false] as const),
        ),
        fc.boolean(),
        (w, [who, isPerson], inTitle) => {
          const t = `Reunião de 30 min ${w} ${who}`;
          const d = inTitle ? doc('<p>Agenda</p>', t) : doc(`<h1>${t}</h1>`);
          const found = collect([page], d, 'https://agenda.example.com/x').map(
            (c) => `${c.primeiro_nome} ${c.ultimo_nome}`,
          );
          expect(found).toEqual(isPerson ? [who] : []);
        },
      ),
      { numRuns: 300 },
    );
  });
});
