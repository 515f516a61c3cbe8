import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * A bar of the house: no function, arrow or method of the product (lib/, components/, entrypoints/) runs over
 * MAX_LINES lines; generated tables (*.data.ts) are not written by hand and are left out. A function split at
 * its seams (module-level helpers taking a small context, or sub-factories the factory composes) reads in one go.
 */

const MAX_LINES = 150;

/** The product's hand-written TypeScript files, as git knows them. */
function productFiles(): string[] {
  return execFileSync('git', ['ls-files', 'lib', 'components', 'entrypoints'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.tsx?$/.test(f) && !/\.d\.ts$/.test(f) && !/\.data\.ts$/.test(f));
}

/** The name a function goes by: its own, or that of what it is assigned to; anonymous ones by where they stand. */
function nameOf(node: ts.Node, sf: ts.SourceFile): string {
  const named = node as ts.FunctionLikeDeclaration;
  if (named.name) return named.name.getText(sf);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(sf);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(sf);
    // A component wrapped in memo/forwardRef goes by the variable it is assigned to.
    if (ts.isVariableDeclaration(parent.parent)) return parent.parent.name.getText(sf);
    return `${callee}(…) callback`;
  }
  return '(anonymous)';
}

export interface LongFunction {
  file: string;
  name: string;
  line: number;
  lines: number;
}

/** Every function-like node over `max` lines in `file`'s text. */
export function longFunctions(file: string, text: string, max = MAX_LINES): LongFunction[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: LongFunction[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessorDeclaration(node) ||
      ts.isSetAccessorDeclaration(node)
    ) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) out.push({ file, name: nameOf(node, sf), line: start + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('bars of the house', () => {
  const found = productFiles().flatMap((f) => longFunctions(f, readFileSync(f, 'utf8')));

  it(`has no function over ${MAX_LINES} lines`, () => {
    expect(found.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`)).toEqual([]);
  });

  it('measures a function from its first line to its last, wherever it stands', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = [
      `export function long() {\n${body(149)}\n}`,
      `const arrow = () => {\n${body(148)}\n};`,
      `const o = { method() {\n${body(200)}\n} };`,
      `const Wrapped = memo(function () {\n${body(160)}\n});`,
    ].join('\n');
    expect(longFunctions('x.ts', text).map((f) => [f.name, f.lines])).toEqual([
      ['long', 151],
      ['method', 202],
      ['Wrapped', 162],
    ]);
  });
});
