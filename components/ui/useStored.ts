import { useEffect, useState } from 'react';
import type { StoredItem } from '@/lib/storage';

/** A stored item, kept live; undefined until the first read (a few milliseconds). */
export function useStored<T>(item: Pick<StoredItem<T>, 'get' | 'watch'>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    void item.get().then((v) => {
      if (live) setValue(v);
    });
    const unwatch = item.watch(setValue);
    return () => {
      live = false;
      unwatch();
    };
  }, [item]);
  return value;
}
