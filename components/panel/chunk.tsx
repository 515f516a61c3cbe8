import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is a chunk of its own, loaded on first use or ahead with `preload()`; `waiting` shows
 * meanwhile (nothing by default). Not React.lazy: a lazy component suspends at its first render even when its chunk
 * is already there, and React then holds the reveal for up to 300 ms after a fallback showed (a form that appears
 * long after the person, a result that waits). Here a preloaded piece renders at once, and one still loading shows
 * as soon as it is there.
 */
export function fromChunk<P extends object>(
  load: () => Promise<ComponentType<P>>,
  waiting: (props: P) => ReactNode = () => null,
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (e: unknown) => {
        loading = undefined; // the next use tries again
        throw e;
      },
    );
    return loading;
  };
  function FromChunk(props: P) {
    const [Loaded, setLoaded] = useState(() => loaded);
    useEffect(() => {
      if (Loaded) return;
      let live = true;
      preload().then(
        (component) => live && setLoaded(() => component),
        () => undefined,
      );
      return () => {
        live = false;
      };
    }, [Loaded]);
    return Loaded ? <Loaded {...props} /> : waiting(props);
  }
  return Object.assign(FromChunk, { preload });
}
