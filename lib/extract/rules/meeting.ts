import type { GuestSays } from '../meeting-types';

/*
 * The words the meeting reader (lib/extract/sites/calendar.ts) reads a calendar's event and an invitation by, in
 * pt-BR and English, folded (lower-case, without accents) unless said otherwise: a guest's answer, role and kind, the
 * counts a long guest list writes, the controls beside an event's time, the labels of an event's guests.
 */

// the account's own row in a guest list ("Você", "You"), never a guest
export const VIEWER = /^(?:voce|you|eu|me|mim)$/;

// a guest's answer, role and kind, anywhere in what its row says
export const DECLINED = /\b(?:recusou|recusad[oa]s?|recusaram|declined|nao vai|not going|rejected)\b/;
export const TENTATIVE = /\b(?:talvez|maybe|tentative|provisori[oa]s?|provisoriamente)\b/;
export const ACCEPTED = /\b(?:aceit(?:o|ou|aram|ado|os)|accepted|confirmad[oa]s?|vai participar|going)\b/;
export const PENDING =
  /\b(?:aguardando|awaiting|sem resposta|no response|nao responde(?:u|ram)|not responded|pendentes?)\b/;
export const ORGANIZER = /\b(?:organizador[a]?|organi[sz]er)\b/;
export const OPTIONAL = /\b(?:opcional|opcionais|optional)\b/;
export const GROUP_MARK =
  /\b(?:grupo|group|lista de distribuicao|distribution list|\d+ (?:membros|members))\b/;
export const ROOM_MARK = /\b(?:sala|room|auditorio|auditorium|recurso|resource)\b/;

/*
 * The words a guest row's accessible name puts after the name, each a whole part of the label ("Ana Souza,
 * Organizador, Talvez", "Rafael Costa, Não", "Carla Dias, Optional, Declined"), in pt-BR and English. A part is a
 * status only when it is one of these whole: "Não" in a sentence is not an answer.
 */
export const STATUS_PARTS: [RegExp, GuestSays][] = [
  [
    /^(?:sim|yes|aceito|aceita|aceitou|accepted|going|attending|confirmad[oa]|vai participar)$/,
    { response: 'accepted' },
  ],
  [/^(?:nao|no|recusado|recusada|recusou|declined|not going|nao vai)$/, { response: 'declined' }],
  [/^(?:talvez|maybe|tentative|provisori[oa]|tentativo)$/, { response: 'tentative' }],
  [
    /^(?:aguardando(?: resposta)?|awaiting(?: response)?|sem resposta|no response|nao respondeu|pendente|pending|needs action)$/,
    { response: 'pending' },
  ],
  [/^(?:organizador[a]?|organi[sz]er|criador[a]? do evento|event creator)$/, { organizer: true }],
  [
    /^(?:opcional|optional|convidad[oa] opcional|optional guest|participante opcional|optional attendee)$/,
    { optional: true },
  ],
];

// "Mais 5 convidados", "e mais 5", "+5", "5 more guests": the guests a long list leaves out, as the page says it
export const MORE =
  /^(?:(?:e )?mais|\+) ?(\d{1,4})(?: (?:convidad[oa]s?|pessoas|participantes|outr[oa]s))?$|^(\d{1,4}) (?:more|mais|outr[oa]s)(?: (?:guests?|attendees?|people|convidad[oa]s?|pessoas))?$/;
// "12 convidados", "14 guests": how many the page counts
export const TOTAL =
  /^(\d{1,4}) (?:convidad[oa]s?|convidado\(s\)|guests?|participantes|attendees|pessoas|people)$/;

// The controls an event's page writes beside its time: not part of the time
export const CONTROLS =
  /\b(?:Fuso hor[áa]rio|Time ?zone|Dia inteiro|All day|N[ãa]o se repete|Does not repeat|Repetir|Encontrar um hor[áa]rio|Find a time|Hor[áa]rios sugeridos|Suggested times)\b/gi;

export const GUEST_LABEL = /^(?:convidados|guests|participantes|attendees|quem|who)(?: \(\d+\))?:?$/;

export const OUTLOOK_MEETING =
  /\b(?:organizador[a]?|organizer|obrigatorio|obrigatorios|required|participantes|attendees|aceitar|accept)\b/;

/** The labels of an event's title field in Google Calendar's full event page. */
export const TITLE_LABELS = 'título|title|adicionar título|add title';
