import { register } from '@/lib/extract/register';
import { fieldsReaders } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the labelled fields' reader, which reads what records
// show in labelled fields.
export default defineUnlistedScript({ globalName: false, main: () => register(fieldsReaders) });
