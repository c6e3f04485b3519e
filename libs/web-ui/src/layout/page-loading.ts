import { useLayoutEffect, useSyncExternalStore } from 'react';

// How many whole-page loaders show. While one does, the footer is hidden (it keeps its place):
// otherwise it shows under the loader and jumps down when the screen arrives, a layout shift
// the visitor sees (and CLS counts).
let showing = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** Called by a whole-page loader: the page counts as loading while it is mounted. */
export function useMarksPageLoading(): void {
  // Before the browser paints, so the footer is never drawn for a frame beside the loader.
  useLayoutEffect(() => {
    showing += 1;
    notify();
    return () => {
      showing -= 1;
      notify();
    };
  }, []);
}

/** Whether a whole-page loader shows. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => showing > 0,
    () => false,
  );
}
