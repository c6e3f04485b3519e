import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ErrorCode, Messages } from '@jibs/domain';
import type { Logger } from '@jibs/observability';
import { QueryLimitError } from './query-limits';

/**
 * Codes whose message was written for the client: the domain's own (from the subgraphs) and
 * the ones graphql-js and Apollo give to a bad request. Anything else is treated as internal.
 */
const CLIENT_ERROR_CODES = new Set<string>([
  ...Object.values(ErrorCode).filter((code) => code !== ErrorCode.Internal),
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/** Apollo wraps validation errors as GRAPHQL_VALIDATION_FAILED; a limit keeps its own code. */
function limitErrorOf(error: unknown): QueryLimitError | undefined {
  if (error instanceof QueryLimitError) return error;
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  return original instanceof QueryLimitError ? original : undefined;
}

function fieldErrorsOf(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(([, message]) => typeof message === 'string');
  return entries.length ? (Object.fromEntries(entries) as Record<string, string>) : undefined;
}

/**
 * What the client may see of an error: its message, location, path, `extensions.code` and
 * `fieldErrors` when the code is a client-facing one; a generic internal error otherwise.
 * Everything else a subgraph or Apollo put in `extensions` (service names, subgraph response
 * bodies, stack traces) is dropped. Returns whether the error was internal, for logging.
 */
/**
 * Apollo answers these bad requests with HTTP 400 but without a code of their own: they are the
 * client's doing, not internal.
 */
const UNCODED_REQUEST_ERRORS = new Set([
  'provided sha does not match query',
  'Unsupported persisted query version',
]);

function isUncodedClientError(error: unknown, formatted: GraphQLFormattedError): boolean {
  // Apollo fills a missing code in with INTERNAL_SERVER_ERROR.
  const code = formatted.extensions?.['code'];
  if (code !== undefined && code !== 'INTERNAL_SERVER_ERROR') return false;
  if (UNCODED_REQUEST_ERRORS.has(formatted.message)) return true;
  const status = (error as { extensions?: { http?: { status?: unknown } } } | undefined)?.extensions
    ?.http?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function toClientError(
  formatted: GraphQLFormattedError,
  error?: unknown,
): { error: GraphQLFormattedError; internal: boolean } {
  const code =
    limitErrorOf(error) || isUncodedClientError(error, formatted)
      ? ErrorCode.BadUserInput
      : formatted.extensions?.['code'];
  if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) {
    const fieldErrors = fieldErrorsOf(formatted.extensions?.['fieldErrors']);
    return {
      internal: false,
      error: {
        message: formatted.message,
        ...(formatted.locations ? { locations: formatted.locations } : {}),
        ...(formatted.path ? { path: formatted.path } : {}),
        extensions: { code, ...(fieldErrors ? { fieldErrors } : {}) },
      },
    };
  }
  return {
    internal: true,
    error: {
      message: Messages.unexpected,
      ...(formatted.path ? { path: formatted.path } : {}),
      extensions: { code: ErrorCode.Internal },
    },
  };
}

/** Apollo Server's `formatError`: client-facing errors pass, internal ones are logged and masked. */
export function createErrorFormatter(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const result = toClientError(formatted, error);
    if (result.error.extensions?.['code'] === ErrorCode.ServiceUnavailable) {
      // An outage, not a bug: one line naming the subgraph, at warn (its own logs say why).
      logger.warn(
        { serviceName: formatted.extensions?.['serviceName'], path: formatted.path },
        'a subgraph is unavailable',
      );
    } else if (result.internal) {
      const cause = error instanceof GraphQLError ? (error.originalError ?? error) : error;
      logger.error(
        { err: cause, code: formatted.extensions?.['code'], path: formatted.path },
        'unexpected error in a GraphQL operation',
      );
    }
    return result.error;
  };
}
