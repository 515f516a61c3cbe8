import { createStore } from 'zustand/vanilla';
import { detectSlice } from './slices/detect';
import { formSlice } from './slices/form';
import { runSlice } from './slices/run';
import { screensSlice } from './slices/screens';
import type { Internals, Panel, PanelDeps, PanelStore } from './slices/types';

/*
 * The side panel's store: one zustand store composed of four slices, each with one job — follow and detect
 * (./slices/detect.ts), form and price (./slices/form.ts), run and outcome (./slices/run.ts), screens and carry
 * (./slices/screens.ts). Everything that talks to the background goes through `deps`, so the logic runs in tests
 * without a browser. Components select one value per `usePanel` call (components/panel/context.ts), so a change
 * re-renders only what reads it.
 */

export type {
  Detection,
  Draft,
  FormOrigin,
  Outcome,
  PanelActions,
  PanelDeps,
  PanelState,
  PanelStore,
  Ready,
  RunningJob,
  Screen,
} from './slices/types';
export { draftOf, EMPTY_DRAFT, inputOf, seenOf } from './slices/form';
export { SETTLE_RETRIES_MS } from './slices/detect';
export { MAX_AUTO_RETRIES } from './slices/run';

export function createPanelStore(deps: PanelDeps): PanelStore {
  return createStore<Panel>()((set, get, api) => {
    // Each slice reaches the others' internals through `shared`, filled once all four are made.
    const shared = {} as Internals;
    const args = { set, get, api, deps, shared };
    const follow = detectSlice(args);
    const form = formSlice(args);
    const run = runSlice(args);
    const screens = screensSlice(args);
    Object.assign(shared, form.internals, run.internals, screens.internals);
    return {
      ...follow,
      ...form.slice,
      ...run.slice,
      ...screens.slice,
      // The panel's components talk to the worker through the store's own deps: its requests and its streams.
      send: deps.send,
      stream: deps.stream,
    };
  });
}
