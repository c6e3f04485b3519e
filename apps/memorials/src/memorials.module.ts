import { Module, type DynamicModule } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuthModule } from '@jibs/auth';
import { DatabaseModule } from '@jibs/database';
import { EventsModule, InboxEntity, OutboxEntity } from '@jibs/events';
import { LOGGER, type Logger, type ServiceMetrics } from '@jibs/observability';
import { createPresigningClient, createS3Client } from '@jibs/storage';
import { gatewayHeaders, subgraphGraphQLModule } from '@jibs/subgraph';
import { MemorialAccess } from './access/memorial-access.service';
import { MemorialConnectionEntity } from './connections/memorial-connection.entity';
import { ConnectionsResolver } from './connections/connections.resolver';
import { ConnectionsService } from './connections/connections.service';
import { MemberEntity } from './members/member.entity';
import { MembersConsumer } from './members/members.consumer';
import { MemoriesResolver } from './memories/memories.resolver';
import { MEMORY_RATE_LIMITER, MemoriesService } from './memories/memories.service';
import { MemorialMemoryEntity } from './memories/memorial-memory.entity';
import { MemoryRateLimiter } from './memories/memory-rate-limiter';
import type { MemorialsConfig } from './memorials.config';
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
} from './photos/photos.service';

export const memorialsEntities = [
  MemorialEntity,
  MemorialConnectionEntity,
  MemorialMemoryEntity,
  MemorialPhotoEntity,
  MemberEntity,
  OutboxEntity,
  InboxEntity,
];

export interface MemorialsDependencies {
  config: MemorialsConfig;
  logger: Logger;
  metrics: ServiceMetrics;
}

/** Memorial pages: privacy, family connections, moderated memories, photos, timeline. */
@Module({})
export class MemorialsModule {
  static forRoot({ config, logger, metrics }: MemorialsDependencies): DynamicModule {
    const verifier = {
      jwksUrl: config.JWKS_URL,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocationHeaders: gatewayHeaders(config.GATEWAY_SECRET),
    };
    return {
      module: MemorialsModule,
      imports: [
        DatabaseModule.forRoot(() => ({
          url: config.DATABASE_URL,
          entities: memorialsEntities,
          migrations: memorialsMigrations,
          applicationName: 'memorials',
        })),
        EventsModule.forRoot({
          source: 'jibs/memorials',
          broker: () => ({
            kind: config.EVENT_BROKER,
            eventlogUrl: config.EVENTLOG_DATABASE_URL,
            kafkaBrokers: config.KAFKA_BROKERS,
            clientId: 'memorials',
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
        { provide: S3_BUCKET_MEMORIALS, useValue: config.S3_BUCKET_MEMORIALS },
        { provide: S3_CLIENT, useFactory: () => createS3Client(config) },
        { provide: PRESIGNING_CLIENT, useFactory: () => createPresigningClient(config) },
        {
          provide: MEMORY_RATE_LIMITER,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new MemoryRateLimiter(dataSource),
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
        MembersConsumer,
      ],
    };
  }
}
