import { defineConfig } from 'wxt';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { matchesOf, sites, SITE_MATCHES } from './lib/extract/sites';
import { COMPOSE_FILE } from './lib/compose/file';
import path from 'node:path';
import { CORE, FIRST_MODULES, SHARED_MODULES } from './lib/extract/site';
import { hostPermissions } from './lib/api/config';

// Rendered from tests/store/icon.svg by `npm run icons`.
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };

/**
 * Each page names up front (modulepreload) the chunks its entry imports, so the browser fetches them beside the entry
 * instead of after it; the side panel's page also names what its entry imports at once with `import()` (the panel,
 * loaded right after its early question: entrypoints/sidepanel/main.ts). Vite's own preloading is off
 * (`modulePreload: false`): it adds a <link> from script for every dependency of every `import()`, and each such
 * append cost the panel 2–4 ms of its main thread while it mounted.
 */
function preloadChunks(): Plugin {
  return {
    name: 'perfil:preload-chunks',
    enforce: 'post',
    transformIndexHtml(html, { path, bundle, chunk }) {
      if (!bundle || !chunk) return html;
      const files = new Set<string>();
      const add = (file: string) => {
        if (files.has(file)) return;
        files.add(file);
        const c = bundle[file];
        if (c?.type === 'chunk') c.imports.forEach(add);
      };
      chunk.imports.forEach(add);
      if (path.endsWith('/sidepanel/index.html')) chunk.dynamicImports.forEach(add);
      return [...files]
        .filter((file) => !html.includes(`/${file}"`))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
    },
  };
}

/**
 * The reader modules other than the first ones (the word lists and the core module) take the helpers every reader
 * uses (`CORE`, lib/extract/site.ts) from the core module, which puts them in the page's shared object, instead of
 * each carrying, parsing and running its own copy: those sources are left out of their bundles and read, when the
 * module runs, from `__perfilIntel.core`. All the modules are asked for at once: one that arrives before the core
 * module waits for it in the page's shared object (`later`), and the core module runs it (the worker injects the
 * first modules first, so there nobody waits). The readers' sources have no effect at import, so what a module does
 * not use is left out.
 */
const first = new Set(FIRST_MODULES.map((m) => m.slice(1, -'.js'.length)));
const coreGlobal = new Map(
  Object.entries(CORE).map(([name, file]) => [path.resolve(__dirname, file), `__perfilIntel.core.${name}`]),
);
const readerModule = (name: string) => name.startsWith('extract-') && !first.has(name);
/** Wraps a built reader module to run once the core module is in: at once when it is, else when it comes. */
const waitForCore: Plugin = {
  name: 'wait-for-core',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk')
        chunk.code = `(function __perfilWait(){var __s=globalThis.__perfilIntel??={};if(!__s.core){(__s.later??=[]).push(__perfilWait);return}\n${chunk.code}\n})();`;
  },
};

/**
 * Every reader module starts with V8's compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136; older ones read a
 * comment): its functions are compiled with the file, in one pass, instead of each being parsed again when the first
 * reading calls it. Nearly all of a module's code runs on the first question, so nothing is compiled in vain. (Team
 * page, worker injecting: the first reading's own time went from 19–20 to 13 ms; extract bench, first answers.)
 */
const compileAtOnce: Plugin = {
  name: 'compile-at-once',
  generateBundle(_, bundle) {
    for (const chunk of Object.values(bundle))
      if (chunk.type === 'chunk') chunk.code = `//# allFunctionsCalledOnLoad\n${chunk.code}`;
  },
};

// Build-time configuration of the API addresses. The options page can override each of them.
// WXT_API_ENV picks the environment a fresh install starts in (production unless told otherwise;
// `npm run build:sandbox` starts in the local sandbox).
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  // The service's build-time addresses are granted at install (this machine only for the sandbox and dev
  // builds); a custom domain is asked for on the click.
  manifest: ({ command }) => ({
    // Store listing and command texts in the browser's language: public/_locales/{pt_BR,en}/messages.json.
    name: '__MSG_extName__',
    short_name: '__MSG_extShortName__',
    description: '__MSG_extDescription__',
    default_locale: 'pt_BR',
    icons: ICONS,
    // sidePanel.open (Chrome 116); the content scripts follow in-app navigation with the Navigation API (102)
    minimum_chrome_version: '116',
    permissions: ['storage', 'sidePanel', 'contextMenus', 'activeTab', 'scripting', 'alarms'],
    host_permissions: hostPermissions(process.env, command),
    optional_host_permissions: ['https://*/*'],
    action: { default_title: '__MSG_actionTitle__', default_icon: ICONS },
    // Each site script only on its own sites. A site script loads its reader module when first asked, and the
    // generic one on a page of its site that no site extractor reads, so those sites alone may load the modules,
    // under a per-session address. The generic script is injected on demand, with its module beside it.
    content_scripts: sites
      .filter((s) => s.hosts.length)
      .map((s) => ({ matches: matchesOf(s), js: [s.file.slice(1)] })),
    web_accessible_resources: [
      {
        resources: [
          ...[...sites.flatMap((s) => [s.module, ...(s.also ?? [])]), ...SHARED_MODULES].map((m) =>
            m.slice(1),
          ),
          COMPOSE_FILE.slice(1),
        ],
        matches: SITE_MATCHES,
        use_dynamic_url: true,
      },
    ],
    commands: {
      'analyze-selection': {
        suggested_key: { default: 'Alt+Shift+P' },
        description: '__MSG_commandAnalyzeSelection__',
      },
    },
  }),
  hooks: {
    'vite:build:extendConfig': (entries, config) => {
      if (!entries.every((e) => e.name.startsWith('extract-'))) return;
      // (after waitForCore below: the hint must be the file's first line)
      config.plugins = [...(config.plugins ?? []), compileAtOnce];
      const rollup = ((config.build ??= {}).rollupOptions ??= {});
      rollup.treeshake = {
        moduleSideEffects: (id) => !/\/lib\/(extract\/(?:[\w-]+\/)?[\w-]+|text)\.ts$/.test(id),
      };
      if (!entries.every((e) => readerModule(e.name))) return;
      rollup.external = (id) => coreGlobal.has(id);
      const output = (rollup.output ??= {});
      for (const o of Array.isArray(output) ? output : [output])
        o.globals = (id: string) => coreGlobal.get(id) ?? id;
      config.plugins = [waitForCore, ...(config.plugins ?? [])];
    },
  },
  vite: () => ({
    plugins: [tailwindcss(), preloadChunks()],
    // The manifest's minimum Chrome: its syntax as written (regular expressions with \p{…} stay literals instead of
    // `new RegExp` strings, `??=` and class fields are not rewritten), which keeps every bundle smaller.
    build: { modulePreload: false, target: 'chrome116' },
  }),
});
