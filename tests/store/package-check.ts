import type { ZipEntry } from './zip';

/*
 * What the Chrome Web Store package must satisfy before it is uploaded: the icons exist and are the sizes the
 * manifest says, every __MSG_…__ text resolves in every locale, no development host is granted, the version
 * is set, every content script is at most 8 kB and every reader module 16 kB, every permission is used by the code and explained in the
 * README. The size is reported.
 */

export const REQUIRED_ICON_SIZES = [16, 32, 48, 128];

/** Bytes a content script may have: every page of its sites loads it (docs/architecture.md). */
export const MAX_CONTENT_SCRIPT = 8 * 1024;
/** Bytes a reader module (extract-*.js) may have: a page loads its modules on the extension's first question. */
export const MAX_READER_MODULE = 16 * 1024;

/** Where the bundled code shows each permission at work. `activeTab` has no API: it grants what `scripting` does. */
export const PERMISSION_USE: Record<string, RegExp> = {
  storage: /\bstorage\.(local|session|sync|onChanged)\b/,
  sidePanel: /\bsidePanel\.\w+/,
  contextMenus: /\bcontextMenus\.\w+/,
  scripting: /\bscripting\.\w+/,
  activeTab: /\bscripting\.executeScript\b/,
  alarms: /\balarms\.\w+/,
  tabs: /\btabs\.\w+/,
  notifications: /\bnotifications\.\w+/,
};

/** Loopback, private-network and plain-http hosts: a production build talks to its service over https only. */
export function isDevelopmentHost(pattern: string): boolean {
  const m = pattern.match(/^(\*|https?|wss?):\/\/([^/]*)/);
  if (!m) return pattern === '<all_urls>' ? false : /localhost|127\.0\.0\.1/.test(pattern);
  const [, scheme, hostPort] = m;
  const host = hostPort!.replace(/:\d+$|:\*$/, '').toLowerCase();
  if (/^(localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|\[::1\]|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+)$/.test(host))
    return true;
  if (/\.(localhost|local|test|internal)$/.test(host)) return true;
  return scheme === 'http' || scheme === 'ws';
}

export interface PackageReport {
  errors: string[];
  facts: string[];
}

interface Manifest {
  version?: string;
  default_locale?: string;
  icons?: Record<string, string>;
  action?: { default_icon?: string | Record<string, string> };
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: { matches?: string[]; js?: string[] }[];
  [key: string]: unknown;
}

function pngSize(data: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (data.length < 24 || !data.subarray(0, 8).equals(signature)) return null;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** The README's permissions section: from its heading to the next heading of the same level. */
export function permissionsSection(readme: string): string {
  const start = readme.search(/^## Permiss/m);
  if (start < 0) return '';
  const rest = readme.slice(start + 3);
  const end = rest.search(/^## /m);
  return end < 0 ? rest : rest.slice(0, end);
}

const kB = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export function checkPackage(entries: ZipEntry[], zipSize: number, readme: string): PackageReport {
  const errors: string[] = [];
  const facts: string[] = [];
  const files = new Map(entries.map((e) => [e.name, e]));
  const manifestEntry = files.get('manifest.json');
  if (!manifestEntry) return { errors: ['manifest.json ausente na raiz do pacote'], facts };
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestEntry.data.toString('utf8')) as Manifest;
  } catch (e) {
    return { errors: [`manifest.json inválido: ${(e as Error).message}`], facts };
  }

  // Version: one to four dot-separated integers, as Chrome requires.
  if (!manifest.version || !/^\d{1,5}(\.\d{1,5}){0,3}$/.test(manifest.version))
    errors.push(`versão ausente ou inválida: ${JSON.stringify(manifest.version ?? null)}`);
  else facts.push(`versão ${manifest.version}`);

  // Icons: each required size declared, present in the zip, a PNG of that size; the action's icons too.
  const checkIcon = (where: string, size: string, file: string) => {
    const entry = files.get(file.replace(/^\//, ''));
    if (!entry) return errors.push(`${where}[${size}] aponta para ${file}, que não está no pacote`);
    const dims = pngSize(entry.data);
    if (!dims) return errors.push(`${where}[${size}] (${file}) não é um PNG`);
    if (dims.width !== Number(size) || dims.height !== Number(size))
      errors.push(`${where}[${size}] (${file}) mede ${dims.width}×${dims.height}`);
  };
  const icons = manifest.icons ?? {};
  for (const size of REQUIRED_ICON_SIZES)
    if (!icons[size]) errors.push(`manifest.icons sem o tamanho ${size}`);
  for (const [size, file] of Object.entries(icons)) checkIcon('icons', size, file);
  const actionIcon = manifest.action?.default_icon;
  if (!actionIcon)
    errors.push('action.default_icon ausente: a barra de ferramentas mostraria uma letra cinza');
  else if (typeof actionIcon === 'string') {
    if (!files.has(actionIcon)) errors.push(`action.default_icon aponta para ${actionIcon}, ausente`);
  } else for (const [size, file] of Object.entries(actionIcon)) checkIcon('action.default_icon', size, file);

  // Locales: every __MSG_name__ of the manifest defined in every locale; the default locale present.
  const locales = [...files.keys()]
    .map((n) => n.match(/^_locales\/([^/]+)\/messages\.json$/)?.[1])
    .filter((x): x is string => Boolean(x));
  const used = [...JSON.stringify(manifest).matchAll(/__MSG_(\w+?)__/g)].map((m) => m[1]!);
  if (used.length && !manifest.default_locale)
    errors.push('o manifest usa __MSG_…__ mas não tem default_locale');
  if (manifest.default_locale && !locales.includes(manifest.default_locale))
    errors.push(
      `default_locale "${manifest.default_locale}" sem _locales/${manifest.default_locale}/messages.json`,
    );
  for (const locale of locales) {
    let messages: Record<string, { message?: string }>;
    try {
      messages = JSON.parse(files.get(`_locales/${locale}/messages.json`)!.data.toString('utf8'));
    } catch {
      errors.push(`_locales/${locale}/messages.json inválido`);
      continue;
    }
    const keys = new Set(Object.keys(messages).map((k) => k.toLowerCase()));
    for (const name of used)
      if (!keys.has(name.toLowerCase())) errors.push(`__MSG_${name}__ sem texto em _locales/${locale}`);
  }
  if (locales.length) facts.push(`idiomas: ${locales.join(', ')} (padrão ${manifest.default_locale})`);

  // Development hosts: none may be granted or matched by a production package.
  const hostLists: [string, string[]][] = [
    ['host_permissions', manifest.host_permissions ?? []],
    ['optional_host_permissions', manifest.optional_host_permissions ?? []],
    ['content_scripts.matches', (manifest.content_scripts ?? []).flatMap((c) => c.matches ?? [])],
  ];
  for (const [where, list] of hostLists)
    for (const pattern of list)
      if (isDevelopmentHost(pattern)) errors.push(`host de desenvolvimento em ${where}: ${pattern}`);

  // Content scripts: the declared ones and those injected or loaded into pages (content-*.js), 8 kB at most.
  const contentScripts = new Set([
    ...(manifest.content_scripts ?? []).flatMap((c) => c.js ?? []).map((f) => f.replace(/^\//, '')),
    ...[...files.keys()].filter((n) => /^content-[\w-]+\.js$/.test(n)),
  ]);
  for (const file of contentScripts) {
    const size = files.get(file)?.data.length;
    if (size === undefined) errors.push(`content_scripts declara ${file}, que não está no pacote`);
    else if (size > MAX_CONTENT_SCRIPT)
      errors.push(`script de conteúdo ${file} tem ${size} bytes, acima de ${MAX_CONTENT_SCRIPT} (8 kB)`);
  }
  const present = [...contentScripts].filter((f) => files.has(f));
  if (present.length)
    facts.push(
      `scripts de conteúdo: ${present.map((f) => `${f} ${kB(files.get(f)!.data.length)}`).join(', ')}`,
    );
  // Reader modules (extract-*.js): loaded into a page on the first question, 16 kB at most.
  const modules = [...files.keys()].filter((n) => /^extract-[\w-]+\.js$/.test(n));
  for (const file of modules) {
    const size = files.get(file)!.data.length;
    if (size > MAX_READER_MODULE)
      errors.push(`módulo de leitura ${file} tem ${size} bytes, acima de ${MAX_READER_MODULE} (16 kB)`);
  }
  if (modules.length)
    facts.push(
      `módulos de leitura: ${modules.map((f) => `${f} ${kB(files.get(f)!.data.length)}`).join(', ')}`,
    );

  // Permissions: used by the bundled code and explained in the README's permissions section.
  const code = entries
    .filter((e) => e.name.endsWith('.js'))
    .map((e) => e.data.toString('utf8'))
    .join('\n');
  const section = permissionsSection(readme);
  if (!section) errors.push('README sem a seção "## Permissões…"');
  const permissions = [...(manifest.permissions ?? []), ...(manifest.optional_permissions ?? [])];
  for (const p of permissions) {
    const use = PERMISSION_USE[p];
    if (!use) errors.push(`permissão "${p}" sem regra de uso conhecida (acrescente em PERMISSION_USE)`);
    else if (!use.test(code)) errors.push(`permissão "${p}" não é usada pelo código do pacote`);
    if (section && !section.includes(`\`${p}\``)) errors.push(`permissão "${p}" não explicada no README`);
  }
  for (const [key, label] of [
    ['host_permissions', 'hosts da API'],
    ['optional_host_permissions', 'hosts opcionais'],
  ] as const)
    if ((manifest[key] as string[] | undefined)?.length && section && !section.includes(label))
      errors.push(`${key} não explicado no README (esperado "${label}")`);
  facts.push(`permissões: ${permissions.join(', ') || 'nenhuma'}`);

  const unpacked = entries.reduce((n, e) => n + e.data.length, 0);
  facts.push(`tamanho: ${kB(zipSize)} compactado, ${kB(unpacked)} descompactado, ${entries.length} arquivos`);
  return { errors, facts };
}
