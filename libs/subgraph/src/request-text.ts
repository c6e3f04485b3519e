import type { IncomingMessage, ServerResponse } from 'node:http';
import { json, type RequestHandler } from 'express';
import { ErrorCode, MAX_GRAPHQL_REQUEST_BYTES, RequestMessages } from '@jibs/domain';

/** Deeper than any real operation (the gateway allows 10 levels of fields); parsers recurse. */
export const MAX_NESTING = 64;

// A NUL, or a UTF-16 surrogate without its pair: Postgres refuses the first, and the second is
// silently replaced by U+FFFD on its way to the database. Neither is text anyone typed.
const NUL = String.fromCharCode(0);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const BAD_COOKIE_MESSAGE = 'A session cookie is malformed: sign in again.';

/** This product's cookies; others on the same host are none of its business. */
const OWN_COOKIE = /^jibs_/;

/**
 * Whether one of this product's cookies (`jibs_…`) has a value that is not valid
 * percent-encoding or holds control characters (`jibs_refresh=%%%`).
 */
export function hasMalformedOwnCookie(header: string | undefined): boolean {
  if (!header) return false;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1) continue;
    if (!OWN_COOKIE.test(pair.slice(0, at).trim())) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return true;
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value) || hasBadText(value)) return true;
  }
  return false;
}

export const BAD_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates.';
export const TOO_NESTED_MESSAGE = 'The request is nested too deeply.';

/** Whether a string holds a NUL or a lone surrogate. */
export function hasBadText(value: string): boolean {
  return value.includes(NUL) || LONE_SURROGATE.test(value);
}

/**
 * Braces and brackets opened at once in a GraphQL document, outside strings and comments: a
 * cheap bound checked before the (recursive) parser sees a 5,000-deep selection.
 */
export function nestingDepthOf(query: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < query.length; i++) {
    const char = query[i];
    if (char === '#') {
      while (i < query.length && query[i] !== '\n' && query[i] !== '\r') i++;
    } else if (char === '"') {
      if (query.startsWith('"""', i)) {
        const end = query.indexOf('"""', i + 3);
        i = end === -1 ? query.length : end + 2;
      } else {
        for (i++; i < query.length && query[i] !== '"' && query[i] !== '\n'; i++) {
          if (query[i] === '\\') i++;
        }
      }
    } else if (char === '{' || char === '[') {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (char === '}' || char === ']') {
      depth = Math.max(0, depth - 1);
    }
  }
  return deepest;
}

/** The first problem with a GraphQL request body, or undefined when it is fine to parse. */
export function badGraphQLRequest(body: unknown): string | undefined {
  const walk = (value: unknown, level: number): string | undefined => {
    if (level > MAX_NESTING) return TOO_NESTED_MESSAGE;
    if (typeof value === 'string') return hasBadText(value) ? BAD_TEXT_MESSAGE : undefined;
    if (!value || typeof value !== 'object') return undefined;
    for (const [key, item] of Array.isArray(value)
      ? value.entries()
      : Object.entries(value as Record<string, unknown>)) {
      const problem =
        (typeof key === 'string' && hasBadText(key) ? BAD_TEXT_MESSAGE : undefined) ??
        walk(item, level + 1);
      if (problem) return problem;
    }
    return undefined;
  };
  const problem = walk(body, 0);
  if (problem) return problem;
  const queries = (Array.isArray(body) ? body : [body]).map(
    (item) => (item as { query?: unknown } | null)?.query,
  );
  return queries.some((query) => typeof query === 'string' && nestingDepthOf(query) > MAX_NESTING)
    ? TOO_NESTED_MESSAGE
    : undefined;
}

/** Answers a bad request the way GraphQL errors are answered: 400 and BAD_USER_INPUT. */
export function sendBadUserInput(res: ServerResponse, message: string): void {
  res.statusCode = 400;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify({ errors: [{ message, extensions: { code: 'BAD_USER_INPUT' } }] }));
}

/**
 * Told of a POST body refused for its text or nesting, before the 400 is sent: it may clean up
 * after the refused operation (an upload a refused confirm leaves), never answer it. It must not
 * pass the body's text to a parser or a database unchecked; its failure is its own to report.
 */
export type RefusedBodyHandler = (
  req: IncomingMessage,
  body: unknown,
  problem: string,
) => Promise<void>;

/**
 * Express middleware after the JSON body parser on /graphql: NUL bytes, lone surrogates and
 * absurd nesting (in the query, the variables or the extensions) get a clear 400 instead of
 * reaching the parser, a resolver or the database, and so does a malformed `jibs_…` cookie.
 * GET requests are checked on their query. `onRefusedBody` is awaited before a refused POST
 * body's answer, which stays the same whatever it does.
 */
export function rejectBadGraphQLText(onRefusedBody?: RefusedBodyHandler) {
  return (
    req: IncomingMessage & { body?: unknown; query?: unknown },
    res: ServerResponse,
    next: (error?: unknown) => void,
  ): void => {
    const cookie = req.headers.cookie;
    if (hasMalformedOwnCookie(typeof cookie === 'string' ? cookie : undefined)) {
      return sendBadUserInput(res, BAD_COOKIE_MESSAGE);
    }
    const bodyProblem = badGraphQLRequest(req.body);
    if (bodyProblem && onRefusedBody) {
      void onRefusedBody(req, req.body, bodyProblem)
        .catch(() => undefined)
        .then(() => sendBadUserInput(res, bodyProblem));
      return;
    }
    const problem = bodyProblem ?? badGraphQLRequest(req.query);
    if (problem) return sendBadUserInput(res, problem);
    next();
  };
}

export const BAD_PATH_MESSAGE = 'The request path is malformed.';

/**
 * Express middleware for every route: a path with a NUL (`%00`), another control character or
 * malformed percent-encoding is answered 400 before a route decodes it into a parameter.
 */
export function rejectBadPath() {
  return (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return sendBadUserInput(res, BAD_PATH_MESSAGE);
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(decoded) || hasBadText(decoded)) {
      return sendBadUserInput(res, BAD_PATH_MESSAGE);
    }
    next();
  };
}

/** GraphQL over HTTP's own media type: clients that accept it read errors of any status. */
const GRAPHQL_RESPONSE = 'application/graphql-response+json';

/**
 * Answers a request refused before it was parsed as a GraphQL error (BAD_USER_INPUT with a
 * message), with `status`. A client that accepts `application/graphql-response+json` (Apollo
 * Client does) gets that type, so it reads the error as it reads any GraphQL error instead of
 * a bare HTTP failure; others get `application/json`.
 */
export function sendRequestError(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  message: string,
): void {
  const accept = req.headers.accept ?? '';
  res.statusCode = status;
  res.setHeader(
    'content-type',
    `${accept.includes(GRAPHQL_RESPONSE) ? GRAPHQL_RESPONSE : 'application/json'}; charset=utf-8`,
  );
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify({ errors: [{ message, extensions: { code: ErrorCode.BadUserInput } }] }));
}

/**
 * What a service reads from the gateway: twice what the gateway reads from a client, since the
 * operation it plans for a service (fragments inlined, keys added) can be longer than the one
 * it was sent, and a client's request that the gateway took must never be refused behind it.
 */
export const SUBGRAPH_REQUEST_BYTES = 2 * MAX_GRAPHQL_REQUEST_BYTES;

/**
 * The JSON body of `/graphql`, at most `limit` bytes: a larger one is answered 413 and a body
 * that is not JSON 400, both as GraphQL errors with a message the clients show
 * (`RequestMessages`), never Express's plain-text error page.
 */
export function graphqlJsonBody(limit: number = MAX_GRAPHQL_REQUEST_BYTES): RequestHandler {
  const parse = json({ limit });
  return (req, res, next) => {
    parse(req, res, (error?: unknown) => {
      const { type, status } = (error ?? {}) as { type?: unknown; status?: unknown };
      if (!error) next();
      else if (type === 'entity.too.large')
        sendRequestError(req, res, 413, RequestMessages.tooLarge);
      else if (typeof status === 'number' && status >= 400 && status < 500)
        sendRequestError(req, res, status, RequestMessages.notJson);
      else next(error);
    });
  };
}
