import { serve } from '@/lib/content-script';
import { MEETING_MODULE, READERS } from '@/lib/extract/files';

// Declared in the manifest for Gmail and Outlook (wxt.config.ts). It only listens: the extractors are in
// entrypoints/extract-webmail.ts and the meeting reader in entrypoints/extract-meeting.ts, loaded when the extension first asks who is on the page.
export default defineUnlistedScript({
  globalName: false,
  main: () => serve([READERS.webmail.module, MEETING_MODULE]),
});
