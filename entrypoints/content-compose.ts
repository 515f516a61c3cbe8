import { compose } from '@/lib/compose/insert';
import { shared } from '@/lib/extract/shared';

// Loaded on demand by the Gmail, Outlook and LinkedIn scripts when the panel asks for the compose box
// (lib/content-script.ts); it only hands its function over to them.
export default defineUnlistedScript({ globalName: false, main: () => void (shared().compose = compose) });
