import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Logger } from '@jibs/observability';
import { MemberEntity } from '../membership/member.entity';
import { MembersService } from '../membership/members.service';
import { PaymentEntity } from '../payments/payment.entity';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../provider/payment-provider';
import type { FactMember, ProviderEvent } from '../provider/provider-facts';
import type { ApplyContext, FollowUp } from './apply-context';
import { CheckoutApplier } from './checkout.applier';
import { InvoiceApplier } from './invoice.applier';
import { ProviderEventEntity } from './provider-event.entity';
import { SubscriptionApplier } from './subscription.applier';

export interface AppliedEvent {
  duplicate: boolean;
}

/**
 * Applies verified provider events: each once (its id is recorded in the same transaction as
 * its effects and outbox events), in any order (state carries the provider's time). Each
 * family of facts has its applier; this records the event, finds and locks the member, and
 * makes the provider calls the appliers asked for once the transaction committed.
 */
@Injectable()
export class WebhookService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly members: MembersService,
    private readonly checkouts: CheckoutApplier,
    private readonly invoices: InvoiceApplier,
    private readonly subscriptions: SubscriptionApplier,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  async apply(event: ProviderEvent, logger?: Logger): Promise<AppliedEvent> {
    const followUps: FollowUp[] = [];
    const applied = await this.dataSource.transaction((manager) =>
      this.applyIn(manager, event, followUps, logger),
    );
    // After the commit: the provider's answers (the sandbox's own webhooks) lock the member too.
    for (const followUp of followUps) await this.followUp(followUp, logger);
    return applied;
  }

  private async applyIn(
    manager: EntityManager,
    event: ProviderEvent,
    followUps: FollowUp[],
    logger?: Logger,
  ): Promise<AppliedEvent> {
    const inserted = await manager
      .createQueryBuilder()
      .insert()
      .into(ProviderEventEntity)
      .values({ id: event.id, type: event.type })
      .orIgnore()
      .returning('id')
      .execute();
    if (inserted.raw.length === 0) return { duplicate: true };
    const { fact } = event;
    if (!fact) return { duplicate: false };
    const userId = await this.userIdOf(manager, fact.member);
    if (!userId) {
      logger?.warn({ eventId: event.id, type: event.type }, 'provider event for no known member');
      return { duplicate: false };
    }
    const member = await this.members.lock(manager, userId);
    const context: ApplyContext = { manager, member, created: event.created, followUps };
    switch (fact.kind) {
      case 'checkout.completed':
        await this.checkouts.completed(context, fact);
        break;
      case 'checkout.payment_failed':
        await this.checkouts.paymentFailed(context, fact);
        break;
      case 'subscription.changed':
        await this.subscriptions.changed(context, fact);
        break;
      case 'invoice.paid':
        await this.invoices.paid(context, fact);
        break;
      case 'invoice.failed':
        await this.invoices.failed(context, fact);
        break;
    }
    await this.members.saveAndRecompute(manager, member, `provider event ${event.type}`);
    return { duplicate: false };
  }

  /** Billing's user id the provider carried back, else the member of the provider's customer. */
  private async userIdOf(manager: EntityManager, member: FactMember): Promise<string | null> {
    if (member.userId) return member.userId;
    if (!member.customerId) return null;
    const row = await manager.findOne(MemberEntity, {
      select: { userId: true },
      where: { providerCustomerId: member.customerId },
    });
    return row?.userId ?? null;
  }

  /** Refunds a flagged payment, or ends a second subscription; a failure stays for an admin. */
  private async followUp(followUp: FollowUp, logger?: Logger): Promise<void> {
    if (followUp.kind === 'cancel-subscription') {
      try {
        await this.provider.cancelSubscriptionNow(
          followUp.subscriptionId,
          `cancel-now-${followUp.subscriptionId}`,
        );
      } catch (error) {
        logger?.error(
          { err: error, subscriptionId: followUp.subscriptionId },
          'cancelling a second subscription failed',
        );
      }
      return;
    }
    try {
      const refundId = await this.provider.refund(
        followUp.paymentRef,
        `refund-${followUp.paymentId}`,
      );
      await this.dataSource.manager.update(
        PaymentEntity,
        { id: followUp.paymentId },
        { refundStatus: 'refunded', providerRefundId: refundId },
      );
    } catch (error) {
      logger?.error({ err: error, paymentId: followUp.paymentId }, 'refund failed');
      await this.dataSource.manager.update(
        PaymentEntity,
        { id: followUp.paymentId },
        { refundStatus: 'failed' },
      );
    }
  }
}
