import { AuditEntryEntity, defineService } from '@jibs/subgraph';
import { AdminMembersResolver } from './admin-members/admin-members.resolver';
import { AdminMembersService } from './admin-members/admin-members.service';
import { ClaimEntity } from './assistance/claim.entity';
import { ClaimsConsumer } from './assistance/claims.consumer';
import { PayoutEntity } from './assistance/payout.entity';
import { PayoutsResolver } from './assistance/payouts.resolver';
import { PayoutsService } from './assistance/payouts.service';
import { BillingAnalyticsResolver } from './analytics/billing-analytics.resolver';
import { MemberStatusHistoryEntity } from './analytics/member-status-history.entity';
import { BILLING_CONFIG, billingEnvSchema, type BillingConfig } from './billing.config';
import { CheckoutEntity } from './checkout/checkout.entity';
import { CheckoutResolver } from './checkout/checkout.resolver';
import { CheckoutService } from './checkout/checkout.service';
import { paymentsExport } from './export/payments.export';
import { HouseholdMemberEntity } from './household/household-member.entity';
import { HouseholdResolver } from './household/household.resolver';
import { HouseholdService } from './household/household.service';
import { LedgerEntryEntity } from './ledger/ledger-entry.entity';
import { ledgerExport } from './ledger/ledger.export';
import { LedgerResolver } from './ledger/ledger.resolver';
import { LedgerService } from './ledger/ledger.service';
import { MemberLoader } from './membership/member-loader';
import { MemberEntity } from './membership/member.entity';
import { MembershipModule } from './membership/membership.module';
import { MembershipResolver } from './membership/membership.resolver';
import { RegistrationsConsumer } from './membership/registrations.consumer';
import { UserReferenceResolver } from './membership/user-reference.resolver';
import { VerificationsConsumer } from './membership/verifications.consumer';
import { billingMigrations } from './migrations';
import { OfflinePaymentEntity } from './offline-payments/offline-payment.entity';
import { OfflinePaymentsResolver } from './offline-payments/offline-payments.resolver';
import { OfflinePaymentsService } from './offline-payments/offline-payments.service';
import { PaymentEntity } from './payments/payment.entity';
import { PaymentsResolver } from './payments/payments.resolver';
import { PaymentsService } from './payments/payments.service';
import { PAYMENT_PROVIDER } from './provider/payment-provider';
import { paymentProviderDiagnostic } from './provider/payment-provider-diagnostic';
import { PaymentProviderModule } from './provider/payment-provider.module';
import { SandboxObjectEntity } from './provider/sandbox/sandbox-object.entity';
import { mountSandboxPages } from './provider/sandbox/sandbox-pages';
import type { SandboxPaymentProvider } from './provider/sandbox/sandbox-payment-provider';
import { StatementsModule } from './statements/statements.module';
import { FeeSettingsEntity } from './settings/fee-settings.entity';
import { FeeSettingsService } from './settings/fee-settings.service';
import { SettingsConsumer } from './settings/settings.consumer';
import { SubscriptionEntity } from './subscriptions/subscription.entity';
import { SubscriptionsResolver } from './subscriptions/subscriptions.resolver';
import { SubscriptionsService } from './subscriptions/subscriptions.service';
import { ProviderEventEntity } from './webhooks/provider-event.entity';
import { keepWebhookRawBody, WEBHOOK_PATH } from './webhooks/webhook.controller';
import { WebhooksModule } from './webhooks/webhooks.module';

/**
 * Households, fees, checkouts, payments, subscriptions and membership status; the fund's ledger
 * and burial-assistance payouts.
 */
export const billingService = defineService<BillingConfig>({
  name: 'billing',
  envSchema: billingEnvSchema,
  // Stand-ins for api.stripe.com and the sandbox's webhook target, used by tests only.
  deployOptional: [
    'STRIPE_API_HOST',
    'STRIPE_API_PORT',
    'STRIPE_API_PROTOCOL',
    'SANDBOX_WEBHOOK_URL',
  ],
  // Stripe's webhooks and the sandbox checkout page reach it through the gateway.
  gatewayHttp: true,
  // Benchmarks publish a month's renewals through it (only with TEST_ROUTES: never deployed).
  testEvents: ['payment.completed', 'membership.registration_paid'],
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
    LedgerEntryEntity,
    ClaimEntity,
    PayoutEntity,
  ],
  migrations: billingMigrations,
  exports: [paymentsExport, ledgerExport],
  imports: ({ config, logger, metrics }) => [
    PaymentProviderModule.forRoot(config, WEBHOOK_PATH),
    MembershipModule.forRoot(),
    WebhooksModule.forRoot(logger, metrics.registry),
    StatementsModule.forRoot(logger),
  ],
  providers: ({ config }) => [
    { provide: BILLING_CONFIG, useValue: config },
    MemberLoader,
    FeeSettingsService,
    HouseholdService,
    CheckoutService,
    PaymentsService,
    SubscriptionsService,
    HouseholdResolver,
    MembershipResolver,
    PaymentsResolver,
    SubscriptionsResolver,
    CheckoutResolver,
    BillingAnalyticsResolver,
    UserReferenceResolver,
    AdminMembersService,
    AdminMembersResolver,
    RegistrationsConsumer,
    VerificationsConsumer,
    SettingsConsumer,
    OfflinePaymentsService,
    OfflinePaymentsResolver,
    ClaimsConsumer,
    PayoutsService,
    PayoutsResolver,
    LedgerService,
    LedgerResolver,
  ],
  diagnostics: (_app, config) => [paymentProviderDiagnostic(config)],
  configureHttp: (express, app, { config }) => {
    // Before Nest's body parsers: the webhook controller checks the signature over raw bytes.
    keepWebhookRawBody(express);
    if (config.PAYMENT_PROVIDER === 'sandbox')
      mountSandboxPages(express, () => app.get<SandboxPaymentProvider>(PAYMENT_PROVIDER));
  },
});

export const billingEntities = billingService.entities;
