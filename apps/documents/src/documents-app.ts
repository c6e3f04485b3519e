import type { INestApplication } from '@nestjs/common';
import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import { EVENT_BROKER, type EventBroker } from '@jibs/events';
import { createLogger, createMetrics } from '@jibs/observability';
import { createSubgraphApp, type SubgraphRuntime } from '@jibs/subgraph';
import type { DocumentsConfig } from './documents.config';
import { DocumentsModule, S3_CLIENT } from './documents.module';

/** Builds the documents service (not yet listening); used by main and by tests. */
export async function createDocumentsApp(
  config: DocumentsConfig,
): Promise<{ app: INestApplication; runtime: SubgraphRuntime }> {
  const logger = createLogger('documents', config.LOG_LEVEL);
  const metrics = createMetrics('documents');
  const runtime: SubgraphRuntime = {
    service: 'documents',
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
            .send(new HeadBucketCommand({ Bucket: config.S3_BUCKET_DOCUMENTS })),
      },
    ],
  };
  const app = await createSubgraphApp(
    DocumentsModule.forRoot({ config, logger, metrics }),
    runtime,
  );
  return { app, runtime };
}
