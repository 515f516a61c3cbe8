import { installLexicon } from '@/lib/extract/lexicon';

// The word lists the readers weigh text against (lib/extract/rules.ts and the given names, lib/extract/lexicon.ts):
// loaded with the reader modules when the extension first asks who is on the page, never at page load.
export default defineUnlistedScript({ globalName: false, main: installLexicon });
