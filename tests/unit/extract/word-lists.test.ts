import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every list of words the readers weigh text against lives in lib/extract/rules/, once: a list written beside a
 * reader drifts from its twin (three sets of name particles, two of role words, which disagreed). This reads every
 * source of lib/extract outside rules/ for what looks like a word list: an array (or a Set's) of four or more
 * lower-case words, or a regular expression's (or a pattern string's) alternation of four or more of them.
 */

const ROOT = path.resolve(__dirname, '../../../lib/extract');

/** A word as lists write it: lower-case letters, accents, a bracketed choice of letters, an optional letter. */
const WORD = /^(?:\p{Ll}|\[\p{Ll}+\])(?:[\p{Ll}' ]|\[\p{Ll}+\]|\??)*\??$/u;
const isWord = (s: string) => s.length > 1 && WORD.test(s.replace(/\\b|\\s[?*+]?/g, '').trim());

/** The word lists written in `source`: each one's first four words, for the message. */
export function wordLists(source: string): string[] {
  // comments are prose, not lists
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  const lists: string[] = [];
  const add = (items: string[]) => {
    const words = items.filter(isWord);
    if (words.length >= 4) lists.push(words.slice(0, 4).join('|'));
  };
  // an array of strings: [ 'a', 'b', … ]
  for (const m of code.matchAll(/\[(\s*(?:(['"])[^'"\n]*\2\s*,\s*)+(['"])[^'"\n]*\3\s*,?\s*)\]/g))
    add([...m[1]!.matchAll(/(['"])([^'"\n]*)\1/g)].map((x) => x[2]!));
  // an alternation in a group: (?:a|b|c|d) or (a|b|c|d), in a regular expression or a pattern string; a group
  // without one inside it is read as its letters ("whats(?:app)?" is a word)
  let flat = code;
  for (let before = ''; before !== flat; ) {
    before = flat;
    flat = flat.replace(/\((?:\?:)?([^()|]*)\)\??/g, '$1');
  }
  for (const m of flat.matchAll(/\((?:\?:)?([^()]*\|[^()]*)\)/g)) add(m[1]!.split('|'));
  return lists;
}

const sources = () =>
  readdirSync(ROOT, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts'))
    .map((f) => path.relative(ROOT, path.join(f.parentPath, f.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('rules/'))
    .sort();

/**
 * The lists still written outside rules/, by file, with how many each holds: lists of ids or of a protocol's values
 * (not words a reader weighs text against), and word lists not moved yet. The count may only go down: a new list
 * outside rules/ fails, and moving one fails until this table says so.
 */
const LEFT: Record<string, number> = {
  // the small words a company's name may hold, inside the sentence-end pattern of companyHead (not moved yet: built
  // from a table, the pattern would grow the core module, which every page loads)
  'evidence/page-text.ts': 1,
  // a guest's answers as the protocol names them (RESPONSES), not words read in a page
  'meeting-types.ts': 1,
  // the shared readers' ids, in their order (SHARED_ORDER)
  'register.ts': 1,
};

describe('word lists', () => {
  it('are found by the check: an array, a set, an alternation of words', () => {
    expect(wordLists(`const X = new Set(['vendas', 'compras', 'diretoria', 'sales']);`)).toHaveLength(1);
    expect(wordLists(`const X = ['vendas',\n  'compras',\n  'diretoria',\n  'sales',\n];`)).toHaveLength(1);
    expect(wordLists('const R = /\\b(?:talvez|maybe|tentative|provisori[oa]s?)\\b/;')).toHaveLength(1);
    expect(wordLists('/^(?:(?:tel|fone|cel|phone|whats(?:app)?|m)\\.?:?)?[+()\\d]/i')).toHaveLength(1);
    expect(wordLists("const L = '(?:contato|contact|lead|pessoa)';")).toHaveLength(1);
    // not words: tags, selectors, attributes, fewer than four, a comment
    expect(wordLists('/^(DIV|P|BR|LI|TR|TD)$/.test(n)')).toEqual([]);
    expect(wordLists("const A = ['aria-label', 'data-label', 'data-field-label', 'title'];")).toEqual([]);
    expect(wordLists('const R = /(?:sim|yes|no)/;')).toEqual([]);
    expect(wordLists('// (?:vendas|compras|diretoria|sales)')).toEqual([]);
  });

  it('live in lib/extract/rules/, each once', () => {
    const found = Object.fromEntries(
      sources()
        .map((file) => [file, wordLists(readFileSync(path.join(ROOT, file), 'utf8')).length] as const)
        .filter(([, n]) => n > 0),
    );
    expect(found).toEqual(LEFT);
  });
});
