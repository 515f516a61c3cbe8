import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { PANEL_FIRST_PAINT_GZ_KB } from '../bench/panel-budget';
import { extensionPath } from './browser';

/*
 * The side panel's first paint, read from the BUILD (.output/chrome-mv3, `npm run build:sandbox`): the scripts that
 * sidepanel.html loads and names for preloading, the chunks its entry imports at once, and everything those import
 * statically. That first paint carries the panel's shell, the form and the people on the page; the result view, the
 * analysis, the draft composer, similar people, the meeting view and the history view are chunks loaded on first use
 * (and preloaded while idle), so none of them may be in it. Its scripts, gzipped one by one as the bench counts them
 * (`npm run bench -- speed`), stay within the budget (PANEL_FIRST_PAINT_GZ_KB).
 */

const staticImport = /(?:\bimport|\bfrom)\s*["']([^"']+\.js)["']/g;
const dynamicImport = /\bimport\(\s*["']([^"']+\.js)["']\s*\)/g;

function resolve(from: string, to: string): string {
  return to.startsWith('/') ? path.join(extensionPath, to) : path.resolve(path.dirname(from), to);
}

/** Every file reachable from `roots` by static imports, and by dynamic ones too with `lazy`. */
function closure(roots: string[], lazy = false): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(staticImport)) visit(resolve(file, m[1]!));
    if (lazy) for (const m of code.matchAll(dynamicImport)) visit(resolve(file, m[1]!));
  };
  roots.forEach(visit);
  return seen;
}

function firstPaint(): { files: Set<string>; everything: Set<string> } {
  const html = readFileSync(path.join(extensionPath, 'sidepanel.html'), 'utf8');
  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) =>
    path.join(extensionPath, m[1]!),
  );
  const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) =>
    path.join(extensionPath, m[1]!),
  );
  // the entry asks who is on the page, then imports the panel itself at once (entrypoints/sidepanel/main.ts)
  const atOnce = scripts.flatMap((entry) =>
    [...readFileSync(entry, 'utf8').matchAll(dynamicImport)].map((m) => resolve(entry, m[1]!)),
  );
  const roots = [...scripts, ...preloads, ...atOnce];
  return { files: closure(roots), everything: closure(roots, true) };
}

/** Each view kept out of the first paint: its chunk's name, and a string only its code holds. */
const LATER = [
  { chunk: 'ResultView', only: 'export-status' },
  { chunk: 'AnalysisView', only: 'summary-card' },
  { chunk: 'DraftComposer', only: 'draft-composer' },
  { chunk: 'SimilarPeople', only: 'similar-people' },
  { chunk: 'MeetingView', only: 'meeting-prepare' },
  { chunk: 'HistoryView', only: 'history-empty' },
  { chunk: 'RunningJobs', only: 'running-job-counts' },
  { chunk: 'Carried', only: 'go-to-draft' },
  { chunk: 'KeepSite', only: 'keep-site' },
];

test.describe('side panel first paint (build output)', () => {
  // without a build there is nothing to read: that fails (npm run test:e2e builds first), never passes unseen
  test.beforeAll(() => {
    if (!existsSync(path.join(extensionPath, 'sidepanel.html')))
      throw new Error('build first: npm run build:sandbox');
  });

  test('carries the shell, the form and the people on the page, and none of the views loaded on first use', () => {
    const { files, everything } = firstPaint();
    const names = [...files].map((f) => path.relative(extensionPath, f));
    const code = [...files].map((f) => readFileSync(f, 'utf8')).join('\n');
    // what the first paint shows is there: the people on the page and the panel's shell
    expect(code).toContain('candidate-name');
    expect(code).toContain('nav-history');
    for (const view of LATER) {
      expect(names.filter((n) => path.basename(n).startsWith(`${view.chunk}-`))).toEqual([]);
      expect(code.includes(view.only), `${view.only} (${view.chunk}) in the first paint`).toBe(false);
      // …and each is in the build, reached on first use by a dynamic import
      const later = [...everything].filter((f) => path.basename(f).startsWith(`${view.chunk}-`));
      expect(later, `${view.chunk} reachable on first use`).toHaveLength(1);
      expect(readFileSync(later[0]!, 'utf8')).toContain(view.only);
    }
  });

  test(`weighs at most ${PANEL_FIRST_PAINT_GZ_KB} kB gzipped`, () => {
    const sizes = [...firstPaint().files].map((f) => ({
      file: path.relative(extensionPath, f),
      gzip: gzipSync(readFileSync(f)).length,
    }));
    const kb = sizes.reduce((n, s) => n + s.gzip, 0) / 1024;
    const listed = sizes.map((s) => `${s.file} ${(s.gzip / 1024).toFixed(1)} kB`).join(', ');
    expect(kb, `${kb.toFixed(1)} kB gz: ${listed}`).toBeLessThanOrEqual(PANEL_FIRST_PAINT_GZ_KB);
  });
});
