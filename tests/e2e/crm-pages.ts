import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Page } from '@playwright/test';

/*
 * The CRM note fixtures (tests/fixtures/crm-notes), served with what they include written into the page: the
 * recorder, and the editor library the CRM's note editor is built on (Quill from its own distributed file,
 * ProseMirror bundled here from its packages, the Draft.js model). Nothing is fetched from elsewhere.
 */

const dir = path.resolve('tests/fixtures/crm-notes');
const require = createRequire(import.meta.url);
const script = (code: string) => `<script>${code.replace(/<\/script/gi, '<\\/script')}</script>`;

const includes: Record<string, () => string> = {
  recorder: () => readFileSync(path.join(dir, 'recorder.js'), 'utf8'),
  'draft-model': () => readFileSync(path.join(dir, 'editors/draft-model.js'), 'utf8'),
  quill: () => readFileSync(require.resolve('quill/dist/quill.js'), 'utf8'),
  prosemirror: () =>
    buildSync({
      entryPoints: [path.join(dir, 'editors/prosemirror.ts')],
      bundle: true,
      format: 'iife',
      target: 'chrome120',
      write: false,
    }).outputFiles[0]!.text,
};
const built = new Map<string, string>();

/** The fixture page `name`, with its includes inlined. */
export function crmPage(name: string): string {
  return readFileSync(path.join(dir, `${name}.html`), 'utf8').replace(
    /<!-- perfil:([\w-]+) -->/g,
    (_, inc: string) => {
      if (!built.has(inc)) built.set(inc, script(includes[inc]!()));
      return built.get(inc)!;
    },
  );
}

export interface Recorded {
  events: { type: string; inputType: string | null; data: string | null; field: string | null }[];
  mutated: string[];
}

/** What the page's recorder has seen since it was last cleared. */
export const recorded = (site: Page) => site.evaluate(() => (window as unknown as { __rec: Recorded }).__rec);
/** Forgets what the recorder saw so far (the editors' own start-up). */
export const clearRecorder = (site: Page) =>
  site.evaluate(() => {
    const w = window as unknown as { __rec: Recorded };
    w.__rec.events = [];
    w.__rec.mutated = [];
  });
/** Every field's text, by its data-field name. */
export const fields = (site: Page) =>
  site.evaluate(() => (window as unknown as { __fields(): Record<string, string | null> }).__fields());
/** The note editor's own model: its paragraphs (rich editors) or its value (text areas). */
export const model = (site: Page) =>
  site.evaluate(() => (window as unknown as { __model(): string[] | string }).__model());
