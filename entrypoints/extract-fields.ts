import { register } from '@/lib/extract/register';
import { fieldsReaders } from '@/lib/extract/evidence/modules';

// Loaded beside every reader module (lib/extract/site.ts): the labelled fields' reader, which reads what records
// show in labelled fields.
export default defineUnlistedScript({ globalName: false, main: () => register(fieldsReaders) });
