import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { REVOCATIONS_PATH } from '@jibs/auth';
import { EVENT_BROKER, type EventBroker } from '@jibs/events';
import { createLogger, createMetrics } from '@jibs/observability';
import { createSubgraphApp, type SubgraphRuntime } from '@jibs/subgraph';
import type { IdentityConfig } from './identity.config';
import { IdentityModule } from './identity.module';
import { SigningKey } from './keys/signing-key';
import { Revocations } from './sessions/revocations';

/** Builds the identity service (not yet listening); used by main and by tests. */
export async function createIdentityApp(
  config: IdentityConfig,
): Promise<{ app: INestApplication; runtime: SubgraphRuntime }> {
  const logger = createLogger('identity', config.LOG_LEVEL);
  const metrics = createMetrics('identity');
  const signingKey = await SigningKey.fromPem(config.JWT_PRIVATE_KEY);
  const runtime: SubgraphRuntime = {
    service: 'identity',
    logger,
    metrics,
    host: config.HOST,
    port: config.PORT,
    gatewaySecret: config.GATEWAY_SECRET,
    metricsPort: config.METRICS_PORT,
    metricsHost: config.METRICS_HOST,
    readiness: (app) => [
      { name: 'database', check: () => app.get(DataSource).query('SELECT 1') },
      { name: 'broker', check: () => app.get<EventBroker>(EVENT_BROKER).health() },
    ],
    configureHttp: (express, app) => {
      // Sign-in and forms are throttled per client address: trust only the configured proxies.
      express.set('trust proxy', config.TRUST_PROXY);
      express.get('/.well-known/jwks.json', (_req, res) => {
        res.setHeader('cache-control', 'public, max-age=300');
        res.json(signingKey.jwks());
      });
      // For the services that verify tokens (libs/auth); nothing secret: random session ids.
      express.get(REVOCATIONS_PATH, (_req, res, next) => {
        app
          .get(Revocations)
          .snapshot()
          .then((snapshot) => {
            res.setHeader('cache-control', 'no-store');
            res.json(snapshot);
          })
          .catch(next);
      });
    },
  };
  const app = await createSubgraphApp(
    IdentityModule.forRoot({ config, logger, metrics, signingKey }),
    runtime,
  );
  return { app, runtime };
}
