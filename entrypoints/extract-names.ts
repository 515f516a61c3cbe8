import { installNames } from '@/lib/extract/rules/lexicon';

// The given names the readers weigh a name against (lib/extract/rules/given-names.data.ts): loaded with the word lists when
// the extension first asks who is on the page, never at page load.
export default defineUnlistedScript({ globalName: false, main: installNames });
