const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client-given id has the shape of a row id (any UUID). Services check it before a
 * lookup, so a malformed id is simply not found instead of a database error.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
