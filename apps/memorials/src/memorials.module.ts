import { HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { DataSource } from 'typeorm';
import type { AuthUser } from '@jibs/auth';
import { DomainError } from '@jibs/domain';
import {
  createPresigningClient,
  createS3Client,
  discardRefusedConfirms,
  incomingSweeper,
  UploadClaimEntity,
  UploadRateLimiter,
} from '@jibs/storage';
import { defineService } from '@jibs/subgraph';
import { MemorialAccess } from './access/memorial-access.service';
import { AnniversaryReminderSentEntity } from './anniversaries/anniversary-reminder-sent.entity';
import { AnniversaryReminderEntity } from './anniversaries/anniversary-reminder.entity';
import { AnniversaryRemindersResolver } from './anniversaries/anniversary-reminders.resolver';
import { AnniversaryRemindersService } from './anniversaries/anniversary-reminders.service';
import { AnniversaryScheduler } from './anniversaries/anniversary-scheduler';
import { MemorialConnectionEntity } from './connections/memorial-connection.entity';
import { ConnectionsResolver } from './connections/connections.resolver';
import { ConnectionsService } from './connections/connections.service';
import { MemoriesResolver } from './memories/memories.resolver';
import { MEMORY_RATE_LIMITER, MemoriesService } from './memories/memories.service';
import { MemorialMemoryEntity } from './memories/memorial-memory.entity';
import { MemoryRateLimiter } from './memories/memory-rate-limiter';
import { memorialsEnvSchema, type MemorialsConfig } from './memorials.config';
import { MemorialEntity } from './memorials/memorial.entity';
import { MemorialsResolver } from './memorials/memorials.resolver';
import { MemorialsService } from './memorials/memorials.service';
import { memorialsMigrations } from './migrations';
import { MemorialPhotoEntity } from './photos/memorial-photo.entity';
import { PhotosResolver } from './photos/photos.resolver';
import {
  PRESIGNING_CLIENT,
  S3_BUCKET_MEMORIALS,
  PhotosService,
  S3_CLIENT,
  UPLOAD_RATE_LIMITER,
} from './photos/photos.service';

/** Memorial pages, family connections, moderated memories and photos, private by default. */
export const memorialsService = defineService<MemorialsConfig>({
  name: 'memorials',
  envSchema: memorialsEnvSchema,
  buckets: { S3_BUCKET_MEMORIALS: 'memorials' },
  // Unset: browsers reach the bucket at S3_ENDPOINT (a real S3).
  deployOptional: ['S3_PUBLIC_ENDPOINT'],
  entities: [
    MemorialEntity,
    MemorialConnectionEntity,
    MemorialMemoryEntity,
    MemorialPhotoEntity,
    UploadClaimEntity,
    AnniversaryReminderEntity,
    AnniversaryReminderSentEntity,
  ],
  // Names: a memory shows its contributor's name.
  members: { names: true },
  migrations: memorialsMigrations,
  providers: ({ config }) => [
    { provide: S3_BUCKET_MEMORIALS, useValue: config.S3_BUCKET_MEMORIALS },
    { provide: S3_CLIENT, useFactory: () => createS3Client(config) },
    { provide: PRESIGNING_CLIENT, useFactory: () => createPresigningClient(config) },
    {
      provide: MEMORY_RATE_LIMITER,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new MemoryRateLimiter(dataSource),
    },
    {
      provide: UPLOAD_RATE_LIMITER,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new UploadRateLimiter(dataSource),
    },
    MemorialAccess,
    MemorialsService,
    MemorialsResolver,
    ConnectionsService,
    ConnectionsResolver,
    MemoriesService,
    MemoriesResolver,
    PhotosService,
    PhotosResolver,
    AnniversaryRemindersService,
    AnniversaryRemindersResolver,
    AnniversaryScheduler,
    incomingSweeper(config.S3_BUCKET_MEMORIALS, S3_CLIENT),
  ],
  refusedRequests: (app, config) => [
    discardRefusedConfirms({
      mutations: ['confirmMemorialPhotoUpload'],
      bucket: config.S3_BUCKET_MEMORIALS,
      s3: app.get<S3Client>(S3_CLIENT),
      dataSource: app.get(DataSource),
      // A photo's upload key is under its memorial: whoever may confirm it there (an editor).
      mayDiscard: (caller: AuthUser, memorialId) =>
        app
          .get(MemorialAccess)
          .require(caller, memorialId, 'edit')
          .then(
            () => true,
            (error: unknown) => (error instanceof DomainError ? false : Promise.reject(error)),
          ),
    }),
  ],
  readiness: (app, config) => [
    {
      name: 'storage',
      check: () =>
        app
          .get<S3Client>(S3_CLIENT)
          .send(new HeadBucketCommand({ Bucket: config.S3_BUCKET_MEMORIALS })),
    },
  ],
});

export const memorialsEntities = memorialsService.entities;
