import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthModule } from '@jibs/auth';
import { DatabaseModule } from '@jibs/database';
import { EventsModule, InboxEntity, OutboxEntity } from '@jibs/events';
import { LOGGER, type Logger, type ServiceMetrics } from '@jibs/observability';
import { createPresigningClient, createS3Client } from '@jibs/storage';
import { gatewayHeaders, subgraphGraphQLModule } from '@jibs/subgraph';
import { AuditEntryEntity } from './audit/audit-entry.entity';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from './documents.config';
import { DocumentEntity } from './documents/document.entity';
import { DocumentsResolver } from './documents/documents.resolver';
import {
  DOCUMENTS_BUCKET,
  DocumentsService,
  PRESIGNING_CLIENT,
  S3_CLIENT,
  UPLOAD_RATE_LIMITER,
} from './documents/documents.service';
import { IncomingSweeper } from './documents/incoming-sweeper';
import { UploadRateLimiter } from './documents/upload-rate-limiter';
import { documentsMigrations } from './migrations';
import { SettingsConsumer } from './settings/settings.consumer';
import { UploadSettingsEntity } from './settings/upload-settings.entity';
import { UploadSettingsService } from './settings/upload-settings.service';

export { S3_CLIENT };

export const documentsEntities = [
  DocumentEntity,
  AuditEntryEntity,
  UploadSettingsEntity,
  OutboxEntity,
  InboxEntity,
];

export interface DocumentsDependencies {
  config: DocumentsConfig;
  logger: Logger;
  metrics: ServiceMetrics;
}

/** Members' verification documents: uploads checked by content, review, downloads. */
@Module({})
export class DocumentsModule {
  static forRoot({ config, logger, metrics }: DocumentsDependencies): DynamicModule {
    const verifier = {
      jwksUrl: config.JWKS_URL,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocationHeaders: gatewayHeaders(config.GATEWAY_SECRET),
    };
    return {
      module: DocumentsModule,
      imports: [
        DatabaseModule.forRoot(() => ({
          url: config.DATABASE_URL,
          entities: documentsEntities,
          migrations: documentsMigrations,
          applicationName: 'documents',
        })),
        EventsModule.forRoot({
          source: 'jibs/documents',
          broker: () => ({
            kind: config.EVENT_BROKER,
            eventlogUrl: config.EVENTLOG_DATABASE_URL,
            kafkaBrokers: config.KAFKA_BROKERS,
            clientId: 'documents',
            logger,
          }),
          metrics: metrics.registry,
        }),
        AuthModule.forRoot(() => verifier),
        subgraphGraphQLModule(() => ({
          logger,
          metrics,
          production: config.NODE_ENV === 'production',
        })),
      ],
      providers: [
        { provide: LOGGER, useValue: logger },
        { provide: DOCUMENTS_CONFIG, useValue: config },
        { provide: DOCUMENTS_BUCKET, useValue: config.S3_BUCKET_DOCUMENTS },
        { provide: S3_CLIENT, useFactory: () => createS3Client(config) },
        { provide: PRESIGNING_CLIENT, useFactory: () => createPresigningClient(config) },
        {
          provide: UPLOAD_RATE_LIMITER,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new UploadRateLimiter(dataSource),
        },
        UploadSettingsService,
        DocumentsService,
        DocumentsResolver,
        SettingsConsumer,
        IncomingSweeper,
      ],
    };
  }
}
