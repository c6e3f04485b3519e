import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '@jibs/auth';
import { DatabaseModule } from '@jibs/database';
import { EventsModule, InboxEntity, OutboxEntity } from '@jibs/events';
import { LOGGER, type Logger, type ServiceMetrics } from '@jibs/observability';
import { gatewayHeaders, subgraphGraphQLModule } from '@jibs/subgraph';
import { AuditEntryEntity } from './audit/audit-entry.entity';
import type { CasesConfig } from './cases.config';
import { DeathReportEntity } from './death-reports/death-report.entity';
import { DeathReportsResolver } from './death-reports/death-reports.resolver';
import { DeathReportsService } from './death-reports/death-reports.service';
import { casesMigrations } from './migrations';

export const casesEntities = [DeathReportEntity, AuditEntryEntity, OutboxEntity, InboxEntity];

export interface CasesDependencies {
  config: CasesConfig;
  logger: Logger;
  metrics: ServiceMetrics;
}

/** Death reports: members submit them, admins review them. */
@Module({})
export class CasesModule {
  static forRoot({ config, logger, metrics }: CasesDependencies): DynamicModule {
    const verifier = {
      jwksUrl: config.JWKS_URL,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocationHeaders: gatewayHeaders(config.GATEWAY_SECRET),
    };
    return {
      module: CasesModule,
      imports: [
        DatabaseModule.forRoot(() => ({
          url: config.DATABASE_URL,
          entities: casesEntities,
          migrations: casesMigrations,
          applicationName: 'cases',
        })),
        EventsModule.forRoot({
          source: 'jibs/cases',
          broker: () => ({
            kind: config.EVENT_BROKER,
            eventlogUrl: config.EVENTLOG_DATABASE_URL,
            kafkaBrokers: config.KAFKA_BROKERS,
            clientId: 'cases',
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
      providers: [{ provide: LOGGER, useValue: logger }, DeathReportsService, DeathReportsResolver],
    };
  }
}
