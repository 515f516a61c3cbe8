import * as names from '@/lib/extract/names';
import * as dom from '@/lib/extract/dom';
import * as sharedState from '@/lib/extract/shared';
import * as registry from '@/lib/extract/register';
import * as evidence from '@/lib/extract/evidence/judge';
import * as pageText from '@/lib/extract/evidence/page-text';
import { CORE_MODULE, type CORE } from '@/lib/extract/site';

/** The helpers every reader uses, by their names in `CORE` (lib/extract/site.ts). */
const core: Record<keyof typeof CORE, object> = {
  names,
  dom,
  shared: sharedState,
  register: registry,
  evidence,
  pageText,
};

// Loaded beside every reader module (lib/extract/site.ts): the helpers every reader uses, which the other reader
// modules, as built (wxt.config.ts), take from the page's shared object instead of carrying them; those that arrived
// before it wait for it there.
export default defineUnlistedScript({
  globalName: false,
  main: () => {
    const s = sharedState.shared();
    s.core = core;
    if (!s.modules.includes(CORE_MODULE)) s.modules.push(CORE_MODULE);
    // the reader modules that arrived first, as they arrived
    for (const run of s.later?.splice(0) ?? []) run();
  },
});
