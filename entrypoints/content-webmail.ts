import { serve } from '@/lib/content-script';
import { webmailScript } from '@/lib/extract/scripts';

// Declared in the manifest for Gmail and Outlook (wxt.config.ts).
export default defineUnlistedScript({ globalName: false, main: () => serve(webmailScript) });
