import { MAX_CANDIDATES, type Candidate } from '@/lib/extract/types';
import {
  GUEST_KINDS,
  MAX_GUESTS,
  MEETING_SOURCES,
  RESPONSES,
  type Guest,
  type MeetingReading,
} from '@/lib/extract/meeting-types';
import type { ContentResponse } from '@/lib/messaging';

/*
 * The content script's answer as the panel's early question takes it (./early-reply.ts): read exactly as the
 * protocol's contentResponseSchema reads it in the worker (lib/messaging.ts) — the same fields, bounds and enums,
 * unknown fields dropped — but without zod, which the panel's first paint then does without. The property test
 * tests/unit/properties/content-response.property.test.ts holds the two to the same answers.
 */

const NOT_READ = Symbol('not read');
const fail = (): never => {
  throw NOT_READ;
};

type Fields = Record<string, unknown>;
const record = (x: unknown): Fields =>
  typeof x === 'object' && x !== null && !Array.isArray(x) ? (x as Fields) : fail();
const text = (x: unknown, max: number): string => (typeof x === 'string' && x.length <= max ? x : fail());
const number = (x: unknown, min: number, max: number): number =>
  typeof x === 'number' && Number.isFinite(x) && x >= min && x <= max ? x : fail();
const flag = (x: unknown): boolean => (typeof x === 'boolean' ? x : fail());
const oneOf = <T extends string>(values: readonly T[], x: unknown): T =>
  values.includes(x as T) ? (x as T) : fail();
const list = <T>(x: unknown, max: number, read: (item: unknown) => T): T[] =>
  Array.isArray(x) && x.length <= max ? Array.from(x, read) : fail();
/** An optional field: absent stays absent, undefined stays undefined (as the schema gives it back). */
const optional = <K extends string, T>(from: Fields, key: K, read: (x: unknown) => T) =>
  (from[key] === undefined ? (key in from ? { [key]: undefined } : {}) : { [key]: read(from[key]) }) as {
    [k in K]?: T;
  };

function candidate(x: unknown): Candidate {
  const c = record(x);
  return {
    primeiro_nome: text(c.primeiro_nome, 500),
    ultimo_nome: text(c.ultimo_nome, 500),
    empresa: text(c.empresa, 500),
    ...optional(c, 'cargo', (v) => text(v, 500)),
    confidence: number(c.confidence, 0, 1),
    source: text(c.source, 100),
  };
}

function guest(x: unknown): Guest {
  const g = record(x);
  return {
    name: text(g.name, 200),
    email: text(g.email, 320),
    response: oneOf(RESPONSES, g.response),
    organizer: flag(g.organizer),
    ...optional(g, 'optional', flag),
    kind: oneOf(GUEST_KINDS, g.kind),
  };
}

function meeting(x: unknown): MeetingReading {
  const m = record(x);
  const unlisted = number(m.unlisted, 0, 10_000);
  return {
    source: oneOf(MEETING_SOURCES, m.source),
    title: text(m.title, 300),
    when: text(m.when, 200),
    self: text(m.self, 320),
    guests: list(m.guests, MAX_GUESTS, guest),
    unlisted: Number.isSafeInteger(unlisted) ? unlisted : fail(),
  };
}

/** The answer, read; null when it does not read. */
export function readContentResponse(x: unknown): ContentResponse | null {
  try {
    const r = record(x);
    return {
      url: text(r.url, 4096),
      title: text(r.title, 500),
      candidates: list(r.candidates, MAX_CANDIDATES, candidate),
      ...optional(r, 'composing', flag),
      ...optional(r, 'meeting', meeting),
    };
  } catch (e) {
    if (e === NOT_READ) return null;
    throw e;
  }
}
