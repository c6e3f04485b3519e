import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import express from 'express';
import { NoSchemaIntrospectionCustomRule, specifiedRules, type GraphQLSchema } from 'graphql';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createTokenVerifier,
  remoteRevocationFeed,
  RevocationList,
  revocationsUrlFor,
  type TokenVerifier,
} from '@jibs/auth';
import {
  gatewayHeaders,
  graphqlHttpHandler,
  graphqlJsonBody,
  rejectBadGraphQLText,
  rejectBadPath,
} from '@jibs/subgraph';
import {
  createLogger,
  createMetrics,
  currentRequestId,
  mountOperationalEndpoints,
  startMetricsServer,
  type Logger,
  type MetricsServer,
  type ServiceMetrics,
} from '@jibs/observability';
import { billingHttpUrl, billingProxy, NOTIFICATIONS_HTTP_PATHS } from './billing-proxy';
import { clientAddressResolver } from './client-address';
import { corsPolicy, isAllowedSocketOrigin } from './cors-policy';
import { exportProxy } from './export-proxy';
import { createErrorFormatter } from './format-error';
import type { GatewayConfig } from './gateway.config';
import { httpSubscriptionGuard } from './http-subscription-guard';
import {
  maintenanceFlagFor,
  maintenancePlugin,
  maintenanceRefreshPlugin,
  type MaintenanceFlag,
} from './maintenance';
import { maintenancePage } from './maintenance-page';
import { DIAGNOSTICS_PATH, diagnosticsRouter } from './diagnostics/diagnostics-route';
import { operationMetricsPlugin } from './operation-metrics';
import { queryLimitRules } from './query-limits';
import { refusedRequestRelay } from './refused-request-relay';
import { errorHandler, requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { mountStaticWeb } from './static-web';
import { SubgraphDataSource, type GatewayContext } from './subgraph-data-source';
import { createSubgraphFetcher } from './subgraph-fetcher';
import { gatewayReadiness } from './gateway-readiness';
import { createSubscriptionProxy } from './subscription-proxy';

export const GRAPHQL_PATH = '/graphql';

/** Collaborators a test may replace; production builds them from the configuration. */
export interface GatewayDeps {
  logger?: Logger;
  metrics?: ServiceMetrics;
  verifyToken?: TokenVerifier;
  /** Tests give their own list; by default identity's is read every few seconds. */
  revocations?: RevocationList;
  /** Tests give their own; by default identity's `publicSettings`, re-read after a settings change and every 30 s. */
  maintenance?: MaintenanceFlag;
}

export interface RunningGateway {
  /** `http://host:port`, with the port actually bound (tests listen on 0). */
  url: string;
  server: Server;
  /** Where /metrics is served: its own port (METRICS_PORT), never the public one. */
  metricsUrl: string;
  /** Stops accepting, closes subscription sockets, drains HTTP requests, stops the gateway. */
  stop(): Promise<void>;
}

/**
 * The public origin: operational endpoints, security headers, CORS, `/graphql` over HTTP
 * (Apollo Gateway over the committed supergraph) and over WebSocket (subscriptions forwarded
 * to notifications), and the built web client. Starts listening before it resolves.
 */
export async function createGatewayServer(
  config: GatewayConfig,
  deps: GatewayDeps = {},
): Promise<RunningGateway> {
  const logger = deps.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const metrics = deps.metrics ?? createMetrics('gateway');
  // Identity's revocations (sign-out, password reset): refused at connect, and open sockets
  // whose token was revoked are closed (the subscription proxy sweeps them).
  const revocations =
    deps.revocations ??
    new RevocationList(undefined, {
      // identity's long poll: a revocation is here as soon as identity commits it.
      feed: remoteRevocationFeed(
        revocationsUrlFor(config.JWKS_URL),
        gatewayHeaders(config.GATEWAY_SECRET),
      ),
      onError: (error) =>
        logger.warn({ err: error }, 'cannot refresh the access-token revocation list'),
    });
  revocations.start();
  const verifyToken =
    deps.verifyToken ??
    createTokenVerifier(
      {
        jwksUrl: config.JWKS_URL,
        issuer: config.JWT_ISSUER,
        audience: config.JWT_AUDIENCE,
      },
      undefined,
      revocations,
    );
  const maintenance = deps.maintenance ?? maintenanceFlagFor(config, logger);
  maintenance.start();
  const production = config.NODE_ENV === 'production';
  const introspection = !production;
  const limitRules = queryLimitRules({
    maxDepth: config.MAX_QUERY_DEPTH,
    maxCost: config.MAX_QUERY_COST,
  });

  const clientAddress = clientAddressResolver(config.TRUST_PROXY);
  const app = express();
  app.disable('x-powered-by');
  const httpServer = createServer(app);

  let apiSchema: GraphQLSchema | undefined;
  mountOperationalEndpoints(app, {
    metrics,
    logger,
    readiness: gatewayReadiness(() => apiSchema !== undefined),
  });
  app.use(requestLog(logger));
  app.use(rejectBadPath());
  app.use(
    securityHeaders({ publicOrigin: config.PUBLIC_ORIGIN, connectSources: config.CSP_CONNECT_SRC }),
  );
  const billingUrl = billingHttpUrl(config.BILLING_HTTP_URL, config.subgraphs);
  // Before CORS and body parsing: provider webhooks and the sandbox page pass through raw.
  if (billingUrl) {
    app.use(
      billingProxy({
        target: billingUrl,
        logger,
        gatewaySecret: config.GATEWAY_SECRET,
        clientAddress,
      }),
    );
  }
  const notificationsUrl = billingHttpUrl(
    config.NOTIFICATIONS_HTTP_URL,
    config.subgraphs,
    'notifications',
  );
  // One-click unsubscribe: mail clients POST to it (RFC 8058), no sign-in, no body parsing here.
  if (notificationsUrl) {
    app.use(
      billingProxy({
        target: notificationsUrl,
        paths: NOTIFICATIONS_HTTP_PATHS,
        service: 'notifications',
        logger,
        gatewaySecret: config.GATEWAY_SECRET,
        clientAddress,
      }),
    );
  }
  app.use(corsPolicy(config.CORS_ORIGINS));
  // Admin exports stream from the service that owns the table.
  app.use(
    exportProxy({
      subgraphs: config.subgraphs,
      logger,
      gatewaySecret: config.GATEWAY_SECRET,
      clientAddress,
    }),
  );

  const urls = new Map(config.subgraphs.map(({ name, url }) => [name, url]));
  const fetcher = createSubgraphFetcher();
  const gateway = new ApolloGateway({
    supergraphSdl: config.supergraphSdl,
    logger,
    buildService: ({ name }) => {
      const url = urls.get(name);
      // loadGatewayConfig already failed fast on a missing URL; this guards hand-built configs.
      if (!url) throw new Error(`No URL configured for the "${name}" subgraph`);
      return new SubgraphDataSource(name, url, config.GATEWAY_SECRET, fetcher);
    },
  });
  gateway.onSchemaLoadOrUpdate((schema) => {
    apiSchema = schema.apiSchema;
  });

  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    logger,
    introspection,
    includeStacktraceInErrorResponses: false,
    // main.ts owns the signals: Apollo's own handler would re-raise them and skip closing WS.
    stopOnTerminationSignals: false,
    validationRules: limitRules,
    formatError: createErrorFormatter(logger),
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      // The embedded Sandbox loads scripts from Apollo's CDN, which the CSP forbids.
      ApolloServerPluginLandingPageDisabled(),
      operationMetricsPlugin(metrics),
      httpSubscriptionGuard(),
      maintenancePlugin(maintenance, verifyToken),
      maintenanceRefreshPlugin(maintenance),
    ],
  });
  await apollo.start();
  const schema = apiSchema;
  if (!schema) throw new Error('The gateway started without an API schema');

  app.use(
    GRAPHQL_PATH,
    graphqlJsonBody(),
    // Express 5 leaves `body` unset for other content types; Apollo wants it present so that
    // such requests reach its CSRF check and are answered 400 rather than 500.
    (req, _res, next) => {
      req.body ??= {};
      next();
    },
    rejectBadGraphQLText(
      refusedRequestRelay({
        supergraphSdl: config.supergraphSdl,
        subgraphs: config.subgraphs,
        gatewaySecret: config.GATEWAY_SECRET,
        logger,
      }),
    ),
    graphqlHttpHandler(apollo, async ({ req, res }): Promise<GatewayContext> => ({
      req,
      res,
      requestId: currentRequestId() ?? String(res.getHeader('x-request-id') ?? ''),
      clientAddress: clientAddress(req),
    })),
  );
  app.use(
    DIAGNOSTICS_PATH,
    diagnosticsRouter({
      verifyToken,
      context: { ...config, gatewaySecret: config.GATEWAY_SECRET },
      logger,
    }),
  );
  app.use(maintenancePage(maintenance));
  if (config.WEB_DIST_DIR) {
    mountStaticWeb(app, {
      dir: config.WEB_DIST_DIR,
      logger,
      // A visitor's read (a memorial's page), made as /graphql answers a request without a
      // token or cookies, through the same plugins, limits and error formatting.
      visitorReader: async ({ query, variables }, req) => {
        if (!/^\s*query\b/.test(query)) return null;
        const response = await apollo.executeOperation(
          { query, variables },
          {
            contextValue: {
              req: { headers: {} },
              res: { append: () => undefined },
              requestId: currentRequestId() ?? '',
              clientAddress: clientAddress(req),
            },
          },
        );
        return response.body.kind === 'single' ? response.body.singleResult : null;
      },
    });
  }
  app.use((_req, res) => {
    res.status(404).type('text/plain').send('Not found');
  });
  app.use(errorHandler(logger));

  const subscriptions = createSubscriptionProxy({
    server: httpServer,
    path: GRAPHQL_PATH,
    upstreamUrl: config.NOTIFICATIONS_WS_URL,
    schema: () => apiSchema ?? schema,
    validationRules: [
      ...specifiedRules,
      ...limitRules,
      ...(introspection ? [] : [NoSchemaIntrospectionCustomRule]),
    ],
    verifyToken,
    revocations,
    isAllowedOrigin: (origin, host) =>
      isAllowedSocketOrigin(origin, host, {
        allowedOrigins: config.CORS_ORIGINS,
        publicOrigin: config.PUBLIC_ORIGIN,
      }),
    logger,
    production,
    gatewaySecret: config.GATEWAY_SECRET,
    clientAddress,
    limits: {
      connectionsPerUser: config.WS_MAX_CONNECTIONS_PER_USER,
      connectionsPerAddress: config.WS_MAX_CONNECTIONS_PER_ADDRESS,
      messagesPerMinute: config.WS_MAX_MESSAGES_PER_MINUTE,
    },
  });

  try {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.PORT, config.HOST, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    revocations.stop();
    await subscriptions.close();
    await apollo.stop();
    fetcher.destroy();
    throw error;
  }
  const { port } = httpServer.address() as AddressInfo;
  let metricsServer: MetricsServer;
  try {
    metricsServer = await startMetricsServer({
      metrics,
      logger,
      host: config.METRICS_HOST ?? config.HOST,
      // Beside the public port; any free one when that was chosen by the OS (tests).
      port: config.METRICS_PORT ?? (config.PORT === 0 || port + 1000 > 65535 ? 0 : port + 1000),
    });
  } catch (error) {
    revocations.stop();
    await subscriptions.close();
    await apollo.stop();
    fetcher.destroy();
    throw error;
  }
  const host = config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const url = `http://${host}:${port}`;
  logger.info(
    {
      url,
      metricsUrl: `${metricsServer.url}/metrics`,
      subgraphs: config.subgraphs.map(({ name }) => name),
      introspection,
    },
    'gateway listening',
  );

  let stopping: Promise<void> | undefined;
  return {
    url,
    server: httpServer,
    metricsUrl: metricsServer.url,
    stop: () =>
      (stopping ??= (async () => {
        revocations.stop();
        maintenance.stop();
        // Sockets first: an open WebSocket would otherwise hold the HTTP server open.
        await subscriptions.close();
        await apollo.stop();
        fetcher.destroy();
        await metricsServer.close();
      })()),
  };
}
