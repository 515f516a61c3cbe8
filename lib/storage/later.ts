import type { StoredItem } from './define';

/*
 * The stored items a page reads before it needs their checking, each brought with its definition (its schema,
 * zod/mini and WXT's storage, ./local.ts and ./session.ts) in a chunk of its own on first use. The side panel's first
 * paint reads the settings, the key's status, the balance and the session's items through these, so its start-up
 * script carries none of that code (tests/e2e/sidepanel-first-paint.spec.ts). A read waits for the chunk, then reads
 * and checks as the item itself does; a watch starts once the chunk is in.
 */

/** What a page does with such an item: read it, write it, follow it. */
export type LaterItem<T> = Pick<StoredItem<T>, 'get' | 'set' | 'watch'>;

export function later<T>(load: () => Promise<StoredItem<T>>): LaterItem<T> {
  let loading: Promise<StoredItem<T>> | undefined;
  // a chunk that failed to load is asked for again by the next use
  const item = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
  return {
    get: () => item().then((i) => i.get()),
    set: (value) => item().then((i) => i.set(value)),
    watch(cb) {
      let stop: (() => void) | undefined;
      let stopped = false;
      void item()
        .then((i) => {
          if (!stopped) stop = i.watch(cb);
        })
        .catch(() => undefined);
      return () => {
        stopped = true;
        stop?.();
      };
    },
  };
}

const localItems = () => import('./local');
const sessionItems = () => import('./session');

/** The items of ./local.ts, defined on first use. */
export const local = {
  settings: later(() => localItems().then((m) => m.settings)),
  keyStatus: later(() => localItems().then((m) => m.keyStatus)),
  credits: later(() => localItems().then((m) => m.credits)),
};

/** The items of ./session.ts, defined on first use. */
export const session = {
  lookupJobs: later(() => sessionItems().then((m) => m.lookupJobs)),
  pendingPerson: later(() => sessionItems().then((m) => m.pendingPerson)),
  pageChanged: later(() => sessionItems().then((m) => m.pageChanged)),
  shownEntry: later(() => sessionItems().then((m) => m.shownEntry)),
};
