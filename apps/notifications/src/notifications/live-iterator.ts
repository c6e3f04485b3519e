/**
 * Async iterators for subscriptions. Written by hand rather than as async generators because a
 * generator cannot be stopped while it waits: an unsubscribe on a quiet feed would keep its
 * listener until the next event. These pass `return()` straight to the source.
 */
export function mapIterator<T, U>(
  source: AsyncIterator<T>,
  map: (value: T) => U,
): AsyncIterableIterator<U> {
  return {
    async next() {
      const result = await source.next();
      return result.done
        ? { done: true, value: undefined }
        : { done: false, value: map(result.value) };
    },
    async return() {
      await source.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

/**
 * First the items of `replay` (what was missed), then `live`, skipping live items already
 * replayed. `live` must already be listening when this is called.
 */
export function withReplay<T>(
  replay: Promise<T[]>,
  live: AsyncIterator<T>,
  idOf: (item: T) => string,
): AsyncIterableIterator<T> {
  let pending: T[] | undefined;
  const replayed = new Set<string>();
  return {
    async next() {
      if (!pending) {
        pending = [...(await replay)];
        for (const item of pending) replayed.add(idOf(item));
      }
      const item = pending.shift();
      if (item !== undefined) return { done: false, value: item };
      for (;;) {
        const result = await live.next();
        if (result.done || !replayed.has(idOf(result.value))) return result;
      }
    },
    async return() {
      await live.return?.();
      return { done: true, value: undefined };
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
