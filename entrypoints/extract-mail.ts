import { register } from '@/lib/extract/register';
import { mailReaders } from '@/lib/extract/evidence/modules';

// Loaded beside every reader module (lib/extract/site.ts): the mail reader, which reads what mails and documents
// show in headers and written addresses.
export default defineUnlistedScript({ globalName: false, main: () => register(mailReaders) });
