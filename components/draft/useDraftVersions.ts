import { useEffect, useEffectEvent, useState } from 'react';
import { useSend } from '@/components/panel/context';
import type { Channel, DraftVersion } from '@/lib/model';

interface Kept {
  /** The entry these are the drafts of: another entry's are never shown. */
  of: string;
  loading: boolean;
  unread: boolean;
  versions: DraftVersion[];
  versionId: string | null;
}
const reading = (of: string): Kept => ({ of, loading: true, unread: false, versions: [], versionId: null });

/**
 * The person's drafts, kept with the analysis: read when the person changes (`loading` until they are known;
 * nothing can be written before, so a kept draft is never written, and paid for, again), shown through `show`
 * (null: there is none, or not yet), and the seller's edits kept with the version they edit.
 */
export function useDraftVersions(entryId: string, show: (version: DraftVersion | null) => void) {
  const send = useSend();
  const [state, setState] = useState(() => reading(entryId));
  const [dirty, setDirty] = useState(false);
  const onShow = useEffectEvent(show);
  const kept = state.of === entryId ? state : reading(entryId);

  useEffect(() => {
    let live = true;
    onShow(null);
    void send('draft.list', { entryId })
      .then((versions) => {
        if (!live) return;
        const last = versions.at(-1);
        setState({ of: entryId, loading: false, unread: false, versions, versionId: last?.id ?? null });
        onShow(last ?? null);
      })
      .catch(() => {
        // Said, not hidden: the seller decides whether to write a new one.
        if (live) setState({ ...reading(entryId), loading: false, unread: true });
      });
    return () => {
      live = false;
    };
  }, [entryId, send]);

  /** A list the worker answered with (a draft saved, an edit kept): the newest is shown unless one is kept. */
  function adopt(versions: DraftVersion[], keep: string | null = null) {
    if (versions.length)
      setState((s) => ({ ...s, of: entryId, versions, versionId: keep ?? versions.at(-1)!.id }));
  }

  /** Keeps the seller's edit of the version shown (nothing when unedited or empty). */
  async function save(text: string, channel: Channel) {
    if (!dirty || !text.trim()) return;
    setDirty(false);
    const { versionId } = kept;
    const list = await send('draft.save', {
      entryId,
      text,
      channel,
      ...(versionId ? { versionId } : {}),
    }).catch(() => null);
    if (list) adopt(list, versionId);
  }

  /** Another version picked: returned to be shown, or undefined when it is not one of the person's. */
  function pick(id: string): DraftVersion | undefined {
    const v = kept.versions.find((x) => x.id === id);
    if (v) setState((s) => ({ ...s, versionId: v.id }));
    return v;
  }

  return {
    ...kept,
    index: kept.versions.findIndex((v) => v.id === kept.versionId),
    edited: () => setDirty(true),
    /** A new draft was written: it is no edit, and the worker's list (when it saved it) is the person's now. */
    written: (list: DraftVersion[] | undefined) => {
      setDirty(false);
      if (list) adopt(list);
    },
    save,
    pick,
  };
}
