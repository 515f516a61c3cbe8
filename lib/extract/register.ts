import { GENERIC_MODULE, type ReaderModule } from './site';
import { shared } from './shared';

/** The readers of what pages have in common, in their order (`sharedReaders`, lib/extract/evidence/modules.ts), by id. */
const SHARED_ORDER = ['page', 'fields', 'mail', 'prose', 'lines'];

/**
 * Where an extractor stands among the page's, whatever order the modules load in (they load at once): the sites'
 * readers, the format readers, then the shared readers in their order (page, fields, mail, prose, lines), as in
 * lib/extract/sites/index.ts. Equally sure readings of one person keep the first reader's name, so the order is part of
 * the answer.
 */
const rank = (module: string, id: string) => {
  const shared = SHARED_ORDER.indexOf(id);
  return shared >= 0 ? 2 + shared : module === GENERIC_MODULE ? 1 : 0;
};

/**
 * Run by a reader module (entrypoints/extract-<site>.ts) when the content script loads it, or when the extension
 * injects it: adds its extractors to the page's (the same module loaded again replaces its older copies).
 */
export function register(script: ReaderModule) {
  const s = shared();
  if (script.meeting) s.meeting = script.meeting;
  const ids = script.readers.map((x) => x.id);
  const before = s.extractors.filter((x) => !ids.includes(x.id));
  // the page's extractors are grouped by rank: each of this module's goes after the last of a rank not above its own
  let extractors = before;
  for (const x of script.readers) {
    const r = rank(script.module, x.id);
    s.ranks.set(x.id, r);
    const at = extractors.filter((y) => (s.ranks.get(y.id) ?? 0) <= r).length;
    extractors = [...extractors.slice(0, at), x, ...extractors.slice(at)];
  }
  s.extractors = extractors;
  if (!s.modules.includes(script.module)) s.modules.push(script.module);
}
