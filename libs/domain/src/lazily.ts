/**
 * A value made the first time it is asked for, then kept. For the module-level Intl formatters:
 * made at import, each cost every page's start (the first one loads the ICU data, some 20 ms on a
 * fast machine), on pages that never show a date or an amount.
 */
export function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
