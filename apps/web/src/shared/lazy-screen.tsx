import { lazy, useState, type ComponentType } from 'react';

/** Each lazy screen's loader, by name, so the first page's screen can load before it renders. */
const loaders = new Map<string, () => Promise<unknown>>();

/**
 * A part in its own chunk, as `React.lazy` would give it, with one difference: a part whose chunk
 * is already in when it first renders (`preload` has loaded it) renders at once instead of
 * suspending. A lazy component always suspends on its first render, and React holds a
 * boundary's content back for about 300 ms after showing its fallback, so the first page's words
 * painted that much later than the layout around them (docs/benchmarks.md).
 */
export function preloadable<M, P extends object = Record<string, never>>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
): { Component: ComponentType<P>; preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => (loaded = pick(module)),
      (error: unknown) => {
        // A chunk that failed (a dropped connection) is asked for again on the next visit.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Component(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded part later would
    // remount it and lose what the visitor typed.
    const [Chosen] = useState<ComponentType<P>>(() => loaded ?? (Lazy as ComponentType<P>));
    return <Chosen {...props} />;
  }
  return { Component, preload };
}

/** A route's screen, by `name`, as `preloadable` gives it; `preloadScreens` loads it by name. */
export function lazyScreen<M>(
  name: string,
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): ComponentType {
  const { Component, preload } = preloadable(load, pick);
  loaders.set(name, preload);
  return Component;
}

/**
 * Loads these screens' chunks, in order (a screen may be declared by the chunk of the one before
 * it, as the screens' route table declares the memorial page). A name no screen has is skipped.
 */
export async function preloadScreens(names: readonly string[]): Promise<void> {
  for (const name of names) await loaders.get(name)?.();
}

/** A screen's loader by its name (what `preloadScreens` calls): for the route table's test. */
export function screenLoader(name: string): (() => Promise<unknown>) | undefined {
  return loaders.get(name);
}
