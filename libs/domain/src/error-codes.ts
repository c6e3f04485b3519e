/** Error codes carried in GraphQL `extensions.code`; one list for services and clients. */
export enum ErrorCode {
  BadUserInput = 'BAD_USER_INPUT',
  Unauthenticated = 'UNAUTHENTICATED',
  Forbidden = 'FORBIDDEN',
  NotFound = 'NOT_FOUND',
  Conflict = 'CONFLICT',
  RateLimited = 'RATE_LIMITED',
  /** The site is in maintenance mode and the caller is not an admin. */
  Maintenance = 'MAINTENANCE',
  /** The service that owns the field is down or not answering; the rest of the query resolves. */
  ServiceUnavailable = 'SERVICE_UNAVAILABLE',
  Internal = 'INTERNAL_SERVER_ERROR',
}

/** One message per invalid field, keyed by the input's field name. */
export type FieldErrors = Record<string, string>;
