import type { INestApplication } from '@nestjs/common';
import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import { EVENT_BROKER, type EventBroker } from '@jibs/events';
import { createLogger, createMetrics } from '@jibs/observability';
import { createSubgraphApp, type SubgraphRuntime } from '@jibs/subgraph';
import type { MemorialsConfig } from './memorials.config';
import { MemorialsModule } from './memorials.module';
import { S3_CLIENT } from './photos/photos.service';

/** Builds the memorials service (not yet listening); used by main and by tests. */
export async function createMemorialsApp(
  config: MemorialsConfig,
): Promise<{ app: INestApplication; runtime: SubgraphRuntime }> {
  const logger = createLogger('memorials', config.LOG_LEVEL);
  const metrics = createMetrics('memorials');
  const runtime: SubgraphRuntime = {
    service: 'memorials',
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
      {
        name: 'storage',
        check: () =>
          app
            .get<S3Client>(S3_CLIENT)
            .send(new HeadBucketCommand({ Bucket: config.S3_BUCKET_MEMORIALS })),
      },
    ],
  };
  const app = await createSubgraphApp(
    MemorialsModule.forRoot({ config, logger, metrics }),
    runtime,
  );
  return { app, runtime };
}
