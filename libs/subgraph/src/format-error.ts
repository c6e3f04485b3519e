import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { isDatabaseUnavailable } from '@jibs/database';
import { DomainError, ErrorCode, Messages } from '@jibs/domain';
import { logLevelForError, type Logger } from '@jibs/observability';

/** Codes graphql-js and Apollo give to errors in the request itself; safe to pass on. */
const REQUEST_ERROR_CODES = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * Apollo answers these bad requests with HTTP 400 but no code of its own (it fills in
 * INTERNAL_SERVER_ERROR): they are the caller's doing.
 */
const UNCODED_REQUEST_ERRORS = new Set([
  'provided sha does not match query',
  'Unsupported persisted query version',
]);

function domainErrorOf(error: unknown): DomainError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof DomainError) return current;
    current = (current as { originalError?: unknown }).originalError;
  }
  return undefined;
}

/**
 * The one place errors become GraphQL errors: domain errors keep their code, message and
 * field errors; request errors pass through; everything else is logged and answered with a
 * generic message, so no stack, SQL or internal detail reaches a client.
 */
export function createErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const domain = domainErrorOf(error);
    if (domain) {
      return {
        message: domain.message,
        path: formatted.path,
        extensions: {
          code: domain.code,
          ...(domain.fieldErrors ? { fieldErrors: domain.fieldErrors } : {}),
        },
      };
    }
    const given = formatted.extensions?.['code'];
    const code =
      (given === undefined || given === 'INTERNAL_SERVER_ERROR') &&
      UNCODED_REQUEST_ERRORS.has(formatted.message)
        ? 'BAD_USER_INPUT'
        : given;
    if (typeof code === 'string' && REQUEST_ERROR_CODES.has(code)) {
      return {
        message: formatted.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code },
      };
    }
    const cause = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    if (isDatabaseUnavailable(cause)) {
      // An outage (Postgres restarting), not a bug: the clients word it, the caller may retry.
      logger.warn({ err: cause, path: formatted.path }, 'the database is unavailable');
      return {
        message: Messages.serviceUnavailable,
        path: formatted.path,
        extensions: { code: ErrorCode.ServiceUnavailable },
      };
    }
    // A user error that is not a DomainError is still answered as internal (one source of codes),
    // but it is the caller's doing: it is not logged as an error (logLevelForError).
    logger[logLevelForError(error ?? formatted)](
      { err: cause, path: formatted.path },
      'unexpected error in a GraphQL operation',
    );
    return {
      message: Messages.unexpected,
      path: formatted.path,
      extensions: { code: ErrorCode.Internal },
    };
  };
}

/**
 * The same formatting for the subscription socket (graphql-ws), which Apollo's `formatError`
 * does not reach: without it a subscription's internal error went to the gateway unmasked and
 * was logged nowhere in the subgraph. graphql-ws hands over two kinds of errors:
 * - `next`: an execution result. An error without a path is the request's own (a variable of the
 *   wrong type), answered BAD_USER_INPUT; one with a path came from a resolver.
 * - `error`: the operation's end. An error without an original one is the request's own (it
 *   failed validation), answered GRAPHQL_VALIDATION_FAILED; one with an original error is a
 *   failure while the subscription ran (its source threw).
 * Errors from resolvers and running subscriptions go through `createErrorFormatter`: domain
 * errors keep their code, the rest are logged at their level and masked.
 */
export function createSocketErrorFormatter(logger: Logger) {
  const format = createErrorFormatter(logger);
  const asRequestError = (error: GraphQLError, code: string): GraphQLFormattedError => {
    const { message, locations } = error.toJSON();
    return format({ message, locations, extensions: { code } }, error);
  };
  return {
    next: (errors: readonly GraphQLError[]): GraphQLFormattedError[] =>
      errors.map((error) =>
        error.path === undefined && !domainErrorOf(error)
          ? asRequestError(error, 'BAD_USER_INPUT')
          : format(error.toJSON(), error),
      ),
    error: (errors: readonly GraphQLError[]): GraphQLFormattedError[] =>
      errors.map((error) =>
        error.originalError === undefined || error.originalError === null
          ? asRequestError(error, 'GRAPHQL_VALIDATION_FAILED')
          : format(error.toJSON(), error),
      ),
  };
}
