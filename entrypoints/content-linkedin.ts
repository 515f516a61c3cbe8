import { serve } from '@/lib/content-script';
import { linkedinScript } from '@/lib/extract/scripts';

// Declared in the manifest for LinkedIn (wxt.config.ts).
export default defineUnlistedScript({ globalName: false, main: () => serve(linkedinScript) });
