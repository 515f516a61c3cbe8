import type { Candidate } from '@/lib/extract/types';
import { MAX_CANDIDATES } from '@/lib/extract/types';
import { cleanName } from '@/lib/extract/names';
import { fold } from '@/lib/text';
import type { Applied } from './locate';

/** The source of a person a recipe found: what the panel shows as "taught". */
export const RECIPE_SOURCE = 'recipe';

const nameOf = (c: Pick<Candidate, 'primeiro_nome' | 'ultimo_nome'>) =>
  fold(`${c.primeiro_nome} ${c.ultimo_nome}`);

/** A name as the form takes it: the first word, then the rest. */
export function splitName(name: string): { primeiro_nome: string; ultimo_nome: string } {
  const [first = '', ...rest] = name.replace(/\s+/g, ' ').trim().split(' ');
  return { primeiro_nome: first, ultimo_nome: rest.join(' ') };
}

/** The detected person a recipe's name reading is: the same name, or the longest name its text holds. */
function detected(candidates: Candidate[], value: string): Candidate | undefined {
  const text = ` ${fold(value).replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const holds = candidates.filter((c) => nameOf(c) && text.includes(` ${nameOf(c)} `));
  return holds.sort((a, b) => nameOf(b).length - nameOf(a).length)[0];
}

/**
 * The page's people with what its site's recipe read on it (lib/recipe/locate.ts `apply`): the recipe's person
 * first — a detected person its name reading holds, else the name it read, cleaned — at the company and role it
 * read; the others after. A recipe that reads only a company gives it to the page's first person. What a recipe
 * found only through the page's layout (`weak`) is trusted less: such a name counts only where the readers found
 * nobody or as their own first person, such a company only where the readers found none. `overrides` false (a recipe this seller did not
 * teach, on a site with a reader of its own): the readers' first person stays first and keeps their company.
 */
export function withRecipe(
  candidates: Candidate[],
  { values, weak }: Pick<Applied, 'values' | 'weak'>,
  overrides: boolean,
): Candidate[] {
  const trusted = (f: 'name' | 'company' | 'role') => !weak.includes(f);
  const company = values.company?.replace(/\s+/g, ' ').trim().slice(0, 120) ?? '';
  const role = values.role?.replace(/\s+/g, ' ').trim().slice(0, 200) ?? '';
  /** `c` at the recipe's company and role (a layout's reading only where the readers found none). */
  const fill = (c: Candidate): Candidate => ({
    ...c,
    ...(company && (trusted('company') || !c.empresa) && { empresa: company }),
    ...(role && (trusted('role') || !c.cargo) && { cargo: role }),
    source: RECIPE_SOURCE,
  });
  let person: Candidate | undefined;
  if (values.name) {
    const same = detected(candidates, values.name);
    const name = cleanName(values.name);
    // a name read through the layout alone counts where the readers found nobody, or as their own first
    if (!trusted('name'))
      person = candidates.length ? (same === candidates[0] ? same : undefined) : undefined;
    else person = same;
    if (!person && name && (trusted('name') || !candidates.length))
      person = { ...splitName(name), empresa: '', confidence: 1, source: RECIPE_SOURCE };
  }
  if (!person) {
    // a company (or role) alone: the page's first person's
    const [first, ...rest] = candidates;
    if (!first || !overrides || values.name || (!company && !role)) return candidates;
    return [fill(first), ...rest];
  }
  const others = candidates.filter((c) => c !== person);
  if (overrides) return [{ ...fill(person), confidence: 1 }, ...others].slice(0, MAX_CANDIDATES);
  if (candidates.includes(person)) return candidates;
  const [first, ...rest] = candidates;
  return (first ? [first, fill(person), ...rest] : [fill(person)]).slice(0, MAX_CANDIDATES);
}
