import { Module, type DynamicModule } from '@nestjs/common';
import { AuthModule } from '@jibs/auth';
import { DatabaseModule } from '@jibs/database';
import { EventsModule, InboxEntity, OutboxEntity } from '@jibs/events';
import { createMailer } from '@jibs/mailer';
import { LOGGER, type Logger, type ServiceMetrics } from '@jibs/observability';
import { gatewayHeaders, subgraphGraphQLModule } from '@jibs/subgraph';
import { BillingConsumer } from './billing/billing.consumer';
import { OrganisationEntity } from './billing/organisation.entity';
import { ReceiptEntity } from './billing/receipt.entity';
import { MAILER, ReceiptsService } from './billing/receipts.service';
import { RecipientEntity } from './billing/recipient.entity';
import { RecipientsConsumer } from './billing/recipients.consumer';
import { SubscriptionStateEntity } from './billing/subscription-state.entity';
import { notificationsMigrations } from './migrations';
import { OutgoingMailEntity } from './reviews/outgoing-mail.entity';
import { MemoriesConsumer } from './reviews/memories.consumer';
import { ReviewMailService } from './reviews/review-mail.service';
import { ReviewsConsumer } from './reviews/reviews.consumer';
import type { NotificationsConfig } from './notifications.config';
import { NotificationEntity } from './notifications/notification.entity';
import { NotificationStream } from './notifications/notification-stream';
import { NotificationsResolver } from './notifications/notifications.resolver';
import { NotificationsService } from './notifications/notifications.service';
import { WelcomeConsumer } from './notifications/welcome.consumer';

export const notificationsEntities = [
  NotificationEntity,
  RecipientEntity,
  ReceiptEntity,
  OrganisationEntity,
  SubscriptionStateEntity,
  OutgoingMailEntity,
  OutboxEntity,
  InboxEntity,
];

export interface NotificationsDependencies {
  config: NotificationsConfig;
  logger: Logger;
  metrics: ServiceMetrics;
}

/** Turns events into members' notifications and streams them live. */
@Module({})
export class NotificationsModule {
  static forRoot({ config, logger, metrics }: NotificationsDependencies): DynamicModule {
    const verifier = {
      jwksUrl: config.JWKS_URL,
      issuer: config.JWT_ISSUER,
      audience: config.JWT_AUDIENCE,
      revocationHeaders: gatewayHeaders(config.GATEWAY_SECRET),
    };
    return {
      module: NotificationsModule,
      imports: [
        DatabaseModule.forRoot(() => ({
          url: config.DATABASE_URL,
          entities: notificationsEntities,
          migrations: notificationsMigrations,
          applicationName: 'notifications',
        })),
        EventsModule.forRoot({
          source: 'jibs/notifications',
          broker: () => ({
            kind: config.EVENT_BROKER,
            eventlogUrl: config.EVENTLOG_DATABASE_URL,
            kafkaBrokers: config.KAFKA_BROKERS,
            clientId: 'notifications',
            logger,
          }),
          metrics: metrics.registry,
        }),
        AuthModule.forRoot(() => verifier),
        subgraphGraphQLModule(() => ({
          logger,
          metrics,
          production: config.NODE_ENV === 'production',
          subscriptions: verifier,
        })),
      ],
      providers: [
        { provide: LOGGER, useValue: logger },
        NotificationStream,
        NotificationsService,
        NotificationsResolver,
        WelcomeConsumer,
        { provide: MAILER, useFactory: () => createMailer(config) },
        ReceiptsService,
        BillingConsumer,
        RecipientsConsumer,
        ReviewMailService,
        ReviewsConsumer,
        MemoriesConsumer,
      ],
    };
  }
}
