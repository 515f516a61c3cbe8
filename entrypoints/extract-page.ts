import { answer, register } from '@/lib/extract/register';
import { pageReader } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the page reader, and the scoring of every loaded
// reader's evidence, which answers who is on the page.
export default defineUnlistedScript({
  globalName: false,
  main: () => {
    register(pageReader);
    answer();
  },
});
