import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import config from '../../../wxt.config';

/*
 * Each page names the chunks its entry imports, and the side panel's page also what its entry imports at once with
 * `import()`, so the browser loads them beside the entry; Vite's own preloading (a <link> appended from script for each
 * `import()`) is off.
 */

type Transform = (html: string, ctx: unknown) => unknown;

function plugin(): Transform {
  const vite = (config.vite as (env: unknown) => { plugins: Plugin[] })({});
  const found = vite.plugins.find((p) => p.name === 'perfil:preload-chunks');
  if (!found) throw new Error('the preload plugin is not in the build');
  return found.transformIndexHtml as Transform;
}

const chunk = (fileName: string, imports: string[], dynamicImports: string[] = []) => ({
  type: 'chunk',
  fileName,
  imports,
  dynamicImports,
});
const bundle = {
  'chunks/sidepanel.js': chunk('chunks/sidepanel.js', ['chunks/browser.js'], ['chunks/mount.js']),
  'chunks/mount.js': chunk('chunks/mount.js', ['chunks/react.js', 'chunks/browser.js'], ['chunks/Result.js']),
  'chunks/react.js': chunk('chunks/react.js', ['chunks/keys.js']),
  'chunks/keys.js': chunk('chunks/keys.js', []),
  'chunks/browser.js': chunk('chunks/browser.js', []),
  'chunks/Result.js': chunk('chunks/Result.js', ['chunks/react.js']),
};
const html = '<head><link rel="modulepreload" crossorigin href="/chunks/browser.js"></head>';

describe('pages preload their chunks', () => {
  it('Vite adds no preloading of its own', () => {
    const vite = (config.vite as (env: unknown) => { build?: { modulePreload?: unknown } })({});
    expect(vite.build?.modulePreload).toBe(false);
  });

  it('names what the entry imports at once, with their static imports; not the lazy screens nor what it has', () => {
    const tags = plugin()(html, {
      path: '/entrypoints/sidepanel/index.html',
      bundle,
      chunk: bundle['chunks/sidepanel.js'],
    }) as { tag: string; attrs: { rel: string; href: string } }[];
    expect(tags.map((t) => [t.tag, t.attrs.rel, t.attrs.href])).toEqual([
      ['link', 'modulepreload', '/chunks/mount.js'],
      ['link', 'modulepreload', '/chunks/react.js'],
      ['link', 'modulepreload', '/chunks/keys.js'],
    ]);
  });

  it('on any other page, names only the static imports: nothing its entry loads later', () => {
    const popup = chunk('chunks/popup.js', ['chunks/browser.js', 'chunks/keys.js'], ['chunks/mount.js']);
    for (const path of ['/entrypoints/popup/index.html', '/entrypoints/options/index.html']) {
      const tags = plugin()(html, { path, bundle, chunk: popup }) as { attrs: { href: string } }[];
      expect(tags.map((t) => t.attrs.href)).toEqual(['/chunks/keys.js']);
    }
  });
});
