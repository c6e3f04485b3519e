import type { IncomingMessage, ServerResponse } from 'node:http';
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

/**
 * Mounts `/health/live`, `/health/ready` and `/metrics`, the request-id context and the HTTP
 * latency histogram on an Express-compatible app, ahead of every other route.
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
      const path = (req.url ?? '').split('?')[0];
      const route = path.startsWith('/health') || path === '/metrics' ? 'operational' : path;
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
      void Promise.all(readiness.map(runCheck)).then((results) => {
        const checks = Object.fromEntries(results);
        const ready = results.every(([, status]) => status === 'ok');
        json(res, ready ? 200 : 503, { status: ready ? 'ok' : 'unavailable', checks });
      });
      return;
    }
    if (path === '/metrics') {
      void metrics.registry.metrics().then(
        (body) => {
          res.statusCode = 200;
          res.setHeader('content-type', metrics.registry.contentType);
          res.end(body);
        },
        (error: unknown) => {
          options.logger.error({ err: error }, 'metrics collection failed');
          json(res, 500, { status: 'error' });
        },
      );
      return;
    }
    next();
  });
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  res.setHeader('cache-control', 'no-store');
  res.end(JSON.stringify(body));
}
