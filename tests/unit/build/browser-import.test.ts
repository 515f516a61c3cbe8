import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { root, sources } from './sources';

it('every file that uses the extension API imports `browser` from wxt/browser (one style, no auto-import)', () => {
  const implicit = ['entrypoints', 'components', 'lib'].flatMap(sources).filter((file) => {
    const code = readFileSync(path.join(root, file), 'utf8');
    return (
      /\bbrowser\.[a-zA-Z]/.test(code) && !/import \{[^}]*\bbrowser\b[^}]*\} from 'wxt\/browser'/.test(code)
    );
  });
  expect(implicit).toEqual([]);
});
