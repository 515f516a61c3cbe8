/** Validation of the profile input of single and batch requests. Unknown fields are ignored. */
import type { ProfileInput } from './analysis';
import { isRecord } from './http';
import { MAX_BATCH_PROFILES } from './endpoints';

const MAX_NAME_LENGTH = 200;
const MAX_CONTEXT_LENGTH = 2000;

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string; suggestions: string[] };

const fail = (message: string, suggestions: string[] = []): Parsed<never> => ({
  ok: false,
  message,
  suggestions,
});

/** Reads one text field under its Portuguese name or its English alternate. */
function text(
  body: Record<string, unknown>,
  names: readonly string[],
  where: string,
  required: boolean,
  maxLength: number,
): Parsed<string | undefined> {
  const name = names.find((n) => body[n] !== undefined && body[n] !== null);
  const label = `${where}${names[0]}`;
  const value = name === undefined ? undefined : body[name];
  if (value === undefined)
    return required ? fail(`${label} é obrigatório`, [`Envie ${label} como texto`]) : { ok: true, value };
  if (typeof value !== 'string') return fail(`${label} deve ser texto`, [`Envie ${label} como texto`]);
  const trimmed = value.trim();
  if (trimmed === '')
    return required
      ? fail(`${label} não pode ser vazio`, [`Preencha ${label}`])
      : { ok: true, value: undefined };
  if (trimmed.length > maxLength)
    return fail(`${label} excede ${maxLength} caracteres`, ['Envie só o nome, sem outros textos']);
  if (/https?:\/\/|linkedin\.com\/in\//i.test(trimmed)) {
    return fail(`${label} não aceita URLs de perfil`, [
      'Informe nome, sobrenome e empresa; URLs de perfil não são aceitas',
    ]);
  }
  return { ok: true, value: trimmed };
}

export function parseProfile(body: unknown, where = '', lastNameRequired = false): Parsed<ProfileInput> {
  if (!isRecord(body))
    return fail(`${where || 'O corpo'} deve ser um objeto JSON com primeiro_nome e empresa`);
  const first = text(body, ['primeiro_nome', 'first_name'], where, true, MAX_NAME_LENGTH);
  if (!first.ok) return first;
  const last = text(body, ['ultimo_nome', 'last_name'], where, lastNameRequired, MAX_NAME_LENGTH);
  if (!last.ok) return last;
  const company = text(body, ['empresa', 'company'], where, true, MAX_NAME_LENGTH);
  if (!company.ok) return company;
  const context = text(body, ['contexto_adicional'], where, false, MAX_CONTEXT_LENGTH);
  if (!context.ok) return context;
  return {
    ok: true,
    value: {
      primeiro_nome: first.value!,
      empresa: company.value!,
      ...(last.value ? { ultimo_nome: last.value } : {}),
      ...(context.value ? { contexto_adicional: context.value } : {}),
    },
  };
}

type ParsedBatch =
  | { ok: true; profiles: ProfileInput[]; raw: unknown[] }
  | { ok: false; tooLarge: number }
  | { ok: false; message: string; suggestions: string[] };

export function parseBatch(body: unknown): ParsedBatch {
  if (!isRecord(body) || !Array.isArray(body.profiles)) {
    return { ok: false, message: 'O corpo deve ser um objeto JSON com a lista profiles', suggestions: [] };
  }
  const raw: unknown[] = body.profiles;
  if (raw.length === 0)
    return { ok: false, message: 'profiles não pode ser vazio', suggestions: ['Envie de 1 a 10 perfis'] };
  if (raw.length > MAX_BATCH_PROFILES) return { ok: false, tooLarge: raw.length };
  const profiles: ProfileInput[] = [];
  for (const [i, item] of raw.entries()) {
    const parsed = parseProfile(item, `profiles[${i}].`, true);
    if (!parsed.ok) return parsed;
    profiles.push(parsed.value);
  }
  return { ok: true, profiles, raw };
}
