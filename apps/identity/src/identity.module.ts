import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '@jibs/auth';
import { DatabaseModule } from '@jibs/database';
import { EventsModule, InboxEntity, OutboxEntity } from '@jibs/events';
import type { Logger, ServiceMetrics } from '@jibs/observability';
import { subgraphGraphQLModule } from '@jibs/subgraph';
import { AccountEntity } from './accounts/account.entity';
import { AccountsResolver } from './accounts/accounts.resolver';
import { AccountsService } from './accounts/accounts.service';
import { IDENTITY_CONFIG, type IdentityConfig } from './identity.config';
import { SigningKey } from './keys/signing-key';
import { identityMigrations } from './migrations';
import { RefreshTokenEntity } from './sessions/refresh-token.entity';
import { SessionsResolver } from './sessions/sessions.resolver';
import { SessionsService } from './sessions/sessions.service';

export const identityEntities = [AccountEntity, RefreshTokenEntity, OutboxEntity, InboxEntity];

export interface IdentityDependencies {
  config: IdentityConfig;
  logger: Logger;
  metrics: ServiceMetrics;
  signingKey: SigningKey;
}

/** Accounts, sessions and (later) verification, profiles, roles and site settings. */
@Module({})
export class IdentityModule {
  static forRoot({ config, logger, metrics, signingKey }: IdentityDependencies): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        DatabaseModule.forRoot(() => ({
          url: config.DATABASE_URL,
          entities: identityEntities,
          migrations: identityMigrations,
          applicationName: 'identity',
        })),
        EventsModule.forRoot({
          source: 'jibs/identity',
          broker: () => ({
            kind: config.EVENT_BROKER,
            eventlogUrl: config.EVENTLOG_DATABASE_URL,
            kafkaBrokers: config.KAFKA_BROKERS,
            clientId: 'identity',
            logger,
          }),
        }),
        AuthModule.forRoot(() => ({
          jwksUrl: config.JWKS_URL,
          issuer: config.JWT_ISSUER,
          audience: config.JWT_AUDIENCE,
          localKeys: signingKey.jwks(),
        })),
        subgraphGraphQLModule(() => ({
          logger,
          metrics,
          production: config.NODE_ENV === 'production',
        })),
      ],
      providers: [
        { provide: IDENTITY_CONFIG, useValue: config },
        { provide: SigningKey, useValue: signingKey },
        AccountsService,
        AccountsResolver,
        SessionsService,
        SessionsResolver,
      ],
    };
  }
}
