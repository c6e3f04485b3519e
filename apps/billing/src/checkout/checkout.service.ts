import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CheckoutKind,
  CheckoutState,
  DomainError,
  HouseholdMessages,
  memberFeeLabel,
  MemberFeeStatus,
  PaymentStatus,
  SubscriptionStatus,
} from '@jibs/domain';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { HouseholdService } from '../household/household.service';
import type { MemberEntity } from '../members/member.entity';
import { MembersService } from '../members/members.service';
import {
  PAYMENT_PROVIDER,
  type CheckoutLineItem,
  type PaymentProvider,
} from '../payments/payment-provider';
import { SandboxPaymentProvider } from '../payments/sandbox-payment-provider';
import { FeeSettingsService } from '../settings/fee-settings.service';
import { PaymentEntity } from '../webhooks/payment.entity';
import { SubscriptionEntity } from '../webhooks/subscription.entity';
import { CheckoutEntity } from './checkout.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const CheckoutMessages = {
  alreadyRegistered: 'Your registration fee is already paid.',
  registrationFirst: 'Please complete your registration payment before setting up monthly dues.',
  alreadySubscribed: 'You already have an active monthly dues subscription.',
  noFeeDue: 'This household member has no fee to pay.',
  noSubscription: 'You have no active subscription.',
  noBillingAccount: 'There is no billing account yet: please complete a payment first.',
  sandboxOnly: 'Renewals can only be run with the local sandbox payment provider.',
  renewalOutcome: 'Choose COMPLETED or FAILED',
} as const;

/** Starts checkouts with amounts billing computed, and answers about them. */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly household: HouseholdService,
    private readonly settings: FeeSettingsService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
  ) {}

  async startRegistration(userId: string): Promise<CheckoutEntity> {
    const member = await this.dataSource.transaction((m) => this.members.lock(m, userId));
    if (member.registrationFeePaid) throw DomainError.conflict(CheckoutMessages.alreadyRegistered);
    const quote = await this.household.quote(userId);
    const lineItems = [
      { label: 'Household registration fee', amount: quote.baseFee },
      ...quote.memberLines,
    ];
    return this.start(
      member,
      CheckoutKind.REGISTRATION,
      lineItems,
      null,
      'registration-payment-success',
    );
  }

  async startSubscription(userId: string): Promise<CheckoutEntity> {
    const member = await this.dataSource.transaction((m) => this.members.lock(m, userId));
    if (!member.registrationFeePaid) throw DomainError.conflict(CheckoutMessages.registrationFirst);
    const subscription = await this.subscription(userId);
    if (
      subscription &&
      [SubscriptionStatus.ACTIVE, SubscriptionStatus.PAST_DUE].includes(subscription.status)
    )
      throw DomainError.conflict(CheckoutMessages.alreadySubscribed);
    const { monthlyDues } = await this.settings.current();
    return this.start(
      member,
      CheckoutKind.SUBSCRIPTION,
      [{ label: 'Monthly family membership', amount: monthlyDues }],
      null,
      'payment-success',
    );
  }

  async startHouseholdMember(userId: string, memberId: string): Promise<CheckoutEntity> {
    const row = await this.household.own(userId, memberId);
    if (row.feeStatus !== MemberFeeStatus.PAYMENT_DUE || row.fee <= 0)
      throw DomainError.conflict(CheckoutMessages.noFeeDue);
    const member = await this.dataSource.transaction((m) => this.members.lock(m, userId));
    if (!member.registrationFeePaid)
      throw DomainError.conflict(HouseholdMessages.registrationRequired);
    return this.start(
      member,
      CheckoutKind.HOUSEHOLD_MEMBER,
      [{ label: memberFeeLabel(row), amount: row.fee }],
      row.id,
      'payment-success',
    );
  }

  /** By the provider's session id (the `session_id` the browser returns with) or billing's id. */
  async status(userId: string, id: string): Promise<CheckoutEntity> {
    const row = UUID.test(id)
      ? await this.dataSource.manager.findOneBy(CheckoutEntity, { id, userId })
      : id.length <= 255
        ? await this.dataSource.manager.findOneBy(CheckoutEntity, { providerSessionId: id, userId })
        : null;
    if (!row) throw DomainError.notFound('Checkout not found');
    return row;
  }

  subscription(userId: string): Promise<SubscriptionEntity | null> {
    return this.dataSource.manager.findOneBy(SubscriptionEntity, { userId });
  }

  async cancelSubscription(userId: string): Promise<SubscriptionEntity> {
    const subscription = await this.subscription(userId);
    if (
      !subscription ||
      ![SubscriptionStatus.ACTIVE, SubscriptionStatus.PAST_DUE].includes(subscription.status)
    )
      throw DomainError.conflict(CheckoutMessages.noSubscription);
    const state = await this.provider.cancelSubscriptionAtPeriodEnd(
      subscription.providerSubscriptionId,
      `cancel-${subscription.providerSubscriptionId}`,
    );
    // The provider's own answer to billing's server-side call; its webhook confirms it too.
    await this.dataSource.manager.update(
      SubscriptionEntity,
      { userId },
      { cancelAtPeriodEnd: state.cancelAtPeriodEnd },
    );
    return (await this.subscription(userId))!;
  }

  async portal(userId: string): Promise<string> {
    const member = await this.members.find(userId);
    if (!member?.providerCustomerId) throw DomainError.conflict(CheckoutMessages.noBillingAccount);
    return this.provider.createPortalSession({
      customerId: member.providerCustomerId,
      returnUrl: `${this.config.PUBLIC_ORIGIN}/profile`,
    });
  }

  /** Local sandbox only: the member's next monthly renewal, through the real webhook path. */
  async sandboxRenewal(userId: string, outcome: PaymentStatus): Promise<PaymentEntity> {
    if (!(this.provider instanceof SandboxPaymentProvider))
      throw DomainError.forbidden(CheckoutMessages.sandboxOnly);
    if (outcome !== PaymentStatus.COMPLETED && outcome !== PaymentStatus.FAILED)
      throw DomainError.badInput({ outcome: CheckoutMessages.renewalOutcome });
    const subscription = await this.subscription(userId);
    if (!subscription || subscription.status === SubscriptionStatus.CANCELED)
      throw DomainError.conflict(CheckoutMessages.noSubscription);
    const invoiceId = await this.provider.runRenewal(
      subscription.providerSubscriptionId,
      outcome === PaymentStatus.COMPLETED ? 'paid' : 'failed',
    );
    const payment = await this.dataSource.manager.findOneBy(PaymentEntity, {
      providerPaymentId: invoiceId,
      userId,
    });
    if (!payment) throw new Error(`renewal ${invoiceId} was not recorded`);
    return payment;
  }

  private async start(
    member: MemberEntity,
    kind: CheckoutKind,
    lineItems: CheckoutLineItem[],
    householdMemberId: string | null,
    successPath: string,
  ): Promise<CheckoutEntity> {
    const amount = lineItems.reduce((sum, item) => sum + item.amount, 0);
    const checkout = await this.dataSource.manager.save(
      this.dataSource.manager.create(CheckoutEntity, {
        userId: member.userId,
        kind,
        state: CheckoutState.OPEN,
        amount,
        householdMemberId,
      }),
    );
    const origin = this.config.PUBLIC_ORIGIN;
    const created = await this.provider.createCheckoutSession({
      kind,
      userId: member.userId,
      customer: {
        userId: member.userId,
        email: member.email,
        name: [member.firstName, member.lastName].filter(Boolean).join(' ') || null,
        existingId: member.providerCustomerId,
      },
      lineItems,
      successUrl: `${origin}/${successPath}?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/payment-cancelled?session_id={CHECKOUT_SESSION_ID}`,
      metadata: { userId: member.userId, kind, checkoutId: checkout.id },
      idempotencyKey: `checkout-${checkout.id}`,
    });
    await this.dataSource.transaction(async (manager: EntityManager) => {
      await manager.update(
        CheckoutEntity,
        { id: checkout.id },
        { providerSessionId: created.sessionId, url: created.url },
      );
      // The first customer made for a member is kept; a concurrent one never overwrites it.
      await manager
        .createQueryBuilder()
        .update('members')
        .set({ providerCustomerId: created.customerId })
        .where('user_id = :userId AND provider_customer_id IS NULL', { userId: member.userId })
        .execute();
    });
    return Object.assign(checkout, { providerSessionId: created.sessionId, url: created.url });
  }
}
