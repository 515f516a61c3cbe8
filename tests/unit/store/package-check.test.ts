import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPackage, isDevelopmentHost, permissionsSection } from '../../store/package-check';
import { readZip, writeZip } from '../../store/zip';

const icon = (size: number) => readFileSync(path.resolve(`public/icon/${size}.png`));
const ICONS = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };
const README = readFileSync(path.resolve('README.md'), 'utf8');
const messages = JSON.stringify({ extName: { message: 'Perfil Intel' }, extDescription: { message: 'x' } });

function goodManifest(): Record<string, unknown> {
  return {
    manifest_version: 3,
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    version: '1.2.0',
    default_locale: 'pt_BR',
    icons: ICONS,
    action: { default_icon: ICONS, default_popup: 'popup.html' },
    permissions: ['storage', 'alarms'],
    host_permissions: ['https://api.perfilintel.com.br/*'],
    optional_host_permissions: ['https://*/*'],
  };
}

function pack(
  manifest: Record<string, unknown>,
  drop: string[] = [],
  extra: Record<string, Buffer | string> = {},
) {
  const files: Record<string, Buffer | string> = {
    'manifest.json': JSON.stringify(manifest),
    'background.js': 'chrome.storage.local.get("x"); chrome.alarms.create("keep", {});',
    '_locales/pt_BR/messages.json': messages,
    '_locales/en/messages.json': messages,
    ...Object.fromEntries(Object.values(ICONS).map((f) => [f, icon(Number(f.match(/\d+/)![0]))])),
    ...extra,
  };
  for (const f of drop) delete files[f];
  const zip = writeZip(files);
  return checkPackage(readZip(zip), zip.length, README);
}

describe('checkPackage', () => {
  it('passes a complete production package and reports its version, locales and size', () => {
    const report = pack(goodManifest());
    expect(report.errors).toEqual([]);
    expect(report.facts).toContain('versão 1.2.0');
    expect(
      report.facts.some((f) =>
        /^tamanho: [\d.]+ kB compactado, [\d.]+ kB descompactado, 8 arquivos$/.test(f),
      ),
    ).toBe(true);
  });

  it('fails a package that grants development hosts', () => {
    const m = goodManifest();
    m.host_permissions = ['https://api.perfilintel.com.br/*', 'http://localhost/*', 'http://127.0.0.1/*'];
    expect(pack(m).errors).toEqual([
      'host de desenvolvimento em host_permissions: http://localhost/*',
      'host de desenvolvimento em host_permissions: http://127.0.0.1/*',
    ]);
  });

  it('fails missing, unreferenced or wrong-sized icons', () => {
    const m = goodManifest();
    m.icons = { ...ICONS, 48: 'icon/32.png' };
    delete (m.action as Record<string, unknown>).default_icon;
    const errors = pack(m, ['icon/128.png']).errors;
    expect(errors).toContain('icons[48] (icon/32.png) mede 32×32');
    expect(errors).toContain('icons[128] aponta para icon/128.png, que não está no pacote');
    expect(errors).toContain('action.default_icon ausente: a barra de ferramentas mostraria uma letra cinza');
  });

  it('fails an unset version, an unexplained or unused permission and an undefined locale text', () => {
    const m = goodManifest();
    delete m.version;
    m.permissions = ['storage', 'alarms', 'contextMenus', 'tabs'];
    m.short_name = '__MSG_extShortName__';
    const errors = pack(m, ['_locales/en/messages.json']).errors;
    expect(errors).toContain('versão ausente ou inválida: null');
    expect(errors).toContain('permissão "contextMenus" não é usada pelo código do pacote');
    expect(errors).toContain('permissão "tabs" não é usada pelo código do pacote');
    expect(errors).toContain('permissão "tabs" não explicada no README');
    expect(errors).toContain('__MSG_extShortName__ sem texto em _locales/pt_BR');
  });

  it('fails a content script above 8 kB, declared or only in the package, one declared but missing, and a reader module above 16 kB', () => {
    const m = goodManifest();
    m.content_scripts = [
      { matches: ['https://www.linkedin.com/*'], js: ['content-linkedin.js'] },
      { matches: ['https://github.com/*'], js: ['/content-github.js', 'content-gone.js'] },
    ];
    const small = 'x'.repeat(8 * 1024);
    const big = 'x'.repeat(8 * 1024 + 1);
    const report = pack(m, [], {
      'content-linkedin.js': big,
      'content-github.js': small,
      'content-generic.js': big,
      'extract-generic.js': big,
      'extract-page.js': 'x'.repeat(16 * 1024),
      'extract-words.js': 'x'.repeat(16 * 1024 + 1),
    });
    expect(report.errors).toEqual([
      'script de conteúdo content-linkedin.js tem 8193 bytes, acima de 8192 (8 kB)',
      'content_scripts declara content-gone.js, que não está no pacote',
      'script de conteúdo content-generic.js tem 8193 bytes, acima de 8192 (8 kB)',
      'módulo de leitura extract-words.js tem 16385 bytes, acima de 16384 (16 kB)',
    ]);
    expect(report.facts).toContain(
      'módulos de leitura: extract-generic.js 8.0 kB, extract-page.js 16.0 kB, extract-words.js 16.0 kB',
    );
    expect(report.facts).toContain(
      'scripts de conteúdo: content-linkedin.js 8.0 kB, content-github.js 8.0 kB, content-generic.js 8.0 kB',
    );
  });

  it('fails a default locale that is not in the package, and a zip without a manifest', () => {
    expect(pack(goodManifest(), ['_locales/pt_BR/messages.json']).errors).toContain(
      'default_locale "pt_BR" sem _locales/pt_BR/messages.json',
    );
    expect(pack(goodManifest(), ['manifest.json']).errors).toEqual([
      'manifest.json ausente na raiz do pacote',
    ]);
  });

  it('explains every permission the real build asks for in the README', () => {
    const section = permissionsSection(README);
    for (const p of ['storage', 'sidePanel', 'contextMenus', 'activeTab', 'scripting', 'alarms'])
      expect(section).toContain(`\`${p}\``);
  });
});

describe('isDevelopmentHost', () => {
  it('flags loopback, private and plain-http hosts, not the https service or the optional https pattern', () => {
    for (const p of [
      'http://localhost/*',
      'http://127.0.0.1:8787/*',
      '*://[::1]/*',
      'https://api.test/*',
      'http://api.perfilintel.com.br/*',
    ])
      expect(isDevelopmentHost(p), p).toBe(true);
    for (const p of ['https://api.perfilintel.com.br/*', 'https://*/*', '<all_urls>'])
      expect(isDevelopmentHost(p), p).toBe(false);
  });

  it('never throws on any pattern', () => {
    fc.assert(fc.property(fc.string(), (s) => typeof isDevelopmentHost(s) === 'boolean'));
  });
});

describe('readZip', () => {
  it('reads stored entries back exactly', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,8}(\/[a-z]{1,8})?\.txt$/), fc.string()),
        (files) => {
          const read = readZip(writeZip(files));
          expect(Object.fromEntries(read.map((e) => [e.name, e.data.toString('utf8')]))).toEqual(files);
        },
      ),
    );
  });

  it('inflates deflated entries and rejects what is not a zip', () => {
    const zip = writeZip({ 'a.txt': 'x' });
    // Rewrite the single entry as deflated (method 8) with its compressed bytes.
    const body = deflateRawSync(Buffer.from('olá olá olá'));
    const patched = writeZip({ 'a.txt': body });
    const central = patched.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    patched.writeUInt16LE(8, central + 10);
    expect(readZip(patched)[0]!.data.toString('utf8')).toBe('olá olá olá');
    expect(readZip(zip)[0]!.data.toString()).toBe('x');
    expect(() => readZip(Buffer.from('not a zip at all, really not'))).toThrow(/não é um arquivo zip/);
  });
});
