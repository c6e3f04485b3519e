import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PaymentStatus } from '@jibs/domain';
import { EventPublisher } from '@jibs/events';
import { PaymentEntity } from './payment.entity';
import type { FlaggedPaymentRecord, PaymentRecord } from './payment-records';

/** Writes provider payments (one row per provider payment) and says so on the bus. */
@Injectable()
export class PaymentRecorder {
  constructor(private readonly events: EventPublisher) {}

  /** Whether the provider payment is recorded already (counted or flagged). */
  async known(manager: EntityManager, providerPaymentId: string): Promise<boolean> {
    return (await manager.countBy(PaymentEntity, { providerPaymentId })) > 0;
  }

  /** One row per provider payment; a completed payment is never turned back into a failure. */
  async record(manager: EntityManager, payment: PaymentRecord): Promise<void> {
    const existing = await manager.findOne(PaymentEntity, {
      where: { providerPaymentId: payment.providerPaymentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (
      existing &&
      (existing.status === PaymentStatus.COMPLETED || existing.status === payment.status)
    )
      return;
    const { reason, consecutiveFailures, ...fields } = payment;
    const row = await manager.save(PaymentEntity, {
      ...(existing ?? {}),
      ...fields,
      currency: fields.currency.toLowerCase(),
    });
    const opts = { subject: payment.userId };
    if (row.status === PaymentStatus.COMPLETED) {
      await this.events.publish(
        manager,
        'payment.completed',
        {
          paymentId: row.id,
          userId: row.userId,
          amount: row.amount,
          currency: row.currency,
          type: row.type,
          description: row.description,
          providerPaymentId: row.providerPaymentId,
        },
        opts,
      );
    } else {
      await this.events.publish(
        manager,
        'payment.failed',
        {
          paymentId: row.id,
          userId: row.userId,
          amount: row.amount,
          currency: row.currency,
          type: row.type,
          reason: reason ?? null,
          consecutiveFailures: consecutiveFailures ?? 0,
        },
        opts,
      );
    }
  }

  /**
   * A payment taken but not counted, recorded once; returns its row id when it is new and has
   * something to refund (the caller refunds it once its transaction committed).
   */
  async flag(manager: EntityManager, payment: FlaggedPaymentRecord): Promise<string | null> {
    const existing = await manager.findOne(PaymentEntity, {
      where: { providerPaymentId: payment.providerPaymentId },
      lock: { mode: 'pessimistic_write' },
    });
    if (existing) return null;
    const { reason, refundRef, ...fields } = payment;
    const row = await manager.save(PaymentEntity, {
      ...fields,
      currency: fields.currency.toLowerCase(),
      status: PaymentStatus.CANCELLED,
      flagReason: reason,
      refundRef,
      refundStatus: refundRef ? 'pending' : 'manual',
    });
    return refundRef ? row.id : null;
  }
}
