import { serve } from '@/lib/content-script';
import { GENERIC_MODULE } from '@/lib/extract/site';

// Injected on demand into pages the user granted or invoked the extension on (with its reader module, which
// the extension injects beside it).
export default defineUnlistedScript({ globalName: false, main: () => serve(GENERIC_MODULE) });
