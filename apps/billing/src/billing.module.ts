import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import { AdminMembersResolver } from './admin-members/admin-members.resolver';
import { AdminMembersService } from './admin-members/admin-members.service';
import { AdminExportModule, AuditEntryEntity, defineService } from '@jibs/subgraph';
import {
  BILLING_CONFIG,
  BILLING_SECRET_KEYS,
  billingEnvSchema,
  type BillingConfig,
} from './billing.config';
import { BillingAnalyticsResolver } from './analytics/billing-analytics.resolver';
import { MemberStatusHistoryEntity } from './analytics/member-status-history.entity';
import { BillingResolver } from './checkout/billing.resolver';
import { CheckoutEntity } from './checkout/checkout.entity';
import { CheckoutService } from './checkout/checkout.service';
import { HouseholdMemberEntity } from './household/household-member.entity';
import { HouseholdResolver } from './household/household.resolver';
import { HouseholdService } from './household/household.service';
import { MemberEntity } from './membership/member.entity';
import { MemberLoader } from './membership/member-loader';
import { MembersService } from './membership/members.service';
import { RegistrationsConsumer } from './membership/registrations.consumer';
import { UserReferenceResolver } from './membership/user-reference.resolver';
import { VerificationsConsumer } from './membership/verifications.consumer';
import { billingMigrations } from './migrations';
import { OfflinePaymentEntity } from './offline-payments/offline-payment.entity';
import { OfflinePaymentsResolver } from './offline-payments/offline-payments.resolver';
import { OfflinePaymentsService } from './offline-payments/offline-payments.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from './provider/payment-provider';
import { SandboxObjectEntity } from './provider/sandbox/sandbox-object.entity';
import { SandboxPaymentProvider } from './provider/sandbox/sandbox-payment-provider';
import { StripePaymentProvider } from './provider/stripe/stripe-payment-provider';
import { FeeSettingsEntity } from './settings/fee-settings.entity';
import { FeeSettingsService } from './settings/fee-settings.service';
import { SettingsConsumer } from './settings/settings.consumer';
import { PaymentEntity } from './payments/payment.entity';
import { PaymentsService } from './payments/payments.service';
import { ProviderEventEntity } from './webhooks/provider-event.entity';
import { SubscriptionEntity } from './subscriptions/subscription.entity';
import { paymentProviderDiagnostic } from './provider/payment-provider-diagnostic';
import { mountSandboxPages } from './provider/sandbox/sandbox-pages';
import { mountWebhookEndpoint, WEBHOOK_PATH } from './webhooks/webhook-endpoint';
import { WebhookService } from './webhooks/webhook.service';
import { paymentsExport } from './export/payments.export';

/** The provider the configuration names; the sandbox posts to this service's own endpoint. */
function paymentProvider(
  config: BillingConfig,
  dataSource: DataSource,
  http: HttpAdapterHost,
): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return new StripePaymentProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new SandboxPaymentProvider(dataSource, {
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    publicUrl: config.BILLING_PUBLIC_URL,
    appOrigin: config.PUBLIC_ORIGIN,
    webhookUrl: () => {
      if (config.SANDBOX_WEBHOOK_URL) return config.SANDBOX_WEBHOOK_URL;
      const address = http.httpAdapter.getHttpServer().address() as AddressInfo;
      const host = ['0.0.0.0', '::', ''].includes(address.address) ? '127.0.0.1' : address.address;
      const shown = host.includes(':') ? `[${host}]` : host;
      return `http://${shown}:${address.port}${WEBHOOK_PATH}`;
    },
  });
}

/** Households, fees, checkouts, payments, subscriptions and membership status. */
export const billingService = defineService<BillingConfig>({
  name: 'billing',
  envSchema: billingEnvSchema,
  secrets: BILLING_SECRET_KEYS,
  // Stand-ins for api.stripe.com and the sandbox's webhook target, used by tests only.
  deployOptional: [
    'STRIPE_API_HOST',
    'STRIPE_API_PORT',
    'STRIPE_API_PROTOCOL',
    'SANDBOX_WEBHOOK_URL',
  ],
  // Stripe's webhooks and the sandbox checkout page reach it through the gateway.
  gatewayHttp: true,
  localEnv: ({ publicOrigin, secrets }) => ({
    PAYMENT_PROVIDER: 'sandbox',
    STRIPE_WEBHOOK_SECRET: secrets.stripeWebhookSecret,
    PUBLIC_ORIGIN: publicOrigin,
    BILLING_PUBLIC_URL: publicOrigin,
  }),
  entities: [
    MemberEntity,
    FeeSettingsEntity,
    HouseholdMemberEntity,
    CheckoutEntity,
    PaymentEntity,
    SubscriptionEntity,
    ProviderEventEntity,
    SandboxObjectEntity,
    AuditEntryEntity,
    OfflinePaymentEntity,
    MemberStatusHistoryEntity,
  ],
  migrations: billingMigrations,
  imports: ({ logger }) => [
    AdminExportModule.forTables({ service: 'jibs/billing', tables: [paymentsExport], logger }),
  ],
  providers: ({ config }) => [
    { provide: BILLING_CONFIG, useValue: config },
    {
      provide: PAYMENT_PROVIDER,
      inject: [DataSource, HttpAdapterHost],
      useFactory: (dataSource: DataSource, http: HttpAdapterHost) =>
        paymentProvider(config, dataSource, http),
    },
    MembersService,
    MemberLoader,
    FeeSettingsService,
    HouseholdService,
    CheckoutService,
    PaymentsService,
    WebhookService,
    HouseholdResolver,
    BillingResolver,
    BillingAnalyticsResolver,
    UserReferenceResolver,
    AdminMembersService,
    AdminMembersResolver,
    RegistrationsConsumer,
    VerificationsConsumer,
    SettingsConsumer,
    OfflinePaymentsService,
    OfflinePaymentsResolver,
  ],
  diagnostics: (_app, config) => [paymentProviderDiagnostic(config)],
  configureHttp: (express, app, { config, logger }) => {
    const provider = () => app.get<PaymentProvider>(PAYMENT_PROVIDER);
    // Mounted before Nest's body parsers: the signature is checked over the raw bytes.
    mountWebhookEndpoint(express, () => ({
      provider: provider(),
      webhooks: app.get(WebhookService),
      logger,
    }));
    if (config.PAYMENT_PROVIDER === 'sandbox')
      mountSandboxPages(express, () => provider() as SandboxPaymentProvider);
  },
});

export const billingEntities = billingService.entities;
