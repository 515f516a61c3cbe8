import { serve } from '@/lib/content-script';
import { crmScript } from '@/lib/extract/scripts';

// Declared in the manifest for the CRMs (wxt.config.ts).
export default defineUnlistedScript({ globalName: false, main: () => serve(crmScript) });
