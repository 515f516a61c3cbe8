import { register } from '@/lib/extract/register';
import { proseReader } from '@/lib/extract/scripts';

// Loaded beside every reader module (lib/extract/files.ts): the prose reader, the person a page writes about.
export default defineUnlistedScript({ globalName: false, main: () => register(proseReader) });
