import type { Candidate } from './types';
import { person, splitRole, tidy } from './names';

/**
 * One line about a person: "Ana Souza – Nubank", "Ana Souza (Nubank)", "Ana Souza @ Nubank",
 * "Ana Souza, Head of Sales at Nubank", "Ana Souza | Gerente Comercial | Nubank" -> [name, title, company].
 */
export function splitLine(line: string): [string, string, string] {
  const s = tidy(line, 500);
  const [name = '', ...rest] =
    /^([^(]+)\(([^)]+)\)$/.exec(s)?.slice(1) ?? s.split(/ ?(?:[|–—•,]| - | @ ?) ?/);
  const company = rest.pop() ?? '';
  const title = rest.join(' | ');
  return [name, ...((!title && splitRole(company)) || [title, company])] as [string, string, string];
}

/** The text the user selected, read as a person ("Analisar '…'" in the context menu). */
export function parseSelection(text: string): Candidate | null {
  const [name, title, company] = splitLine(text);
  return person('selection', 0.9, name, company, title);
}
