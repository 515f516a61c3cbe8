/*
 * What the reader (lib/analysis/normalize.ts) could not read from an analysis, as an entry keeps it
 * (`HistoryEntry.issues`): one line per field, `path: reason` with the reason in Portuguese, and past the cap one
 * line saying how many more there were. The reader writes these lines and the panel reads them back, here.
 */

/** The most issue lines kept with an entry; the rest are counted in one more line. */
export const MAX_ISSUES = 50;

export const issueLine = (path: string, reason: string): string => `${path}: ${reason}`;

export const moreLine = (n: number): string => `… e mais ${n} ${n === 1 ? 'problema' : 'problemas'}`;
const MORE = /^… e mais (\d+) problemas?$/;

export interface UnreadField {
  /** Where in the answer, e.g. `ocean_scores.openness` or `interesses_profissionais[2]`. */
  field: string;
  /** Why, in Portuguese, e.g. `esperado número (recebido texto)`. */
  reason: string;
}

/** The fields an entry's issues name, and how many there were in all (the ones past the cap included). */
export function unreadFields(issues: readonly string[]): { count: number; fields: UnreadField[] } {
  let more = 0;
  const fields: UnreadField[] = [];
  for (const line of issues) {
    const m = MORE.exec(line);
    if (m) {
      more += Number(m[1]);
      continue;
    }
    const at = line.indexOf(': ');
    fields.push(
      at < 0 ? { field: line, reason: '' } : { field: line.slice(0, at), reason: line.slice(at + 2) },
    );
  }
  return { count: fields.length + more, fields };
}
