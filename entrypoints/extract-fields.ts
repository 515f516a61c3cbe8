import { register } from '@/lib/extract/register';
import { fieldsReader } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the labelled fields' reader, for record pages of every app.
export default defineUnlistedScript({ globalName: false, main: () => register(fieldsReader) });
