import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/architecture.md opens with a table of tasks and the files each touches: a newcomer follows it in one hop, so
 * a path in it that no longer exists (a file moved, renamed or removed) fails here.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');

/** The rows of the first table under "Where a change goes": [task, cell with the files]. */
function taskRows(): [string, string][] {
  const section = doc.slice(doc.indexOf('## Where a change goes'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| to add')));
  return table
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l) && !l.includes('to add…'))
    .map((l) => l.split('|').map((c) => c.trim()))
    .map((cells) => [cells[1]!, cells[2]!]);
}

/** The backquoted words of a cell that are paths (a slash, or a file's extension). */
const pathsIn = (cell: string) =>
  [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((w) => /\/|\.(ts|tsx|md|json)$/.test(w));

describe('docs/architecture.md: the task → files table', () => {
  it('has a row for each kind of change a newcomer makes', () => {
    expect(taskRows().map(([task]) => task)).toEqual([
      'a site reader',
      "a CRM's note editor",
      'a calendar',
      'a stored item',
      'a message type',
      'an API endpoint',
      'a setting',
      'a language string',
    ]);
  });

  it('names only files that exist', () => {
    for (const [task, cell] of taskRows()) {
      const paths = pathsIn(cell);
      expect(paths.length, task).toBeGreaterThan(0);
      for (const path of paths) expect(existsSync(join(ROOT, path)), `${task}: ${path}`).toBe(true);
    }
  });

  it('reads a path out of a cell, and a missing one fails', () => {
    expect(pathsIn('x in `lib/nowhere.ts` → `NOTE_WORDS` → `docs/adding.md`')).toEqual([
      'lib/nowhere.ts',
      'docs/adding.md',
    ]);
    expect(existsSync(join(ROOT, 'lib/nowhere.ts'))).toBe(false);
  });
});
