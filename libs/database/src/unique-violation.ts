import { QueryFailedError } from 'typeorm';

/**
 * Postgres refused a row for a unique index or primary key (SQLSTATE 23505): the caller turns
 * it into its own answer (the email is taken, the key was used) instead of an internal error.
 */
export function isUniqueViolation(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: string } | undefined)?.code === '23505'
  );
}
