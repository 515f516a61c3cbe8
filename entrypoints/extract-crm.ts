import { register } from '@/lib/extract/register';
import { crmScript } from '@/lib/extract/scripts';

// The reader module of content-crm.js (lib/extract/files.ts): loaded by it when asked, or injected beside it.
export default defineUnlistedScript({ globalName: false, main: () => register(crmScript) });
