import { register } from '@/lib/extract/register';
import site from '@/lib/extract/sites/github';

// The reader module of content-github.js (lib/extract/site.ts): loaded by it when asked, or injected beside it.
export default defineUnlistedScript({ globalName: false, main: () => register(site) });
