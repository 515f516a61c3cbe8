import { register } from '@/lib/extract/register';
import site from '@/lib/extract/sites/webmail';

// The reader module of content-webmail.js (lib/extract/site.ts): loaded by it when asked, or injected beside it.
export default defineUnlistedScript({ globalName: false, main: () => register(site) });
