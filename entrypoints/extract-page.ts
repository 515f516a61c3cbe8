import { register } from '@/lib/extract/register';
import { pageReader } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the page reader, which reads what pages have in common.
export default defineUnlistedScript({ globalName: false, main: () => register(pageReader) });
