import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  getOperationAST,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import {
  CloseCode,
  createClient,
  type Client,
  type ExecutionResult,
  type FormattedExecutionResult,
  type SubscribePayload,
} from 'graphql-ws';
import { useServer, type Extra } from 'graphql-ws/use/ws';
import { decodeJwt } from 'jose';
import WebSocket, { WebSocketServer } from 'ws';
import {
  bearerToken,
  type AuthUser,
  type RevocationCheck,
  type TokenIdentity,
  type TokenVerifier,
} from '@jibs/auth';
import { logLevelForError, requestIdFrom, type Logger } from '@jibs/observability';
import { badGraphQLRequest, gatewayHeaders } from '@jibs/subgraph';
import { toClientError } from './format-error';
import { QueryLimitError } from './query-limits';
import { UpstreamErrors, upstreamSubscription } from './upstream-subscription';

export interface SubscriptionProxyOptions {
  server: Server;
  /** The HTTP path WebSocket upgrades are accepted on (`/graphql`). */
  path: string;
  /** The notifications subgraph's graphql-ws endpoint. */
  upstreamUrl: string;
  /** The API schema incoming operations are validated against. */
  schema: () => GraphQLSchema;
  /** Every rule a subscription must pass (graphql's own, the query limits, introspection). */
  validationRules: readonly ValidationRule[];
  verifyToken: TokenVerifier;
  isAllowedOrigin: (origin: string | undefined, host: string | undefined) => boolean;
  logger: Logger;
  production: boolean;
  /** GATEWAY_SECRET, sent with the upstream socket's handshake. */
  gatewaySecret: string;
  /** The real client of a handshake (trusted proxy chain). */
  clientAddress: (request: IncomingMessage) => string;
  limits: SubscriptionLimits;
  /**
   * Identity's revocations: an open socket whose token was revoked (sign-out, password reset,
   * a replaced authenticator) is closed with 4401 when the list changes, as a new one is refused.
   */
  revocations?: RevocationCheck & { onChange?(listener: () => void): () => void };
  /**
   * How often open sockets are checked against revocations that do not tell their changes
   * (default 2 s); a list with `onChange` is checked at each change instead.
   */
  revocationSweepMs?: number;
}

/** Caps that keep one client from holding the gateway's (and notifications') sockets. */
export interface SubscriptionLimits {
  connectionsPerUser: number;
  connectionsPerAddress: number;
  /** Messages one socket may send in a minute (subscribes, pings, completes); then 4429. */
  messagesPerMinute: number;
}

export interface SubscriptionProxy {
  /** Refuses new sockets, closes the open ones (1001 Going Away) and their upstream clients. */
  close(): Promise<void>;
}

/** What the gateway keeps per downstream connection (graphql-ws's `ctx.extra`). */
type Connection = {
  connectionId: string;
  clientAddress: string;
  user: AuthUser;
  /** The token's subject, session and issue time, checked against the revocations. */
  tokenIdentity: TokenIdentity;
  authorization: string;
  upstream: Client;
  expiry: NodeJS.Timeout;
};

/** Handed from `onSubscribe` to `subscribe` through the execution context. */
interface Forwarding {
  payload: SubscribePayload;
  connection: Partial<Connection> & { socket: WebSocket };
}

const NOT_A_SUBSCRIPTION =
  'Only subscriptions are served over WebSocket; send queries and mutations over HTTP.';
// A connection never outlives its token: it is closed with 4403, which graphql-ws clients
// answer by reconnecting, with a fresh token when `connectionParams` is a function.
const TOKEN_EXPIRED = { code: CloseCode.Forbidden, reason: 'Token expired' };
// 1013 Try Again Later: graphql-ws clients retry it, unlike 1011.
const UPSTREAM_UNAVAILABLE = { code: 1013, reason: 'Subscriptions are unavailable' };
// Each downstream subscription holds one upstream; a client needs a handful at most.
const MAX_SUBSCRIPTIONS_PER_CONNECTION = 20;
const MAX_TIMER_MS = 2 ** 31 - 1;
// 4429: graphql-ws's close code for "too many" (its own use: too many initialisation requests).
const TOO_MANY_CONNECTIONS = { code: 4429, reason: 'Too many connections' };
const TOO_MANY_MESSAGES = { code: 4429, reason: 'Too many messages' };
const RATE_WINDOW_MS = 60_000;
const SHUTDOWN_GRACE_MS = 2_000;
/** How often open sockets are checked against identity's revocations. */
const REVOCATION_SWEEP_MS = 2_000;

function requestError(message: string, code: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code } });
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code },
  });
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function pathOf(url: string | undefined): string {
  return new URL(url ?? '/', 'http://gateway').pathname;
}

function closeCodeOf(reason: unknown): number | undefined {
  const code = (reason as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/**
 * The `ws` WebSocket, carrying the downstream connection's id to the upstream's logs, the
 * gateway's credential and the client's address.
 */
function upstreamWebSocket(headers: Record<string, string>) {
  return class extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  };
}

/** Counts open sockets per key (user id, client address). */
class OpenCounts {
  private readonly counts = new Map<string, number>();
  count(key: string): number {
    return this.counts.get(key) ?? 0;
  }
  /** Counts one more socket for `key` until it closes. */
  hold(key: string, socket: WebSocket): void {
    this.counts.set(key, this.count(key) + 1);
    socket.once('close', () => {
      const left = this.count(key) - 1;
      if (left > 0) this.counts.set(key, left);
      else this.counts.delete(key);
    });
  }
}

/** Closes a socket that sends more than `perMinute` messages in a sliding minute. */
function limitMessageRate(socket: WebSocket, perMinute: number): void {
  const times: number[] = [];
  socket.prependListener('message', () => {
    const now = Date.now();
    while (times.length && now - times[0]! > RATE_WINDOW_MS) times.shift();
    times.push(now);
    if (times.length > perMinute) socket.close(TOO_MANY_MESSAGES.code, TOO_MANY_MESSAGES.reason);
  });
}

/**
 * GraphQL subscriptions on the gateway's `/graphql`, forwarded to the notifications subgraph.
 *
 * The gateway speaks graphql-transport-ws (graphql-ws) to browsers on the same HTTP server and
 * path as queries. A connection must present `connectionParams.authorization: 'Bearer …'`;
 * without a valid token it is closed with 4401. Each subscribe message is parsed and validated
 * here against the supergraph's API schema (plus the query limits), must be a subscription,
 * and is then forwarded over one lazily opened upstream graphql-ws client per downstream
 * connection, authenticated with that connection's token. Results are piped back with the
 * same error masking as HTTP. Closing either side closes the other.
 */
export function createSubscriptionProxy(options: SubscriptionProxyOptions): SubscriptionProxy {
  const { logger } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const upstreams = new Set<Client>();
  const perAddress = new OpenCounts();
  const perUser = new OpenCounts();
  const open = new Set<Extra & Partial<Connection>>();
  let closing = false;
  const revocations = options.revocations;
  const closeRevoked = () => {
    if (!revocations) return;
    for (const connection of open) {
      if (!connection.tokenIdentity || !revocations.isRevoked(connection.tokenIdentity)) continue;
      open.delete(connection);
      logger.debug({ connectionId: connection.connectionId }, 'revoked token: socket closed');
      connection.socket.close(CloseCode.Unauthorized, 'Unauthorized');
    }
  };
  // A list that tells its changes is swept on each (no timer while idle); another on a timer.
  const unsubscribe = revocations?.onChange?.(closeRevoked);
  const sweep =
    revocations && !unsubscribe
      ? setInterval(closeRevoked, options.revocationSweepMs ?? REVOCATION_SWEEP_MS)
      : undefined;
  sweep?.unref();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    if (pathOf(request.url) !== options.path) return refuseUpgrade(socket, 404, 'Not Found');
    if (!options.isAllowedOrigin(request.headers.origin, request.headers.host)) {
      logger.debug({ origin: request.headers.origin }, 'subscription socket from a foreign origin');
      return refuseUpgrade(socket, 403, 'Forbidden');
    }
    const address = options.clientAddress(request);
    if (perAddress.count(address) >= options.limits.connectionsPerAddress) {
      logger.debug('subscription socket refused: too many from one address');
      return refuseUpgrade(socket, 429, 'Too Many Requests');
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      perAddress.hold(address, ws);
      limitMessageRate(ws, options.limits.messagesPerMinute);
      wss.emit('connection', ws, request);
    });
  };
  options.server.on('upgrade', onUpgrade);

  const clientError = (formatted: GraphQLFormattedError, error: unknown, connectionId?: string) => {
    const result = toClientError(formatted, error);
    if (result.internal) {
      logger[logLevelForError(error ?? formatted)](
        { err: error ?? formatted, connectionId },
        'unexpected error in a forwarded subscription',
      );
    }
    return result.error;
  };

  const upstreamFor = (connection: Forwarding['connection']): Client => {
    if (connection.upstream) return connection.upstream;
    const client = createClient({
      url: options.upstreamUrl,
      webSocketImpl: upstreamWebSocket({
        'x-request-id': connection.connectionId ?? requestIdFrom(undefined),
        ...gatewayHeaders(options.gatewaySecret, connection.clientAddress),
      }),
      connectionParams: { authorization: connection.authorization },
      lazy: true,
      retryAttempts: 3,
    });
    upstreams.add(client);
    connection.upstream = client;
    return client;
  };

  const disposeUpstream = async (client: Client | undefined) => {
    if (!client || !upstreams.delete(client)) return;
    try {
      await client.dispose();
    } catch (error) {
      logger.warn({ err: error }, 'closing an upstream subscription client failed');
    }
  };

  const server = useServer<Record<string, unknown> | undefined, Connection>(
    {
      isProd: options.production,

      onConnect: async (ctx) => {
        const connection = ctx.extra;
        connection.connectionId = requestIdFrom(connection.request.headers['x-request-id']);
        const header = ctx.connectionParams?.['authorization'];
        const token = bearerToken(header);
        const user = token ? await options.verifyToken(token).catch(() => undefined) : undefined;
        if (!token || !user) {
          logger.debug({ connectionId: connection.connectionId }, 'subscription socket refused');
          // 4401 rather than graphql-ws's default 4403: clients do not retry it blindly.
          connection.socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
        if (perUser.count(user.id) >= options.limits.connectionsPerUser) {
          logger.debug({ connectionId: connection.connectionId }, 'too many sockets for one user');
          connection.socket.close(TOO_MANY_CONNECTIONS.code, TOO_MANY_CONNECTIONS.reason);
          return false;
        }
        perUser.hold(user.id, connection.socket);
        connection.clientAddress = options.clientAddress(connection.request);
        connection.user = user;
        connection.authorization = `Bearer ${token}`;
        const claims = decodeJwt(token);
        connection.tokenIdentity = {
          sub: user.id,
          ...(user.sessionId ? { sid: user.sessionId } : {}),
          iat: claims.iat ?? 0,
        };
        open.add(connection);
        const expiresAt = (claims.exp ?? 0) * 1000;
        connection.expiry = setTimeout(
          () => connection.socket.close(TOKEN_EXPIRED.code, TOKEN_EXPIRED.reason),
          Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS),
        );
        connection.expiry.unref();
        logger.debug(
          { connectionId: connection.connectionId, userId: user.id },
          'subscription socket open',
        );
        return true;
      },

      onSubscribe: (ctx, _id, payload): ExecutionArgs | readonly GraphQLError[] => {
        // The operation being subscribed is already listed here.
        if (Object.keys(ctx.subscriptions).length > MAX_SUBSCRIPTIONS_PER_CONNECTION) {
          return [requestError('Too many subscriptions on one connection.', 'BAD_REQUEST')];
        }
        const problem = badGraphQLRequest(payload);
        if (problem) return [requestError(problem, 'BAD_USER_INPUT')];
        const schema = options.schema();
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          return [withCode(error as GraphQLError, 'GRAPHQL_PARSE_FAILED')];
        }
        const errors = validate(schema, document, options.validationRules);
        if (errors.length) {
          return errors.map((error) =>
            error instanceof QueryLimitError ? error : withCode(error, 'GRAPHQL_VALIDATION_FAILED'),
          );
        }
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) {
          return [requestError('Unable to identify the operation to run.', 'BAD_REQUEST')];
        }
        if (operation.operation !== 'subscription') {
          return [requestError(NOT_A_SUBSCRIPTION, 'BAD_REQUEST')];
        }
        const forwarding: Forwarding = { payload, connection: ctx.extra };
        return {
          schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: forwarding,
        };
      },

      subscribe: (args) => {
        const { payload, connection } = args.contextValue as Forwarding;
        const results = upstreamSubscription(upstreamFor(connection), payload, (reason) => {
          const code = closeCodeOf(reason);
          logger.warn(
            { connectionId: connection.connectionId, upstreamCloseCode: code },
            'upstream subscription connection lost',
          );
          // An upstream refusing the token: let the client reconnect with a fresh one.
          const close =
            code === CloseCode.Unauthorized || code === CloseCode.Forbidden
              ? { code: CloseCode.Forbidden, reason: 'Forbidden' }
              : UPSTREAM_UNAVAILABLE;
          connection.socket.close(close.code, close.reason);
        });
        // Upstream results carry formatted errors; `onNext` passes them on (masked) as such.
        return results as AsyncIterableIterator<unknown> as AsyncIterableIterator<ExecutionResult>;
      },

      // Unreachable: onSubscribe only lets subscriptions through. Never run anything locally.
      execute: () => ({ errors: [requestError(NOT_A_SUBSCRIPTION, 'BAD_REQUEST')] }),

      onNext: (ctx, _id, _payload, _args, result): FormattedExecutionResult => {
        const { data, errors } = result as unknown as FormattedExecutionResult;
        const masked = errors?.map((error) => clientError(error, error, ctx.extra.connectionId));
        return {
          ...(data !== undefined ? { data } : {}),
          ...(masked?.length ? { errors: masked } : {}),
        };
      },

      onError: (ctx, _id, _payload, errors) =>
        errors.flatMap((error) =>
          error.originalError instanceof UpstreamErrors
            ? error.originalError.errors.map((upstream) =>
                clientError(upstream, upstream, ctx.extra.connectionId),
              )
            : [clientError(error.toJSON(), error, ctx.extra.connectionId)],
        ),

      onClose: async (ctx, code) => {
        open.delete(ctx.extra);
        clearTimeout(ctx.extra.expiry);
        await disposeUpstream(ctx.extra.upstream);
        logger.debug({ connectionId: ctx.extra.connectionId, code }, 'subscription socket closed');
      },
    },
    wss,
  );

  return {
    async close() {
      closing = true;
      clearInterval(sweep);
      unsubscribe?.();
      options.server.off('upgrade', onUpgrade);
      // Clients that do not answer the close handshake are cut off rather than waited for.
      const grace = setTimeout(
        () => wss.clients.forEach((socket) => socket.terminate()),
        SHUTDOWN_GRACE_MS,
      );
      try {
        await server.dispose();
      } finally {
        clearTimeout(grace);
        await Promise.all([...upstreams].map(disposeUpstream));
      }
    },
  };
}
