import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EVENT_BROKER, type EventBroker } from '@jibs/events';
import { createLogger, createMetrics } from '@jibs/observability';
import { createSubgraphApp, type SubgraphRuntime } from '@jibs/subgraph';
import type { NotificationsConfig } from './notifications.config';
import { NotificationsModule } from './notifications.module';

/** Builds the notifications service (not yet listening); used by main and by tests. */
export async function createNotificationsApp(
  config: NotificationsConfig,
): Promise<{ app: INestApplication; runtime: SubgraphRuntime }> {
  const logger = createLogger('notifications', config.LOG_LEVEL);
  const metrics = createMetrics('notifications');
  const runtime: SubgraphRuntime = {
    service: 'notifications',
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
  const app = await createSubgraphApp(
    NotificationsModule.forRoot({ config, logger, metrics }),
    runtime,
  );
  return { app, runtime };
}
