import { register } from '@/lib/extract/register';
import { mailReader } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the mail reader, the people who wrote the mail a page shows.
export default defineUnlistedScript({ globalName: false, main: () => register(mailReader) });
