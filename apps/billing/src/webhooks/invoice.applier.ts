import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PaymentStatus, SubscriptionStatus } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { missedMonth, paidMonth } from '../membership/membership-rules';
import { PaymentEntity } from '../payments/payment.entity';
import { PaymentRecorder } from '../payments/payment-recorder';
import type { InvoiceFailedFact, InvoicePaidFact } from '../provider/provider-facts';
import { ensureSubscription } from '../subscriptions/placeholder-subscription';
import { SubscriptionEntity } from '../subscriptions/subscription.entity';
import { flagForRefund, type ApplyContext } from './apply-context';
import { failedDuesPayment, invoiceFailedCounts, invoicePaid } from './invoice.mapping';

/** Monthly dues invoices, paid or failed. */
@Injectable()
export class InvoiceApplier {
  constructor(
    private readonly payments: PaymentRecorder,
    private readonly events: EventPublisher,
  ) {}

  async paid(context: ApplyContext, fact: InvoicePaidFact): Promise<void> {
    const { manager, member } = context;
    const current = await manager.findOne(SubscriptionEntity, {
      where: { userId: member.userId },
      lock: { mode: 'pessimistic_write' },
    });
    const decision = invoicePaid(member.userId, fact, current);
    if (decision.action === 'ignore') return;
    if (decision.action === 'flag-second') {
      await flagForRefund(context, this.payments, decision.payment);
      context.followUps.push({
        kind: 'cancel-subscription',
        subscriptionId: decision.subscriptionId,
      });
      return;
    }
    Object.assign(member, paidMonth(member, context.created));
    await ensureSubscription(
      this.events,
      manager,
      member.userId,
      decision.subscriptionId,
      fact.amountCents,
      SubscriptionStatus.ACTIVE,
    );
    await this.payments.record(manager, decision.payment);
  }

  async failed(context: ApplyContext, fact: InvoiceFailedFact): Promise<void> {
    const { manager, member } = context;
    if (!fact.subscriptionId) return;
    const current = await manager.findOneBy(SubscriptionEntity, { userId: member.userId });
    const alreadyPaid = await this.paidAlready(manager, fact);
    if (!invoiceFailedCounts(fact, current, alreadyPaid)) return;
    Object.assign(member, missedMonth(member, fact.invoiceId, context.created));
    await this.payments.record(
      manager,
      failedDuesPayment(member.userId, fact, member.missedPayments),
    );
  }

  /** The same invoice, or the same subscription's same period, is already paid. */
  private async paidAlready(manager: EntityManager, fact: InvoiceFailedFact): Promise<boolean> {
    const paid = await manager
      .createQueryBuilder(PaymentEntity, 'p')
      .where('p.status = :completed', { completed: PaymentStatus.COMPLETED })
      .andWhere(
        '(p.provider_payment_id = :invoiceId OR (p.provider_subscription_id = :subscriptionId AND p.period_start = :periodStart))',
        {
          invoiceId: fact.invoiceId,
          subscriptionId: fact.subscriptionId,
          periodStart: fact.periodStart === null ? '-1' : String(fact.periodStart),
        },
      )
      .getCount();
    return paid > 0;
  }
}
