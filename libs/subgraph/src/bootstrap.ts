import 'reflect-metadata';
import type { DynamicModule, INestApplication, LoggerService, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { Express } from 'express';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  errorCodeOf,
  exitWithParent,
  logLevelForError,
  mountOperationalEndpoints,
  startMetricsServer,
  type Logger,
  type MetricsServer,
  type ReadinessCheck,
  type ServiceMetrics,
} from '@jibs/observability';
import { isOpenPath, requireGatewayCredential, verifyGatewayRequest } from './gateway-credential';
import { refusedRequestHandler, type RefusedRequestHook } from './refused-requests';
import {
  graphqlJsonBody,
  rejectBadGraphQLText,
  rejectBadPath,
  SUBGRAPH_REQUEST_BYTES,
} from './request-text';

export interface SubgraphRuntime {
  service: string;
  logger: Logger;
  metrics: ServiceMetrics;
  host: string;
  port: number;
  readiness: (app: INestApplication) => ReadinessCheck[];
  /** GATEWAY_SECRET: every request but /health/* must carry it (see gateway-credential). */
  gatewaySecret: string;
  /** METRICS_PORT: /metrics on its own port; unset: `port` + 1000 (any free port in tests). */
  metricsPort?: number;
  /** METRICS_HOST: where /metrics listens; `host` when unset. */
  metricsHost?: string;
  /** Extra HTTP routes (JWKS, webhooks) mounted before Nest's own. */
  configureHttp?: (express: Express, app: INestApplication) => void;
  /** What the service does after the door refused a request body (an upload to delete). */
  refusedRequests?: (app: INestApplication) => RefusedRequestHook[];
}

/**
 * Nest's own logs, as JSON through the service's logger. Nest logs every error a resolver or
 * guard throws at error level; a user error is a refusal answered to the caller with its code
 * (a bad input, an anonymous call, another member's id), not a fault: debug, with its code and
 * no stack (logLevelForError, the one mapping). Anything else stays an error.
 */
export function nestLogger(logger: Logger): LoggerService {
  const context = (rest: unknown[]) => (rest.length ? { context: rest[rest.length - 1] } : {});
  return {
    log: (message, ...rest) => logger.info(context(rest), String(message)),
    error: (message, ...rest) => {
      const level = logLevelForError(message);
      if (level === 'error') logger.error(context(rest), String(message));
      else logger[level]({ ...context(rest), code: errorCodeOf(message) }, 'request refused');
    },
    warn: (message, ...rest) => logger.warn(context(rest), String(message)),
    debug: (message, ...rest) => logger.debug(context(rest), String(message)),
    verbose: (message, ...rest) => logger.trace(context(rest), String(message)),
  };
}

/** Creates the Nest application with operational endpoints; does not listen. */
export async function createSubgraphApp(
  module: Type<unknown> | DynamicModule,
  runtime: SubgraphRuntime,
): Promise<INestApplication> {
  const app = await NestFactory.create(module, {
    logger: nestLogger(runtime.logger),
    bodyParser: true,
  });
  const express = app.getHttpAdapter().getInstance() as Express;
  express.disable('x-powered-by');
  // Client addresses come from the gateway's own header (clientAddressOf), never from
  // X-Forwarded-For: no peer, loopback included, may choose the address it is throttled by.
  express.set('trust proxy', false);
  mountOperationalEndpoints(express, {
    metrics: runtime.metrics,
    logger: runtime.logger,
    readiness: runtime.readiness(app),
  });
  express.use(requireGatewayCredential(runtime.gatewaySecret));
  express.use(rejectBadPath());
  // Parsed here (Nest's parser then leaves the body alone) so that NUL bytes, lone surrogates
  // and absurd nesting are a clear 400, never a parser crash or a database error.
  // The gateway forwards the requests it refuses so, to the service owning their operation
  // (see apps/gateway refused-request-relay): refused here again, they reach the service's hooks.
  const hooks = runtime.refusedRequests?.(app) ?? [];
  express.use(
    '/graphql',
    graphqlJsonBody(SUBGRAPH_REQUEST_BYTES),
    rejectBadGraphQLText(
      hooks.length ? refusedRequestHandler(app, hooks, runtime.logger) : undefined,
    ),
  );
  runtime.configureHttp?.(express, app);
  const server = app.getHttpServer() as Server;
  keepIdleConnections(server);
  guardUpgrades(server, runtime.gatewaySecret, runtime.logger);
  serveMetricsWhenListening(server, runtime);
  app.enableShutdownHooks();
  exitWithParent();
  return app;
}

/**
 * How long a service keeps an idle connection open. Its callers (the gateway's pooled client)
 * keep connections between requests; Node's default of 5 s closed idle ones so often under a
 * steady load that a request sent just as the service closed its connection failed with EPIPE
 * or ECONNRESET (the bench's producer saw 207 of 10,000 so) or had to be sent again. Services
 * are reached only from inside (the gateway's credential), so a minute costs nothing.
 */
export const SUBGRAPH_KEEP_ALIVE_MS = 65_000;

function keepIdleConnections(server: Server): void {
  server.keepAliveTimeout = SUBGRAPH_KEEP_ALIVE_MS;
  // Above the keep-alive: a request's headers may take as long as an idle gap before them.
  server.headersTimeout = SUBGRAPH_KEEP_ALIVE_MS + 1_000;
}

/**
 * WebSocket handshakes bypass Express: refuse any upgrade without the gateway's credential
 * before a WebSocket server (graphql-ws, registered later by Nest) sees it.
 */
function guardUpgrades(server: Server, secret: string, logger: Logger): void {
  const emit = server.emit.bind(server) as (event: string | symbol, ...args: unknown[]) => boolean;
  server.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === 'upgrade') {
      const [request, socket] = args as [IncomingMessage, Duplex];
      if (!verifyGatewayRequest(request, secret) && !isOpenPath(request.url)) {
        logger.debug('a WebSocket handshake without the gateway credential was refused');
        socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
    }
    return emit(event, ...args);
  }) as Server['emit'];
}

const metricsServers = new WeakMap<Server, Promise<MetricsServer>>();

/** /metrics on its own port, started once the service listens and closed with it. */
function serveMetricsWhenListening(server: Server, runtime: SubgraphRuntime): void {
  server.once('listening', () => {
    const { port } = server.address() as AddressInfo;
    // Listening on the configured port: metrics beside it; on another one (tests bind 0): any.
    const beside = port === runtime.port && port + 1000 <= 65535 ? port + 1000 : 0;
    const metricsPort = runtime.metricsPort ?? beside;
    const started = startMetricsServer({
      metrics: runtime.metrics,
      logger: runtime.logger,
      host: runtime.metricsHost ?? runtime.host,
      port: metricsPort,
    });
    metricsServers.set(server, started);
    started.then(
      (metrics) => {
        runtime.logger.info({ url: `${metrics.url}/metrics` }, 'metrics listening');
        server.once('close', () => void metrics.close());
      },
      (error: unknown) => {
        // Metrics are not worth refusing traffic for; the port is named so it can be moved.
        runtime.logger.error({ err: error, port: metricsPort }, 'metrics port unavailable');
      },
    );
  });
}

/** The running service's metrics address (tests; the stack prints it). */
export async function metricsUrlOf(app: INestApplication): Promise<string> {
  const started = metricsServers.get(app.getHttpServer() as Server);
  if (!started) throw new Error('the service is not listening yet');
  return (await started).url;
}
