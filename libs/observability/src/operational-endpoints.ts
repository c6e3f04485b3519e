import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { ServiceMetrics } from './metrics';
import { requestIdFrom, runWithRequestContext } from './request-context';

export type ReadinessCheck = { name: string; check: () => Promise<unknown> };

type Next = (error?: unknown) => void;
type Middleware = (req: IncomingMessage, res: ServerResponse, next: Next) => void;
export interface MiddlewareHost {
  use(handler: Middleware): unknown;
}

const CHECK_TIMEOUT_MS = 2_000;

async function runCheck({ name, check }: ReadinessCheck): Promise<[string, string]> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return [name, 'ok'];
  } catch {
    // The reason stays in the logs of the failing dependency; the probe only says which.
    return [name, 'down'];
  } finally {
    clearTimeout(timer);
  }
}

/** The label of every request no route template matched: raw paths never become labels. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Where a handler that is not an Express route (a proxy, static files) names its route. */
export const ROUTE_LABEL_LOCAL = 'routeLabel';

type RoutedRequest = IncomingMessage & {
  originalUrl?: string;
  baseUrl?: string;
  route?: { path?: unknown };
};

/**
 * A bounded route label: the matched Express route template (`/sandbox/checkout/:id`, never
 * the id), a label a handler set in `res.locals.routeLabel`, one of the fixed GraphQL and
 * operational paths, or 'unmatched'. Unknown paths therefore add no label values.
 */
export function routeLabelOf(req: IncomingMessage, res: ServerResponse): string {
  const routed = req as RoutedRequest;
  const path = (routed.originalUrl ?? req.url ?? '').split('?')[0] ?? '';
  if (path.startsWith('/health/') || path === '/metrics') return 'operational';
  const template = routed.route?.path;
  if (typeof template === 'string') return `${routed.baseUrl ?? ''}${template}`;
  const local = (res as ServerResponse & { locals?: Record<string, unknown> }).locals?.[
    ROUTE_LABEL_LOCAL
  ];
  if (typeof local === 'string') return local;
  if (path === '/graphql') return '/graphql';
  return UNMATCHED_ROUTE;
}

/** The header a launched process's readiness answer carries its launcher's token in. */
export const INSTANCE_HEADER = 'x-jibs-instance';

/**
 * Mounts `/health/live` and `/health/ready`, the request-id context and the HTTP latency
 * histogram on an Express-compatible app, ahead of every other route. `/metrics` is not served
 * here: it has its own internal port (startMetricsServer).
 */
export function mountOperationalEndpoints(
  app: MiddlewareHost,
  options: { metrics: ServiceMetrics; logger: Logger; readiness: ReadinessCheck[] },
): void {
  const { metrics, readiness } = options;
  app.use((req, res, next) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const route = routeLabelOf(req, res);
      metrics.httpDuration.observe(
        { method: req.method ?? 'GET', route, status: String(res.statusCode) },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    });
    runWithRequestContext({ requestId }, () => next());
  });
  app.use((req, res, next) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (path === '/health/live') return json(res, 200, { status: 'ok' });
    if (path === '/health/ready') {
      // The launcher's token for this process (tools/stack service-process.ts): it knows the
      // answer is this service's, not another process's that holds the port it was given.
      const instance = process.env['JIBS_INSTANCE'];
      if (instance) res.setHeader(INSTANCE_HEADER, instance);
      void Promise.all(readiness.map(runCheck)).then((results) => {
        const checks = Object.fromEntries(results);
        const ready = results.every(([, status]) => status === 'ok');
        json(res, ready ? 200 : 503, { status: ready ? 'ok' : 'unavailable', checks });
      });
      return;
    }
    next();
  });
}

export interface MetricsServer {
  /** `http://host:port`, with the port actually bound. */
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Serves `/metrics` (and nothing else) on its own port, meant for the internal network only
 * (METRICS_HOST / METRICS_PORT): Prometheus scrapes it, the public origin never shows it.
 */
export async function startMetricsServer(options: {
  metrics: ServiceMetrics;
  logger: Logger;
  host: string;
  port: number;
}): Promise<MetricsServer> {
  const { metrics, logger } = options;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return json(res, 404, { status: 'not found' });
    }
    void metrics.registry.metrics().then(
      (body) => {
        res.statusCode = 200;
        res.setHeader('content-type', metrics.registry.contentType);
        res.setHeader('cache-control', 'no-store');
        res.end(body);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics collection failed');
        json(res, 500, { status: 'error' });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}
