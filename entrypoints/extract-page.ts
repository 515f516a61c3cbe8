import { register } from '@/lib/extract/register';
import { pageReaders } from '@/lib/extract/evidence/modules';

// Loaded beside every reader module (lib/extract/site.ts): the page and the prose readers, which read what pages
// show in headings, cards and sentences.
export default defineUnlistedScript({ globalName: false, main: () => register(pageReaders) });
