import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import {
  createPresigningClient,
  createS3Client,
  discardRefusedConfirms,
  incomingSweeper,
  UploadClaimEntity,
  UploadRateLimiter,
} from '@jibs/storage';
import { AuditEntryEntity, defineService, EventRoundTrip } from '@jibs/subgraph';
import { DOCUMENTS_CONFIG, documentsEnvSchema, type DocumentsConfig } from './documents.config';
import { DocumentEntity } from './documents/document.entity';
import { DocumentsResolver } from './documents/documents.resolver';
import {
  DOCUMENTS_BUCKET,
  DocumentsService,
  PRESIGNING_CLIENT,
  S3_CLIENT,
  UPLOAD_RATE_LIMITER,
} from './documents/documents.service';
import { DocumentsUserResolver } from './members/documents-user.resolver';
import { documentsMigrations } from './migrations';
import { documentsDiagnostics } from './settings/documents-diagnostics';
import { SettingsConsumer } from './settings/settings.consumer';
import { UploadSettingsEntity } from './settings/upload-settings.entity';
import { UploadSettingsService } from './settings/upload-settings.service';
import { documentsExport } from './export/documents.export';

export { S3_CLIENT };

/** Members' verification documents: uploads checked by content, review, downloads. */
export const documentsService = defineService<DocumentsConfig>({
  name: 'documents',
  envSchema: documentsEnvSchema,
  buckets: { S3_BUCKET_DOCUMENTS: 'documents' },
  // Unset: browsers reach the bucket at S3_ENDPOINT (a real S3).
  deployOptional: ['S3_PUBLIC_ENDPOINT'],
  entities: [DocumentEntity, AuditEntryEntity, UploadSettingsEntity, UploadClaimEntity],
  migrations: documentsMigrations,
  // Names: admins search documents by the member's name.
  members: { names: true },
  exports: [documentsExport],
  providers: ({ config }) => [
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
    DocumentsUserResolver,
    SettingsConsumer,
    incomingSweeper(config.S3_BUCKET_DOCUMENTS, S3_CLIENT),
    EventRoundTrip,
  ],
  refusedRequests: (app, config) => [
    discardRefusedConfirms({
      mutations: ['confirmDocumentUpload'],
      bucket: config.S3_BUCKET_DOCUMENTS,
      s3: app.get<S3Client>(S3_CLIENT),
      dataSource: app.get(DataSource),
      mayDiscard: async (caller: AuthUser, ownerId) => caller.id === ownerId,
    }),
  ],
  diagnostics: (app, config) =>
    documentsDiagnostics(app, () => app.get<S3Client>(S3_CLIENT), config.S3_BUCKET_DOCUMENTS),
  readiness: (app, config) => [
    {
      name: 'storage',
      check: () =>
        app
          .get<S3Client>(S3_CLIENT)
          .send(new HeadBucketCommand({ Bucket: config.S3_BUCKET_DOCUMENTS })),
    },
  ],
});

export const documentsEntities = documentsService.entities;
