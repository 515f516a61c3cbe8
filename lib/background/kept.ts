import { HistoryError, type History } from '@/lib/history';
import type { HistoryEntry, Text } from '@/lib/model';
import { unsavedEntries } from '@/lib/storage/session';

/** Results IndexedDB refused, kept in the session: the newest ones, enough for a whole batch page. */
export const MAX_UNSAVED = 100;

const notSaved = {
  pt: 'Não foi possível guardar esta análise no histórico (armazenamento cheio); ela fica disponível até o navegador fechar.',
  en: 'This analysis could not be saved to the history (storage full); it stays available until the browser closes.',
};

const joinNotices = (a: HistoryEntry['notice'], b: Text) =>
  a ? { pt: `${a.pt} ${b.pt}`, en: `${a.en} ${b.en}` } : b;

/**
 * Where a paid analysis is kept: the history, or the browser session when the history refuses the write (storage
 * full), so no result the user paid for is lost. Single lookups and batches share it.
 */
export function createKeeper(history: History) {
  return {
    /** The entry, wherever it was kept. */
    async get(id: string): Promise<HistoryEntry | null> {
      return (await history.get(id)) ?? (await unsavedEntries.get())[id] ?? null;
    },

    async save(e: HistoryEntry): Promise<void> {
      try {
        await history.put(e);
      } catch (err) {
        if (!(err instanceof HistoryError)) throw err;
        const kept = { ...e, notice: joinNotices(e.notice, notSaved) };
        await unsavedEntries.update((all) =>
          Object.fromEntries(
            Object.entries({ ...all, [e.id]: kept })
              .sort(([, a], [, b]) => b.createdAt - a.createdAt)
              .slice(0, MAX_UNSAVED),
          ),
        );
      }
    },

    /** Deletes one entry, or all of them, wherever it was kept. */
    async forget(id?: string): Promise<void> {
      if (id === undefined) await Promise.all([history.clear(), unsavedEntries.set({})]);
      else {
        await history.delete(id);
        await unsavedEntries.update(({ [id]: _gone, ...rest }) => rest);
      }
    },
  };
}
