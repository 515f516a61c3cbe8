import { register } from '@/lib/extract/register';
import { webmailScript } from '@/lib/extract/scripts';

// The reader module of content-webmail.js (lib/extract/files.ts): loaded by it when asked, or injected beside it.
export default defineUnlistedScript({ globalName: false, main: () => register(webmailScript) });
