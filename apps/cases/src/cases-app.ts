import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_BROKER, type EventBroker } from '@jibs/events';
import { createLogger, createMetrics } from '@jibs/observability';
import { createSubgraphApp, type SubgraphRuntime } from '@jibs/subgraph';
import type { CasesConfig } from './cases.config';
import { CasesModule } from './cases.module';

/** Builds the cases service (not yet listening); used by main and by tests. */
export async function createCasesApp(
  config: CasesConfig,
): Promise<{ app: INestApplication; runtime: SubgraphRuntime }> {
  const logger = createLogger('cases', config.LOG_LEVEL);
  const metrics = createMetrics('cases');
  const runtime: SubgraphRuntime = {
    service: 'cases',
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
  };
  const app = await createSubgraphApp(CasesModule.forRoot({ config, logger, metrics }), runtime);
  return { app, runtime };
}
