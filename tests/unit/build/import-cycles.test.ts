import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The import graph of lib/ has no circle. A circle means two modules each need the other to be loaded first:
 * the order in which a bundle evaluates them then decides what one of them sees, and the layering is gone.
 * Type-only imports count too: they tie the modules together just as much for whoever changes them.
 */

const root = resolve(__dirname, '../../..');
const lib = join(root, 'lib');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/') || spec.startsWith('~/')) base = join(root, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const importPattern =
  /(?:^|\n)\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files(dir)) {
    const source = readFileSync(file, 'utf8');
    const deps = new Set<string>();
    for (const match of source.matchAll(importPattern)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? '');
      if (target?.startsWith(dir)) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

export function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    if (!state.has(node)) {
      const found = visit(node);
      if (found) return found;
    }
  }
  return null;
}

describe('import graph of lib/', () => {
  it('finds a circle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeNull();
  });

  it('reads the imports of the real files', () => {
    const graph = importGraph(lib);
    expect(graph.get(join(lib, 'messaging.ts'))?.length).toBeGreaterThan(0);
  });

  it('has no circle', () => {
    const cycle = findCycle(importGraph(lib));
    expect(cycle?.map((f) => relative(root, f)) ?? null).toBeNull();
  });
});
