import { serve } from '@/lib/content-script';
import { READERS } from '@/lib/extract/files';

// Injected on demand into pages the user granted or invoked the extension on (with its reader module, which
// the extension injects beside it).
export default defineUnlistedScript({ globalName: false, main: () => serve(READERS.generic.module) });
