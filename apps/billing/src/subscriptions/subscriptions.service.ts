import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DomainError, PaymentStatus, SubscriptionStatus } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { BILLING_CONFIG, type BillingConfig } from '../billing.config';
import { MembersService } from '../membership/members.service';
import { PaymentEntity } from '../payments/payment.entity';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../provider/payment-provider';
import { SubscriptionEntity } from './subscription.entity';
import { publishSubscriptionUpdated } from './subscription-updated';

export const SubscriptionMessages = {
  noSubscription: 'You have no active subscription.',
  noBillingAccount: 'There is no billing account yet: please complete a payment first.',
  sandboxOnly: 'Renewals can only be run with the local sandbox payment provider.',
  renewalOutcome: 'Choose COMPLETED or FAILED',
} as const;

/** The member's dues subscription: read, cancelled at period end, the provider's portal. */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    @Inject(BILLING_CONFIG) private readonly config: BillingConfig,
    private readonly events: EventPublisher,
  ) {}

  subscription(userId: string): Promise<SubscriptionEntity | null> {
    return this.dataSource.manager.findOneBy(SubscriptionEntity, { userId });
  }

  async cancelSubscription(userId: string): Promise<SubscriptionEntity> {
    const subscription = await this.subscription(userId);
    if (
      !subscription ||
      ![SubscriptionStatus.ACTIVE, SubscriptionStatus.PAST_DUE].includes(subscription.status)
    )
      throw DomainError.conflict(SubscriptionMessages.noSubscription);
    const state = await this.provider.cancelSubscriptionAtPeriodEnd(
      subscription.providerSubscriptionId,
      `cancel-${subscription.providerSubscriptionId}`,
    );
    // The provider's own answer to billing's server-side call; its webhook confirms it too
    // (and, finding it so, tells the member nothing new).
    await this.dataSource.transaction(async (manager) => {
      const before = await manager.findOne(SubscriptionEntity, {
        where: { userId },
        lock: { mode: 'pessimistic_write' },
      });
      if (!before || before.cancelAtPeriodEnd === state.cancelAtPeriodEnd) return;
      const row = await manager.save(SubscriptionEntity, {
        ...before,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
      });
      await publishSubscriptionUpdated(this.events, manager, row, before);
    });
    return (await this.subscription(userId))!;
  }

  async portal(userId: string): Promise<string> {
    const member = await this.members.find(userId);
    if (!member?.providerCustomerId)
      throw DomainError.conflict(SubscriptionMessages.noBillingAccount);
    return this.provider.createPortalSession({
      customerId: member.providerCustomerId,
      returnUrl: `${this.config.PUBLIC_ORIGIN}/profile`,
    });
  }

  /** Local sandbox only: the member's next monthly renewal, through the real webhook path. */
  async sandboxRenewal(userId: string, outcome: PaymentStatus): Promise<PaymentEntity> {
    // Only a provider that simulates time can run a renewal now (the sandbox).
    if (!this.provider.runRenewal) throw DomainError.forbidden(SubscriptionMessages.sandboxOnly);
    if (outcome !== PaymentStatus.COMPLETED && outcome !== PaymentStatus.FAILED)
      throw DomainError.badInput({ outcome: SubscriptionMessages.renewalOutcome });
    const subscription = await this.subscription(userId);
    if (!subscription || subscription.status === SubscriptionStatus.CANCELED)
      throw DomainError.conflict(SubscriptionMessages.noSubscription);
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
}
