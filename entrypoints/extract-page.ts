import { register } from '@/lib/extract/register';
import { pageReaders } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the page and the prose readers, which read what pages
// show in headings, cards and sentences.
export default defineUnlistedScript({ globalName: false, main: () => register(pageReaders) });
