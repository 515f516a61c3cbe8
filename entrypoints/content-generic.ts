import { serve } from '@/lib/content-script';
import { genericScript } from '@/lib/extract/scripts';

// Injected on demand into pages the user granted or invoked the extension on, and loaded by a site
// script on a page of its site that no site extractor reads.
export default defineUnlistedScript({ globalName: false, main: () => serve(genericScript) });
