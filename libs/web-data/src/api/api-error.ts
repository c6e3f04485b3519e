import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { ErrorCode, type FieldErrors } from '@jibs/domain';
import type { GraphQLFormattedError } from 'graphql';
import { translateText } from '../language/language-store';
import { GraphQLAnswerError, HttpStatusError } from './session-transport';

/** What the screens need to know about a failed operation, whatever its transport. */
export interface ApiError {
  /** `extensions.code` of the first GraphQL error; undefined for transport failures. */
  code?: string;
  message: string;
  /**
   * Per-field messages of a BAD_USER_INPUT error, keyed by the input's field names, in the
   * reader's language (the forms show them as they are).
   */
  fieldErrors: FieldErrors;
  /** The request never reached a server (offline, DNS, timeout). */
  network: boolean;
  /** HTTP status of a non-GraphQL error answer (e.g. 502 while the gateway is down). */
  status?: number;
}

export function toApiError(error: unknown): ApiError {
  const errors = graphQLErrors(error);
  const message = error instanceof Error ? error.message : String(error);
  if (errors) {
    const [first] = errors;
    const extensions = first?.extensions ?? {};
    const code = typeof extensions.code === 'string' ? extensions.code : undefined;
    return {
      code,
      message: first?.message ?? message,
      fieldErrors: code === ErrorCode.BadUserInput ? readFieldErrors(extensions.fieldErrors) : {},
      network: false,
    };
  }
  if (ServerError.is(error)) {
    return { message, fieldErrors: {}, network: false, status: error.statusCode };
  }
  if (error instanceof HttpStatusError) {
    return { message, fieldErrors: {}, network: false, status: error.status };
  }
  return { message, fieldErrors: {}, network: true };
}

export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return graphQLErrors(error)?.some((e) => e.extensions?.code === code) ?? false;
}

/**
 * The errors of a GraphQL error answer, through the Apollo client or the session's transport
 * (see session-transport.ts); null for any other failure.
 */
function graphQLErrors(error: unknown): readonly GraphQLFormattedError[] | null {
  if (CombinedGraphQLErrors.is(error) || error instanceof GraphQLAnswerError) return error.errors;
  return null;
}

function readFieldErrors(value: unknown): FieldErrors {
  if (!value || typeof value !== 'object') return {};
  const fields: FieldErrors = {};
  for (const [key, message] of Object.entries(value)) {
    // Servers may key by the argument path (`input.email`); the forms use the field name.
    if (typeof message === 'string') fields[key.replace(/^input\./, '')] = translateText(message);
  }
  return fields;
}
