import { z } from 'zod';

/**
 * Any UUID-shaped id (8-4-4-4-12 hex digits, any version), as a Postgres `uuid` column accepts
 * it. zod's `guid()` rather than `uuid()`: the latter also requires RFC 9562 version and variant
 * bits, which would turn some valid row ids into "not found".
 */
const rowId = z.guid();

/**
 * Whether a client-given id has the shape of a row id (any UUID). Services check it before a
 * lookup, so a malformed id is simply not found instead of a database error.
 */
export function isUuid(value: string): boolean {
  return rowId.safeParse(value).success;
}
