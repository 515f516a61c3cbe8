import { installWords } from '@/lib/extract/lexicon';

// The word lists the readers weigh text against (lib/extract/rules.ts, by lib/extract/lexicon.ts; the given names
// have a module of their own, entrypoints/extract-names.ts):
// loaded with the reader modules when the extension first asks who is on the page, never at page load.
export default defineUnlistedScript({ globalName: false, main: installWords });
