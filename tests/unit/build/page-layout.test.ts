import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectImports, root, sources } from './sources';

/*
 * Where code lives (docs/architecture.md, "Rooms"): entrypoints/<page>/ holds the page's HTML and its mount, the
 * page's UI lives in components/<page>/, lib/ never reaches into components/, the pages never into the worker's
 * lib/background/, and every stored item is read through lib/storage/.
 */

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const pages = readdirSync(path.join(root, 'entrypoints')).filter((name) =>
  statSync(path.join(root, 'entrypoints', name)).isDirectory(),
);

/** What a page's entrypoint folder holds besides its HTML, and why. */
const ENTRY_FILES: Record<string, string[]> = {
  batch: ['main.tsx'],
  options: ['main.tsx'],
  // The popup paints the cached balance before React loads (first-paint.ts), then mounts React from its own chunk.
  popup: ['first-paint.ts', 'main.tsx', 'mount.tsx'],
  // The panel's entry asks who is on the page before React loads (main.ts), then mounts the panel's chunk.
  sidepanel: ['main.ts', 'mount.tsx'],
};

describe('where code lives', () => {
  it('the entrypoint folder of each page holds only its HTML, its entry and its mount', () => {
    expect(pages.sort()).toEqual(Object.keys(ENTRY_FILES).sort());
    for (const page of pages) {
      const files = readdirSync(path.join(root, 'entrypoints', page)).filter(
        (name) => name !== 'index.html' && !name.endsWith('.css'),
      );
      expect(files.sort(), `entrypoints/${page}/`).toEqual(ENTRY_FILES[page]);
    }
  });

  it('no entrypoint defines a React component: each page renders one from components/', () => {
    const files = pages.flatMap((page) => sources(path.join('entrypoints', page)));
    const defining = files.filter((file) =>
      /\b(?:function|const|class)\s+[A-Z][a-z]\w*\s*(?:\(|=|extends)/.test(read(file)),
    );
    expect(defining).toEqual([]);
    const rendering = files.filter((file) => /\.render\(/.test(read(file)));
    expect(rendering.length).toBeGreaterThanOrEqual(pages.length);
    for (const file of rendering) expect(read(file), file).toMatch(/from '@\/components\/[a-z]+\/[A-Z]\w*'/);
  });

  it('lib/ never imports from components/', () => {
    const upward = sources('lib').filter((file) =>
      projectImports(read(file)).some((m) => m.startsWith('components/')),
    );
    expect(upward).toEqual([]);
  });

  it('the pages never import the worker’s code (lib/background/)', () => {
    const pageCode = [
      'components',
      ...pages.map((page) => path.join('entrypoints', page)),
      'lib/panel',
      'lib/options',
    ];
    const reaching = pageCode
      .flatMap((dir) => sources(dir))
      .filter((file) => projectImports(read(file)).some((m) => m.startsWith('lib/background')));
    expect(reaching).toEqual([]);
  });

  it('nothing outside lib/storage/ reads, writes or defines a stored item by its raw name', () => {
    const raw =
      /wxt\/utils\/storage|\bstorage\.(?:defineItem|getItems?|setItems?|removeItems?)\(|\bopenDB\(|\bindexedDB\.|\bchrome\.storage\b|\.storage\.(?:local|session|sync)\.(?:get|set|remove|clear)\(/;
    const offending = ['entrypoints', 'components', 'lib']
      .flatMap((dir) => sources(dir))
      .filter((file) => !file.startsWith(path.join('lib', 'storage') + path.sep) && raw.test(read(file)));
    expect(offending).toEqual([]);
  });

  it('the import reader sees static, dynamic and re-exported imports', () => {
    expect(
      projectImports(
        `import { a } from '@/lib/x';\nexport { b } from '@/components/y';\nvoid import('@/lib/z');`,
      ),
    ).toEqual(['lib/x', 'components/y', 'lib/z']);
  });
});
