import { serve } from '@/lib/content-script';
import { moduleFile } from '@/lib/extract/site';
import { quickProfile } from '@/lib/extract/sites/linkedin-top';

// Declared in the manifest for LinkedIn (lib/extract/sites/linkedin.ts). It only listens: the extractors are in
// entrypoints/extract-linkedin.ts, loaded when the extension first asks who is on the page; meanwhile a profile's
// top card is the quick answer (lib/extract/sites/linkedin-top.ts). The site's definition is not imported here: it
// carries the readers, which stay in the reader module.
export default defineUnlistedScript({
  globalName: false,
  main: () => serve(moduleFile('linkedin'), quickProfile),
});
