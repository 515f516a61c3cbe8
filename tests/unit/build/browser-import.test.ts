import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/** Every source file of the extension (entrypoints, components, lib). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

it('every file that uses the extension API imports `browser` from wxt/browser (one style, no auto-import)', () => {
  const implicit = ['entrypoints', 'components', 'lib'].flatMap(sources).filter((file) => {
    const code = readFileSync(file, 'utf8');
    return (
      /\bbrowser\.[a-zA-Z]/.test(code) && !/import \{[^}]*\bbrowser\b[^}]*\} from 'wxt\/browser'/.test(code)
    );
  });
  expect(implicit).toEqual([]);
});
