import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import config from '../../../wxt.config';

/* The side panel's page names the chunks its entry imports at once, so the browser loads them in parallel. */

type Transform = (html: string, ctx: unknown) => unknown;

function plugin(): Transform {
  const vite = (config.vite as (env: unknown) => { plugins: Plugin[] })({});
  const found = vite.plugins.find((p) => p.name === 'perfil:preload-panel');
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

describe('the side panel page preloads its panel', () => {
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

  it('leaves every other page as it is', () => {
    for (const path of ['/entrypoints/popup/index.html', '/entrypoints/options/index.html']) {
      const ctx = { path, bundle, chunk: bundle['chunks/sidepanel.js'] };
      expect(plugin()(html, ctx)).toBe(html);
    }
  });
});
