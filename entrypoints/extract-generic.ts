import { register } from '@/lib/extract/register';
import { genericScript } from '@/lib/extract/scripts';

// The reader module of content-generic.js (lib/extract/files.ts): loaded by it when asked, or injected beside it.
export default defineUnlistedScript({ globalName: false, main: () => register(genericScript) });
