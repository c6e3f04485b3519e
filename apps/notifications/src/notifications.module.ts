import { createMailer, createSmsSender } from '@jibs/mailer';
import { CaseProgressConsumer } from './cases/case-progress.consumer';
import { JanazahDeliveryEntity } from './janazah/janazah-delivery.entity';
import { JanazahFanOutService } from './janazah/janazah-fan-out.service';
import { JanazahNoticeVersionEntity } from './janazah/janazah-notice-version.entity';
import { JanazahSender } from './janazah/janazah-sender';
import { JanazahConsumer } from './janazah/janazah.consumer';
import { NotificationPreferenceEntity } from './preferences/notification-preference.entity';
import { NotificationPreferencesResolver } from './preferences/notification-preferences.resolver';
import { NotificationPreferencesService } from './preferences/notification-preferences.service';
import { mountUnsubscribePages } from './preferences/unsubscribe-pages';
import { UNSUBSCRIBE_TOKENS, UnsubscribeTokens } from './preferences/unsubscribe-token';
import { VerifiedPhoneEntity } from './preferences/verified-phone.entity';
import { VerifiedPhonesConsumer } from './preferences/verified-phones.consumer';
import { MemberLanguageEntity } from './languages/member-language.entity';
import { MemberLanguagesConsumer } from './languages/member-languages.consumer';
import { MemberLanguages } from './languages/member-languages';
import { NOTIFICATIONS_CONFIG, SMS_SENDER } from './notifications.tokens';
import { AccountChangesConsumer } from './account-changes/account-changes.consumer';
import { AuditTrailConsumer } from './audit/audit-trail.consumer';
import { AuditTrailEntity } from './audit/audit-trail.entity';
import { AuditTrailResolver } from './audit/audit-trail.resolver';
import { AuditTrailService } from './audit/audit-trail.service';
import { SentMessagesResolver } from './sent/sent-messages.resolver';
import { SentMessagesService } from './sent/sent-messages.service';
import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import { LOCALES, loadCatalogue } from '@jibs/i18n';
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
    NotificationPreferenceEntity,
    VerifiedPhoneEntity,
    JanazahNoticeVersionEntity,
    JanazahDeliveryEntity,
    MemberLanguageEntity,
  ],
  migrations: notificationsMigrations,
  exports: [notificationsExport],
  subscriptions: true,
  // /unsubscribe, through the gateway (one-click links in emails).
  gatewayHttp: true,
  localEnv: ({ publicOrigin }) => ({ PUBLIC_ORIGIN: publicOrigin }),
  // Every language's catalogue, before the first message is worded (libs/i18n's `t`).
  prepare: async () => {
    await Promise.all(LOCALES.map((locale) => loadCatalogue(locale)));
    return {};
  },
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
    { provide: NOTIFICATIONS_CONFIG, useValue: config },
    { provide: SMS_SENDER, useFactory: () => createSmsSender(config) },
    { provide: UNSUBSCRIBE_TOKENS, useValue: new UnsubscribeTokens(config.UNSUBSCRIBE_SECRET) },
    NotificationPreferencesService,
    NotificationPreferencesResolver,
    VerifiedPhonesConsumer,
    MemberLanguages,
    MemberLanguagesConsumer,
    JanazahFanOutService,
    JanazahSender,
    JanazahConsumer,
  ],
  configureHttp: (express, app) =>
    mountUnsubscribePages(express, () => ({
      tokens: app.get<UnsubscribeTokens>(UNSUBSCRIBE_TOKENS),
      preferences: app.get(NotificationPreferencesService),
      languageOf: async (userId) =>
        (await app.get(MemberLanguages).of(app.get(DataSource).manager, [userId])).get(userId),
    })),
  diagnostics: (app) => notificationsDiagnostics(app),
});

export const notificationsEntities = notificationsService.entities;
