import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from '@jibs/observability';

/** The full path: `req.path` is relative to the mount point by the time 'finish' fires. */
function pathOf(req: Request): string {
  return req.originalUrl.split('?')[0];
}

function requestIdOf(res: { getHeader(name: string): unknown }): string | undefined {
  const id = res.getHeader('x-request-id');
  return typeof id === 'string' ? id : undefined;
}

/**
 * One debug line per request. The path only: query strings can carry GraphQL variables, and
 * headers carry tokens and cookies. The request id is set explicitly because 'finish' does not
 * run inside the request's async context.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    // Nothing per request (no clock read, no listener) unless the line would be written.
    if (!logger.isLevelEnabled('debug')) {
      next();
      return;
    }
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      logger.debug(
        {
          requestId: requestIdOf(res),
          method: req.method,
          path: pathOf(req),
          status: res.statusCode,
          durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    });
    next();
  };
}

/** The last handler: client errors (bad JSON, too large) keep their status; the rest are 500s. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const status = (error as { status?: unknown }).status;
    const clientError = typeof status === 'number' && status >= 400 && status < 500;
    if (clientError) {
      logger.debug({ requestId: requestIdOf(res), status, path: pathOf(req) }, 'rejected request');
    } else {
      logger.error(
        { err: error, requestId: requestIdOf(res), path: pathOf(req) },
        'request failed',
      );
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(clientError ? status : 500).type('text/plain');
    res.send(clientError ? 'Bad request' : 'Internal server error');
  };
}
