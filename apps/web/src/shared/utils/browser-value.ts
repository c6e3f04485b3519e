import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * A value only the visitor's browser has (their clock's date or year; the Apollo client), or
 * null where there is none: in the build's prerender of a public page (src/prerender.tsx),
 * which would bake the build's into the page, and in the render that hydrates that page, which
 * must match it (and keeps every attribute as the server wrote it). React renders again with
 * the browser's value straight after hydrating; any other render has it from the start.
 * `read` must give an equal value (`Object.is`) while nothing changes: a string, number or boolean.
 */
export function useBrowserValue<T extends string | number | boolean>(read: () => T): T | null {
  return useSyncExternalStore(unchanging, read, () => null);
}

/** The visitor's own calendar date (YYYY-MM-DD, as `<input type="date">` writes it). */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
