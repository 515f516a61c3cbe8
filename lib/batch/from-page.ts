import type { Candidate } from '@/lib/extract/types';
import type { LookupInput } from '@/lib/model';

/** The longest context a lookup carries (the protocol's limit). */
const MAX_CONTEXT = 1000;

/**
 * A person read from the page, as a batch row: the role the page shows ("CEO", "CTO") goes as
 * `contexto_adicional`, the context that tells homonyms apart. It stays editable in the list.
 */
export function candidateToInput(c: Candidate): LookupInput {
  const role = (c.cargo ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_CONTEXT);
  return {
    primeiro_nome: c.primeiro_nome,
    ultimo_nome: c.ultimo_nome,
    empresa: c.empresa,
    ...(role && { contexto_adicional: role }),
  };
}

/** The list with one person's context replaced; an empty context is dropped. */
export function withContext(people: LookupInput[], index: number, context: string): LookupInput[] {
  return people.map((p, i) => {
    if (i !== index) return p;
    const { contexto_adicional: _old, ...rest } = p;
    const text = context.slice(0, MAX_CONTEXT);
    return text.trim() ? { ...rest, contexto_adicional: text } : rest;
  });
}
