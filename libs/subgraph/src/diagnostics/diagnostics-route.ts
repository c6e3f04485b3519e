import type { Express } from 'express';
import { runDiagnostic, type DiagnosticCheck } from './diagnostic-check';

export const DIAGNOSTICS_PATH = '/diagnostics';

/**
 * `GET /diagnostics/:name` runs one of the service's checks and answers its result (200 either
 * way; 404 for a check it does not have). Mounted after the gateway-credential guard: only the
 * gateway reaches it, and the gateway lets only admins ask.
 */
export function mountDiagnostics(express: Express, checks: () => readonly DiagnosticCheck[]): void {
  express.get(`${DIAGNOSTICS_PATH}/:name`, (req, res, next) => {
    const check = checks().find(({ name }) => name === req.params['name']);
    if (!check) {
      res.status(404).json({ error: 'no such check' });
      return;
    }
    runDiagnostic(check)
      .then((result) => res.setHeader('cache-control', 'no-store').json(result))
      .catch(next);
  });
}
