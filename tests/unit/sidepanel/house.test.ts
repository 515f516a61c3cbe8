import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/* The panel's logic stays in files one can read whole: the store is slices with one job each (lib/panel/slices/). */

const root = path.resolve(__dirname, '../../..');
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : /\.tsx?$/.test(name) ? [file] : [];
  });

it('no file in lib/panel/ is over 400 lines', () => {
  const long = files(path.join(root, 'lib/panel'))
    .map((file) => ({
      file: path.relative(root, file),
      lines: readFileSync(file, 'utf8').split('\n').length,
    }))
    .filter((f) => f.lines > 400);
  expect(long).toEqual([]);
});

it('the store is composed of its four slices, each its own file', () => {
  const store = readFileSync(path.join(root, 'lib/panel/store.ts'), 'utf8');
  for (const slice of ['detect', 'form', 'run', 'screens'])
    expect(store).toMatch(new RegExp(`from '\\./slices/${slice}'`));
});
