import { ErrorCode } from '@jibs/domain';

/**
 * Refusals answered to the caller with their code: the caller's doing (a bad input, an anonymous
 * call, another member's id, a limit), not a fault. They never reach error level.
 */
export const USER_ERROR_CODES: ReadonlySet<string> = new Set<string>([
  ErrorCode.BadUserInput,
  ErrorCode.Unauthenticated,
  ErrorCode.Forbidden,
  ErrorCode.NotFound,
  ErrorCode.Conflict,
  ErrorCode.RateLimited,
  ErrorCode.Maintenance,
  // graphql-js and Apollo's codes for a malformed request.
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * Another part being down, or a socket the other side closed while a message was on its way
 * (a browser tab closed mid-subscription): worth a warning, not an error here.
 */
const OUTAGE_CODES: ReadonlySet<string> = new Set<string>([
  ErrorCode.ServiceUnavailable,
  'EPIPE',
  'ECONNRESET',
]);

export type ErrorLogLevel = 'debug' | 'warn' | 'error';

/**
 * The error's code: a DomainError's `code`, a GraphQLError's `extensions.code`, looked for
 * through `originalError` wrappers. Node's system codes (ECONNREFUSED) are returned as they are.
 */
export function errorCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const extensions = (current as { extensions?: { code?: unknown } }).extensions;
    if (typeof extensions?.code === 'string') return extensions.code;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/** The level an error is logged at: user errors at debug, outages at warn, the rest at error. */
export function logLevelForError(error: unknown): ErrorLogLevel {
  return logLevelForCode(errorCodeOf(error));
}

export function logLevelForCode(code: string | undefined): ErrorLogLevel {
  if (code === undefined) return 'error';
  if (USER_ERROR_CODES.has(code)) return 'debug';
  if (OUTAGE_CODES.has(code)) return 'warn';
  return 'error';
}
