import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { PanelActions, PanelState, PanelStore } from '@/lib/panel/store';

export const PanelContext = createContext<PanelStore | null>(null);

/** A slice of the panel's state; pick one value (or an action) per call so renders stay narrow. */
export function usePanel<T>(selector: (s: PanelState & PanelActions) => T): T {
  const store = useContext(PanelContext);
  if (!store) throw new Error('usePanel outside PanelContext');
  return useStore(store, selector);
}

/**
 * The panel's one way to the worker: the store's own deps (lib/panel/worker.ts), so a page component and the store
 * reach the worker alike and a test can give both one fake. `useSend` for a request, `useStream` for a model text.
 */
export const useSend = () => usePanel((s) => s.send);
export const useStream = () => usePanel((s) => s.stream);
