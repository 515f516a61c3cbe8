import { keepsPerson } from '@/lib/panel/carry';
import type { Internals, PanelActions, PanelState, SliceArgs } from './types';

/*
 * Screens and carry: which screen the panel shows (the page, a running lookup, an analysis, the history) and the
 * analysis that follows the seller across pages until a page shows someone else.
 */

type ScreensState = Pick<PanelState, 'screen' | 'previous'>;
type ScreensActions = Pick<PanelActions, 'showEntry' | 'carry' | 'readPage' | 'showHistory' | 'back'>;

export function screensSlice({ set, get }: SliceArgs): {
  slice: ScreensState & ScreensActions;
  internals: Pick<Internals, 'giveWay'>;
} {
  function giveWay() {
    const { screen, detection } = get();
    if (screen.kind !== 'result' || screen.carried !== 'auto') return;
    const page =
      detection.status === 'done'
        ? detection
        : detection.status === 'detecting' || detection.status === 'idle'
          ? undefined
          : null;
    // a meeting on the page takes the panel too: its people are the ones to prepare
    if (page !== undefined && (page?.meeting || !keepsPerson(screen.entry.input, page)))
      set({ screen: { kind: 'page' }, previous: screen.entry });
  }

  return {
    internals: { giveWay },
    slice: {
      screen: { kind: 'page' },
      previous: null,

      showEntry(entry, via) {
        set({ screen: { kind: 'result', entry, via } });
      },

      carry(entry, carried = 'auto') {
        const { screen, previous } = get();
        if (screen.kind === 'running' || (screen.kind === 'result' && screen.entry.id !== previous?.id))
          return;
        set({
          screen: { kind: 'result', entry, via: 'cache', carried },
          previous: previous?.id === entry.id ? null : previous,
        });
        giveWay();
      },

      readPage() {
        const { screen } = get();
        if (screen.kind === 'result' && screen.carried)
          set({ screen: { kind: 'page' }, previous: screen.entry });
      },

      showHistory() {
        if (get().screen.kind !== 'running') set({ screen: { kind: 'history' } });
      },

      back() {
        const { screen } = get();
        if (screen.kind === 'result') set({ screen: { kind: 'page' }, previous: screen.entry });
        else if (screen.kind !== 'running') set({ screen: { kind: 'page' } });
      },
    },
  };
}
