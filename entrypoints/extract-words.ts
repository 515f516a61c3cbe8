import { installWords } from '@/lib/extract/rules/lexicon';

// The word lists the readers weigh text against (lib/extract/rules/words.ts, by lib/extract/rules/lexicon.ts; the given names
// have a module of their own, entrypoints/extract-names.ts):
// loaded with the reader modules when the extension first asks who is on the page, never at page load.
export default defineUnlistedScript({ globalName: false, main: installWords });
