import { compose } from '@/lib/compose/insert';

// Loaded on demand by the Gmail, Outlook and LinkedIn scripts when the panel asks for the compose box
// (lib/content-script.ts); it only hands its function over to them.
export default defineUnlistedScript({
  globalName: false,
  main: () => {
    const w = window as Window & { __perfilIntel?: { compose?: typeof compose } };
    (w.__perfilIntel ??= {} as { compose?: typeof compose }).compose = compose;
  },
});
