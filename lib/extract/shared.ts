import type { ComposeRequest, ComposeResult, ContentResponse } from '@/lib/messaging';
import type { Extractor, Lexicon } from './types';
import type { MeetingReading } from './meeting-types';

/**
 * What the extension's scripts in one page share: they all run in the page's one isolated world. The content
 * script (lib/content-script.ts) only listens; the reader modules (lib/extract/register.ts) and the compose module
 * add what they can do when they are loaded.
 */
export interface Shared {
  extractors: Extractor[];
  /** The meeting on the page, by the reader module that reads meetings (lib/extract/sites/calendar.ts). */
  meeting?(doc: Document, url: URL): MeetingReading | null;
  /** The rank of each loaded extractor's module, by extractor id (lib/extract/register.ts keeps their order). */
  ranks: Map<string, number>;
  /** The reader modules loaded so far, by file. */
  modules: string[];
  /** The reader modules of the content scripts that ran in the page, in the order they ran. */
  wanted: string[];
  /** Who is on the page at `url`, by the extractors loaded; undefined when none of them reads that page. */
  read?(url: string): ContentResponse | undefined;
  /** What the reading under way has worked out, by root and key (lib/extract/dom.ts `once`); none between readings. */
  memo?: Map<object, Map<string, unknown>>;
  /** The word lists (lib/extract/rules/lexicon.ts), once the words module is loaded. */
  lexicon?: Lexicon;
  /** The given names, folded (lib/extract/rules/given-names.data.ts), once the names module is loaded. */
  givenNames?: Set<string>;
  /**
   * The helpers every reader module uses (lib/extract/site.ts `CORE`), once the core module is loaded: the other
   * reader modules, as built, read theirs from here.
   */
  core?: Record<string, unknown>;
  /** The reader modules that ran before the core module, waiting for it to run them (wxt.config.ts). */
  later?: (() => void)[];
  /** The compose module (lib/compose/insert.ts), once loaded. */
  compose?(request: ComposeRequest): ComposeResult;
  /** Stops the content script in charge: its listener and its watch on the address. */
  stop?(): void;
}

/** The page's shared state, created by whichever script runs first. */
export function shared(): Shared {
  // the page's window in a content script's world (the global object where there is none: the readers in Node)
  const w = (typeof window === 'undefined' ? globalThis : window) as { __perfilIntel?: Partial<Shared> };
  const s = (w.__perfilIntel ??= {});
  s.extractors ??= [];
  s.modules ??= [];
  s.ranks ??= new Map();
  s.wanted ??= [];
  return s as Shared;
}
