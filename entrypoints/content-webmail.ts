import { serve } from '@/lib/content-script';
import { MEETING_MODULE, moduleFile } from '@/lib/extract/site';

// Declared in the manifest for Gmail and Outlook (lib/extract/sites/webmail.ts). It only listens: the extractors are
// in entrypoints/extract-webmail.ts and the meeting reader (the site's `also`) in entrypoints/extract-meeting.ts,
// loaded when the extension first asks who is on the page.
export default defineUnlistedScript({
  globalName: false,
  main: () => serve([moduleFile('webmail'), MEETING_MODULE]),
});
