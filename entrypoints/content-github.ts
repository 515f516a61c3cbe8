import { serve } from '@/lib/content-script';
import { moduleFile } from '@/lib/extract/site';

// Declared in the manifest for GitHub (lib/extract/sites/github.ts). It only listens: the extractors are in
// entrypoints/extract-github.ts, loaded when the extension first asks who is on the page.
export default defineUnlistedScript({ globalName: false, main: () => serve(moduleFile('github')) });
