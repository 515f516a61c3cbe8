import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The repository's root, for the tests that read its source files. */
export const root = path.resolve(__dirname, '../../..');

/** Every TypeScript source file under a folder of the repository, as a path from the root. */
export function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The modules a file imports by the project's `@/` alias (static and dynamic imports, re-exports). */
export function projectImports(code: string): string[] {
  return [...code.matchAll(/(?:from|import)\s*\(?\s*'@\/([^']+)'/g)].map((m) => m[1]!);
}
