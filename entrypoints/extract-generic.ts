import { register } from '@/lib/extract/register';
import { answer } from '@/lib/extract/answer';
import generic from '@/lib/extract/sites/generic';

// The reader module of content-generic.js (lib/extract/site.ts), loaded beside every site's module: the format
// readers, and the scoring of every loaded reader's evidence, which answers who is on the page.
export default defineUnlistedScript({
  globalName: false,
  main: () => {
    register(generic);
    answer();
  },
});
