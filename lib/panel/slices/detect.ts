import type { Responses } from '@/lib/messaging';
import { personKey } from '@/lib/panel/carry';
import { draftOf, EMPTY_DRAFT, sameDraft } from './form';
import type { PanelActions, PanelState, SliceArgs } from './types';

/*
 * Follow and detect: which tab the panel follows and who is on its page. A reading is taken again after a moment when
 * it found nobody (a page still loading); a newer reading, or a move to another page, makes an older answer stale.
 */

/**
 * A single-page site may change its address before it renders the new person, and a page just loaded may not
 * have its content script running yet: a reading that found nobody is taken again after these delays.
 */
export const SETTLE_RETRIES_MS = [600, 1500, 3000];

type DetectState = Pick<PanelState, 'tabId' | 'detection'>;
type DetectActions = Pick<PanelActions, 'follow' | 'leave' | 'detect'>;

export function detectSlice({ set, get, deps, shared }: SliceArgs): DetectState & DetectActions {
  let detectGen = 0;
  let lastDetectedUrl: string | null = null;
  let settleRetries = 0;
  let settleTimer: ReturnType<typeof setTimeout> | undefined;

  function applyDetection(r: Responses['detect']) {
    const shown = get().detection;
    // Also "not granted": a declared content script that has not started yet looks the same from here.
    const empty = r.ok ? r.candidates.length === 0 && !r.meeting : r.reason !== 'unsupported';
    if (empty && settleRetries < SETTLE_RETRIES_MS.length)
      settleTimer = setTimeout(() => void get().detect(), SETTLE_RETRIES_MS[settleRetries++]);
    if (r.ok) {
      // the page's answer as the protocol gives it (Detection's 'done' is the protocol's type)
      const { ok: _ok, ...page } = r;
      set({ detection: { status: 'done', ...page } });
    } else set({ detection: { status: r.reason, url: r.url, origin: r.origin } });
    shared.giveWay();
    if (!r.ok) {
      lastDetectedUrl = r.url;
      if (!get().origin) shared.setForm({ kind: 'manual' }, EMPTY_DRAFT);
      return;
    }
    const samePage = r.url === lastDetectedUrl;
    lastDetectedUrl = r.url;
    const { origin, draft } = get();
    // The user's own choice on this page stands (a form offered empty and left untouched is no choice);
    // a new page starts from what it shows.
    const untouched = origin?.kind === 'manual' && Object.values(draft).every((v) => !v.trim());
    // The same page read again (the full reading after the page's quick answer, a page that changed in place): a
    // form still as the page gave it follows that person's newer reading.
    const given =
      samePage && origin?.kind === 'candidate' && shown.status === 'done' && shown.candidates[origin.index];
    if (given && sameDraft(draft, draftOf(given))) {
      const index = r.candidates.findIndex((c) => personKey(c) === personKey(given));
      const next = index >= 0 && draftOf(r.candidates[index]!);
      // (an unchanged form is not quoted again)
      if (next)
        return sameDraft(next, draft)
          ? set({ origin: { kind: 'candidate', index } })
          : shared.setForm({ kind: 'candidate', index }, next);
      // that person is no longer on the page: the form starts from what it shows now
    } else if (origin && !untouched && (origin.kind !== 'candidate' || samePage)) return;
    if (r.candidates.length === 1) shared.setForm({ kind: 'candidate', index: 0 }, draftOf(r.candidates[0]!));
    else if (r.candidates.length === 0) shared.setForm({ kind: 'manual' }, EMPTY_DRAFT);
    else shared.setForm(null, EMPTY_DRAFT);
  }

  return {
    tabId: null,
    detection: { status: 'idle' },

    follow(tabId) {
      set({ tabId });
      get().leave(tabId);
      void get().detect();
    },

    leave(tabId) {
      if (tabId !== get().tabId) return;
      detectGen++;
      lastDetectedUrl = null;
      settleRetries = 0;
      clearTimeout(settleTimer);
      shared.dropQuotes();
      const { screen } = get();
      shared.setOutcome(null);
      set({
        detection: { status: 'detecting' },
        origin: null,
        draft: EMPTY_DRAFT,
        refresh: false,
        quotes: {},
        quoting: false,
        quoteError: null,
        // The analysis follows the seller to the next page until that page shows someone else (applyDetection);
        // one opened from history and a running lookup stay.
        screen:
          screen.kind === 'result' && screen.via !== 'history' ? { ...screen, carried: 'auto' } : screen,
      });
    },

    async detect() {
      const { tabId } = get();
      if (tabId === null) return;
      const gen = ++detectGen;
      clearTimeout(settleTimer);
      if (get().detection.status === 'idle') set({ detection: { status: 'detecting' } });
      let reply: Responses['detect'];
      try {
        reply = await deps.send('detect', { tabId });
      } catch {
        reply = { ok: false, reason: 'failed', url: '', origin: null };
      }
      // A newer detection, or a move to another page, makes this answer stale.
      if (gen === detectGen && tabId === get().tabId) applyDetection(reply);
    },
  };
}
