import express, { type RequestHandler, type Router } from 'express';
import type { TokenVerifier } from '@jibs/auth';
import { ErrorCode, Role } from '@jibs/domain';
import type { Logger } from '@jibs/observability';
import { runDiagnostic } from '@jibs/subgraph';
import { diagnosticTests, type DiagnosticContext, type DiagnosticTest } from './diagnostic-tests';

export const DIAGNOSTICS_PATH = '/admin-api/diagnostics';

/** A test's whole budget: its service hops time out sooner, this bounds the rest. */
const TEST_TIMEOUT_MS = 10_000;

/** Admins only: a verified bearer token whose role is admin. */
function requireAdmin(verifyToken: TokenVerifier): RequestHandler {
  return (req, res, next) => {
    const match = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
    if (!match) {
      res.status(401).json({ code: ErrorCode.Unauthenticated });
      return;
    }
    verifyToken(match[1]!).then(
      (user) => {
        if (user.role !== Role.ADMIN) res.status(403).json({ code: ErrorCode.Forbidden });
        else next();
      },
      () => res.status(401).json({ code: ErrorCode.Unauthenticated }),
    );
  };
}

/**
 * The admin's diagnostics (Testing tab): `GET` lists the tests, `POST /:id` runs one against the
 * live stack and answers `{ id, status, reason?, durationMs }` (200 whether it passed or not).
 */
export function diagnosticsRouter(options: {
  verifyToken: TokenVerifier;
  context: DiagnosticContext;
  logger: Logger;
  tests?: DiagnosticTest[];
}): Router {
  const tests = options.tests ?? diagnosticTests();
  const router = express.Router();
  router.use((_req, res, next) => {
    res.setHeader('cache-control', 'no-store');
    next();
  });
  router.use(requireAdmin(options.verifyToken));
  router.get('/', (_req, res) => {
    res.json({
      tests: tests.map(({ id, name, description, category }) => ({
        id,
        name,
        description,
        category,
      })),
    });
  });
  router.post('/:id', (req, res, next) => {
    const test = tests.find(({ id }) => id === req.params['id']);
    if (!test) {
      res.status(404).json({ code: ErrorCode.NotFound });
      return;
    }
    runDiagnostic({ run: () => test.run(options.context) }, TEST_TIMEOUT_MS)
      .then((result) => {
        if (result.status === 'failed') {
          options.logger.warn({ test: test.id, reason: result.reason }, 'diagnostic failed');
        }
        res.json({ id: test.id, ...result });
      })
      .catch(next);
  });
  return router;
}
