import { useState } from 'react';
import { useStore } from 'zustand';
import { useSend } from '@/components/panel/context';
import { normalDomain } from '@/lib/meeting/attendees';
import {
  createMeetingStore,
  type MeetingActions,
  type MeetingState,
  type MeetingStore,
} from '@/lib/meeting/store';
import { ownDomains, saveBrief, watchBatchJob } from '@/lib/storage';

/** A meeting store for this component, reaching the worker through the panel's own client. */
export function useMeetingStore(): MeetingStore {
  const send = useSend();
  const [store] = useState(() =>
    createMeetingStore({
      send,
      now: Date.now,
      saveBrief,
      watchBatch: watchBatchJob,
      learnDomain: (d) =>
        ownDomains.update((list) => (list.includes(d) ? list : [...list, normalDomain(d)].slice(0, 20))),
    }),
  );
  return store;
}

export const useMeeting = <T>(store: MeetingStore, pick: (s: MeetingState & MeetingActions) => T): T =>
  useStore(store, pick);
