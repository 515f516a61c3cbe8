import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { guestName, parseGuestLabel, readIcs, statusOf } from '@/lib/extract/sites/calendar';
import { hostileText } from './arbitraries';

vi.setConfig({ testTimeout: 120_000 });

/*
 * The pure readers of a meeting page: a guest row's accessible name ("Ana Souza, Organizador, Talvez") and an
 * invitation's .ics text. A status word is never a name; what the page says of a guest is read whole.
 */

const responses = {
  accepted: ['Sim', 'Yes', 'Aceito', 'Accepted', 'Attending'],
  declined: ['Não', 'No', 'Recusado', 'Declined'],
  tentative: ['Talvez', 'Maybe', 'Tentative'],
  pending: ['Aguardando', 'Awaiting', 'Aguardando resposta', 'Awaiting response', 'Sem resposta'],
} as const;
const organizer = ['Organizador', 'Organizer', 'Organizadora'];
const optional = ['Opcional', 'Optional', 'Convidado opcional', 'Optional guest'];
const statusWords = [...Object.values(responses).flat(), ...organizer, ...optional];

const given = ['Ana', 'Rafael', 'Helena', 'João', 'Márcia', 'Thiago', 'Vinícius', 'Lia'];
const family = ['Souza', 'Costa', 'Mendes', 'da Silva', 'Gonçalves', 'Faria', 'Ó'];
const personName = fc
  .tuple(fc.constantFrom(...given), fc.array(fc.constantFrom(...family), { minLength: 1, maxLength: 2 }))
  .map(([g, f]) => [g, ...f].join(' '));
const response = fc.constantFrom(...(Object.keys(responses) as (keyof typeof responses)[]));
const casing = (s: string) => fc.constantFrom(s, s.toUpperCase(), s.toLowerCase());

describe('a guest row’s accessible name', () => {
  it('property: "<name>, <status words…>" gives the name and what the words say, in any order and case', () => {
    fc.assert(
      fc.property(
        personName,
        fc.option(response),
        fc.boolean(),
        fc.boolean(),
        fc.nat(),
        fc.constantFrom(', ', ' · ', ' - ', ','),
        (name, answer, isOrganizer, isOptional, pick, sep) => {
          const parts: string[] = [];
          if (isOrganizer) parts.push(organizer[pick % organizer.length]!);
          if (isOptional) parts.push(optional[pick % optional.length]!);
          if (answer) parts.push(responses[answer][pick % responses[answer].length]!);
          // the order of the status parts varies
          if (pick % 2) parts.reverse();
          const read = parseGuestLabel([name, ...parts].join(sep));
          expect(read.name).toBe(name);
          expect(read.says.response).toBe(answer ?? undefined);
          expect(!!read.says.organizer).toBe(isOrganizer);
          expect(!!read.says.optional).toBe(isOptional);
        },
      ),
      { seed: 38, numRuns: 1000 },
    );
  });

  it('property: a status word, in any case, is never a name; nor an address, nor an avatar’s letter', () => {
    const part = fc.oneof(
      fc.constantFrom(...statusWords).chain(casing),
      fc.constantFrom('ana.souza@nubank.com.br', 'R', 'a', 'A B', '•', ''),
      hostileText.map((s) => s.slice(0, 20)),
      personName,
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), fc.constantFrom(', ', ' · ', '\n'), (parts, sep) => {
        const { name } = parseGuestLabel(parts.join(sep));
        if (!name) return;
        expect(statusOf(name)).toBeNull();
        expect(name).not.toContain('@');
        expect(name.split(' ').some((w) => w.replace(/[^\p{L}]/gu, '').length >= 2)).toBe(true);
        expect(guestName(name)).toBe(name);
      }),
      { seed: 38, numRuns: 2000 },
    );
  });

  it('a part is a status only when it is one whole: a sentence with "não" in it is not an answer', () => {
    expect(statusOf('Não')).toEqual({ response: 'declined' });
    expect(statusOf('não vai poder')).toBeNull();
    expect(parseGuestLabel('Ana Souza, Não').says.response).toBe('declined');
    expect(parseGuestLabel('Ana Souza').says).toEqual({});
  });
});

describe('readIcs', () => {
  const attendee = fc.record({
    local: fc.stringMatching(/^[a-z]{2,8}(?:\.[a-z]{2,8})?$/),
    name: fc.option(personName),
    part: fc.constantFrom('ACCEPTED', 'DECLINED', 'TENTATIVE', 'NEEDS-ACTION', ''),
    role: fc.constantFrom('REQ-PARTICIPANT', 'OPT-PARTICIPANT', ''),
  });

  it('property: each attendee once, with the answer, the name (never a status word) and optional as the .ics says', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(attendee, { selector: (a) => a.local, minLength: 1, maxLength: 12 }),
        fc.constantFrom('\r\n', '\n'),
        (people, nl) => {
          const lines = [
            'BEGIN:VCALENDAR',
            'BEGIN:VEVENT',
            'SUMMARY:Revisão\\, contrato',
            'DTSTART:20250617T130000Z',
            ...people.map(
              (p) =>
                `ATTENDEE;CUTYPE=INDIVIDUAL${p.role ? `;ROLE=${p.role}` : ''}${p.part ? `;PARTSTAT=${p.part}` : ''}${
                  p.name ? `;CN="${p.name}"` : ''
                }:mailto:${p.local}@cliente.com.br`,
            ),
            'END:VEVENT',
            'END:VCALENDAR',
          ];
          // a long line goes on over the next, after a space
          const ics = lines
            .map((l) => (l.length > 40 ? `${l.slice(0, 40)}${nl} ${l.slice(40)}` : l))
            .join(nl);
          const read = readIcs(ics)!;
          expect(read.title).toBe('Revisão, contrato');
          expect(read.guests.map((g) => g.email)).toEqual(people.map((p) => `${p.local}@cliente.com.br`));
          for (const [i, g] of read.guests.entries()) {
            const p = people[i]!;
            expect(g.response).toBe(
              (
                { ACCEPTED: 'accepted', DECLINED: 'declined', TENTATIVE: 'tentative' } as Record<
                  string,
                  string
                >
              )[p.part] ?? 'pending',
            );
            expect(g.name).toBe(p.name ?? '');
            expect(!!g.optional).toBe(p.role === 'OPT-PARTICIPANT');
          }
        },
      ),
      { seed: 38, numRuns: 300 },
    );
  });

  it('property: never throws on any text, and lists only addresses', () => {
    fc.assert(
      fc.property(fc.oneof(hostileText, fc.string()), (t) => {
        const read = readIcs(
          `BEGIN:VCALENDAR\nBEGIN:VEVENT\n${t}\nATTENDEE;CN=${t.slice(0, 10)}:mailto:${t}\nEND:VEVENT`,
        );
        for (const g of read?.guests ?? []) {
          expect(g.email).toMatch(/^[^\s@]+@[^\s@]+\.[^\s@]+$/);
          expect(statusOf(g.name)).toBeNull();
        }
      }),
      { seed: 38, numRuns: 500 },
    );
  });

  it('the organizer, rooms and declined guests as the .ics says', () => {
    const read = readIcs(
      [
        'BEGIN:VCALENDAR',
        'BEGIN:VEVENT',
        'ORGANIZER;CN=Ana Souza:mailto:ana.souza@cliente.com.br',
        'ATTENDEE;CN=Ana Souza;PARTSTAT=ACCEPTED:mailto:ana.souza@cliente.com.br',
        'ATTENDEE;CUTYPE=ROOM;CN=Sala 3:mailto:sala3@cliente.com.br',
        'ATTENDEE;CN=Declined;PARTSTAT=DECLINED:mailto:rui.lima@cliente.com.br',
        'END:VEVENT',
        'END:VCALENDAR',
      ].join('\r\n'),
    )!;
    expect(read.guests).toEqual([
      {
        name: 'Ana Souza',
        email: 'ana.souza@cliente.com.br',
        response: 'accepted',
        organizer: true,
        kind: 'person',
      },
      { name: '', email: 'sala3@cliente.com.br', response: 'pending', organizer: false, kind: 'room' },
      { name: '', email: 'rui.lima@cliente.com.br', response: 'declined', organizer: false, kind: 'person' },
    ]);
  });
});
