import { useEffect, useRef } from 'react';

/**
 * Moves focus to the returned element whenever `key` changes, so a keyboard or screen-reader
 * user lands on the new step's heading instead of on nothing. Not on the first render, nor when
 * the key was null before (the screen was still loading: focus stays where the page put it).
 * The element needs `tabIndex={-1}`.
 */
export function useFocusOnChange<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const previous = useRef(key);
  useEffect(() => {
    if (previous.current === key) return;
    const wasShown = previous.current !== null;
    previous.current = key;
    if (wasShown) ref.current?.focus();
  }, [key]);
  return ref;
}
