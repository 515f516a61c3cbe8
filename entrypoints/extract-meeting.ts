import { register } from '@/lib/extract/register';
import { meetingReaders } from '@/lib/extract/sites/calendar';

// The web mail script's second reader module (lib/extract/site.ts MEETING_MODULE): the meeting open on the page, a
// calendar's event or an invitation in a mail. Loaded beside extract-webmail.js, or injected beside it.
export default defineUnlistedScript({ globalName: false, main: () => register(meetingReaders) });
