import { register } from '@/lib/extract/register';
import { fieldsReaders } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the labelled fields' and the mail readers, which read
// what records and mail show in labelled fields and headers.
export default defineUnlistedScript({ globalName: false, main: () => register(fieldsReaders) });
