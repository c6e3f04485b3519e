import { createMailer } from '@jibs/mailer';
import { CaseProgressConsumer } from './cases/case-progress.consumer';
import { AccountChangesConsumer } from './account-changes/account-changes.consumer';
import { AuditTrailConsumer } from './audit/audit-trail.consumer';
import { AuditTrailEntity } from './audit/audit-trail.entity';
import { AuditTrailResolver } from './audit/audit-trail.resolver';
import { AuditTrailService } from './audit/audit-trail.service';
import { SentMessagesResolver } from './sent/sent-messages.resolver';
import { SentMessagesService } from './sent/sent-messages.service';
import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import { BillingConsumer } from './billing/billing.consumer';
import { OrganisationEntity } from './billing/organisation.entity';
import { ReceiptEntity } from './billing/receipt.entity';
import { MAILER, ReceiptsService } from './billing/receipts.service';
import { registerReceiptMetrics } from './billing/receipt-metrics';
import { DataSource } from 'typeorm';
import { RecipientEntity } from './billing/recipient.entity';
import { RecipientsConsumer } from './billing/recipients.consumer';
import { notificationsMigrations } from './migrations';
import { OutgoingMailEntity } from './reviews/outgoing-mail.entity';
import { notificationsDiagnostics } from './settings/notifications-diagnostics';
import { AnniversaryRemindersConsumer } from './reminders/anniversary-reminders.consumer';
import { MemoriesConsumer } from './reviews/memories.consumer';
import { AssistanceConsumer } from './assistance/assistance.consumer';
import { ReviewMailService } from './reviews/review-mail.service';
import { ReviewsConsumer } from './reviews/reviews.consumer';
import { notificationsEnvSchema, type NotificationsConfig } from './notifications.config';
import { NotificationEntity } from './notifications/notification.entity';
import { NotificationStream } from './notifications/notification-stream';
import { NotificationsResolver } from './notifications/notifications.resolver';
import { NotificationsService } from './notifications/notifications.service';
import { WelcomeConsumer } from './notifications/welcome.consumer';
import { notificationsExport } from './export/notifications.export';
import { WebhookDeliveryEntity } from './webhooks/webhook-delivery.entity';
import { WebhookEndpointEntity } from './webhooks/webhook-endpoint.entity';
import { WebhooksConsumer } from './webhooks/webhooks.consumer';
import { WebhooksResolver } from './webhooks/webhooks.resolver';
import { WebhooksService } from './webhooks/webhooks.service';
import { WEBHOOK_OPTIONS } from './webhooks/webhooks.tokens';

/** Turns events into members' notifications and emails, and streams them live. */
export const notificationsService = defineService<NotificationsConfig>({
  name: 'notifications',
  envSchema: notificationsEnvSchema,
  entities: [
    NotificationEntity,
    RecipientEntity,
    ReceiptEntity,
    OrganisationEntity,
    OutgoingMailEntity,
    AuditTrailEntity,
    AuditEntryEntity,
    WebhookEndpointEntity,
    WebhookDeliveryEntity,
  ],
  migrations: notificationsMigrations,
  exports: [notificationsExport],
  subscriptions: true,
  providers: ({ config, metrics }) => [
    {
      provide: 'RECEIPT_METRICS',
      useFactory: (dataSource: DataSource) => registerReceiptMetrics(metrics.registry, dataSource),
      inject: [DataSource],
    },
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
    AssistanceConsumer,
    MemoriesConsumer,
    AnniversaryRemindersConsumer,
    CaseProgressConsumer,
    AccountChangesConsumer,
    AuditTrailConsumer,
    AuditTrailService,
    AuditTrailResolver,
    SentMessagesService,
    SentMessagesResolver,
    {
      provide: WEBHOOK_OPTIONS,
      useValue: {
        allowPrivate: config.NODE_ENV !== 'production',
        retryBaseMs: config.WEBHOOK_RETRY_BASE_MS,
      },
    },
    WebhooksService,
    WebhooksConsumer,
    WebhooksResolver,
  ],
  diagnostics: (app) => notificationsDiagnostics(app),
});

export const notificationsEntities = notificationsService.entities;
