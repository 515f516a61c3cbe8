import { serve } from '@/lib/content-script';
import { READERS } from '@/lib/extract/files';
import { quickProfile } from '@/lib/extract/sites/linkedin-top';

// Declared in the manifest for LinkedIn (wxt.config.ts). It only listens: the extractors are in
// entrypoints/extract-linkedin.ts, loaded when the extension first asks who is on the page; meanwhile a profile's
// top card is the quick answer (lib/extract/sites/linkedin-top.ts).
export default defineUnlistedScript({
  globalName: false,
  main: () => serve(READERS.linkedin.module, quickProfile),
});
