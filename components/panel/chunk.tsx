import { lazy, useState, type ComponentType } from 'react';

/**
 * A component whose code is a chunk of its own, loaded on first use or ahead with `preload()`. React.lazy alone
 * suspends at its first render even when the chunk is already there, and React then holds the reveal for up to
 * 300 ms after the fallback showed: once preloaded, a new mount renders the component at once.
 */
export function fromChunk<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  const preload = () => load().then((component) => (loaded = component));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function FromChunk(props: P) {
    // decided once per mount, so a piece that mounted before its chunk loaded is not mounted again after
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(FromChunk, { preload });
}
