import { ErrorCode } from '@jibs/domain';
import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { OperationSource } from '../gql/graphql';
import type { TokenStore } from './token-store';

/**
 * A GraphQL answer with errors. Apollo's own error classes are not used here: their module
 * (with the rest of Apollo's errors) would come into the first page with the session.
 */
export class GraphQLAnswerError extends Error {
  /** Whether `error` is such an answer with an error of `code` (`extensions.code`). */
  static has(error: unknown, code: ErrorCode): boolean {
    return (
      error instanceof GraphQLAnswerError &&
      error.errors.some((e) => e.extensions?.['code'] === code)
    );
  }

  constructor(readonly errors: readonly GraphQLFormattedError[]) {
    super(errors.map((e) => e.message).join('\n'));
    this.name = 'GraphQLAnswerError';
  }
}

/** An answer that is not a GraphQL one (a proxy's error page while the gateway is down). */
export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(
      status >= 200 && status < 300
        ? 'Server response was malformed'
        : `Response not successful: Received status code ${status}`,
    );
    this.name = 'HttpStatusError';
  }
}

/**
 * How the session manager reaches the gateway. A GraphQL error answer fails with a
 * `GraphQLAnswerError`, any other failed answer with an `HttpStatusError`, and a request that
 * never got an answer with the fetch's own error: `toApiError` and `hasErrorCode` read them as
 * they read Apollo's `CombinedGraphQLErrors`, `ServerError` and network errors.
 */
export interface SessionTransport {
  send<TResult, TVariables>(
    operation: OperationSource<TResult, TVariables>,
    options?: SendOptions<TVariables>,
  ): Promise<TResult>;
}

export interface SendOptions<TVariables> {
  variables?: TVariables;
  /** Ends the request (the restore's timeout). */
  signal?: AbortSignal;
}

export interface FetchTransportOptions {
  /** Where the access token is read, when there is one (the transport never sets it). */
  tokens: Pick<TokenStore, 'get'>;
  /** The gateway's GraphQL endpoint; the page's own `/graphql` by default. */
  url?: string;
  /** Maintenance mode: by default the gateway's notice page, as the Apollo client does. */
  onMaintenance?: () => void;
}

/**
 * The session's operations over a plain `fetch`, so that the session is restored without
 * waiting for the Apollo client's chunk (more JS than the first page itself).
 */
export function createFetchTransport({
  tokens,
  url = '/graphql',
  onMaintenance = () => window.location.assign('/maintenance'),
}: FetchTransportOptions): SessionTransport {
  return {
    async send<TResult, TVariables>(
      operation: OperationSource<TResult, TVariables>,
      { variables, signal }: SendOptions<TVariables> = {},
    ): Promise<TResult> {
      const token = tokens.get();
      const response = await fetch(url, {
        method: 'POST',
        // A JSON body is not a "simple" request: the gateway's CSRF prevention lets it through.
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json, application/json;q=0.9',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        // The httpOnly refresh cookie goes with the request.
        credentials: 'same-origin',
        body: JSON.stringify({ query: operation, variables }),
        signal,
      });
      return answerOf<TResult>(parseJson(await response.text()), response.status, onMaintenance);
    },
  };
}

/**
 * An answer's data, as `send` reads it: a GraphQL error answer fails with a `GraphQLAnswerError`
 * (and maintenance's calls `onMaintenance`), anything else that is not data with an
 * `HttpStatusError`. Also for an answer the gateway put in the page (a visitor's memorial read).
 */
export function answerOf<TResult>(
  body: unknown,
  status: number,
  onMaintenance: () => void = () => window.location.assign('/maintenance'),
): TResult {
  const result =
    body && typeof body === 'object' && ('data' in body || 'errors' in body)
      ? (body as FormattedExecutionResult)
      : null;
  if (result?.errors?.length) {
    const error = new GraphQLAnswerError(result.errors);
    if (GraphQLAnswerError.has(error, ErrorCode.Maintenance)) onMaintenance();
    throw error;
  }
  if (status < 200 || status >= 300 || !result || result.data == null) {
    throw new HttpStatusError(status);
  }
  return result.data as TResult;
}

/** The body's JSON; null when it is not JSON (a proxy's error page: a status error). */
function parseJson(bodyText: string): unknown {
  try {
    return JSON.parse(bodyText) as unknown;
  } catch {
    return null;
  }
}
