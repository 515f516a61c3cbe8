import { serve } from '@/lib/content-script';
import { githubScript } from '@/lib/extract/scripts';

// Declared in the manifest for GitHub (wxt.config.ts).
export default defineUnlistedScript({ globalName: false, main: () => serve(githubScript) });
