import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectImports, root, sources } from './sources';

/*
 * The popup's stylesheet (components/popup/styles.css) is generated from the sources it names, not from the whole
 * tree: a class used by a file it does not name would be missing from the popup. Every file the popup's code reaches
 * that can carry classes (components/ and the popup's entry) must lie under one of its sources.
 */

const STYLESHEET = 'components/popup/styles.css';
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** The file an `@/` import names, with its extension. */
function resolve(spec: string): string | undefined {
  return [`${spec}.ts`, `${spec}.tsx`, `${spec}/index.ts`, `${spec}/index.tsx`].find((f) =>
    existsSync(path.join(root, f)),
  );
}

/** Every project file the popup's entry reaches, statically or not. */
function reached(): Set<string> {
  const seen = new Set<string>();
  const queue = sources('entrypoints/popup');
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = read(file);
    const relative = [...code.matchAll(/from\s+'(\.\.?\/[^']+)'/g)].map((m) =>
      path.join(path.dirname(file), m[1]!),
    );
    for (const spec of [...projectImports(code), ...relative]) {
      const next = resolve(spec);
      if (next) queue.push(next);
    }
  }
  return seen;
}

describe("the popup's own stylesheet", () => {
  it("names every folder or file of the popup's code that can carry classes", () => {
    const css = read(STYLESHEET);
    const named = [...css.matchAll(/@source\s+'([^']+)'/g)].map((m) =>
      path.join(path.dirname(STYLESHEET), m[1]!),
    );
    expect(named.length).toBeGreaterThan(0);
    const styled = [...reached()].filter((f) => f.startsWith('components/') || f.startsWith('entrypoints/'));
    expect(styled).toContain('components/popup/Popup.tsx');
    const unnamed = styled.filter((f) => !named.some((src) => f === src || f.startsWith(`${src}/`)));
    expect(unnamed).toEqual([]);
  });

  it('classes live in components and entries only: no reached lib file writes a class list', () => {
    const lib = [...reached()].filter((f) => f.startsWith('lib/'));
    expect(lib.length).toBeGreaterThan(0);
    expect(lib.filter((f) => /className|\b(bg|text|border)-(zinc|white|indigo)/.test(read(f)))).toEqual([]);
  });
});
