import type { EntityManager } from 'typeorm';
import type { MemberEntity } from '../membership/member.entity';
import type { PaymentRecorder } from '../payments/payment-recorder';
import type { FlaggedPaymentRecord } from '../payments/payment-records';

/** Provider calls an event asks for, made once its transaction committed. */
export type FollowUp =
  | { kind: 'refund'; paymentId: string; paymentRef: string }
  | { kind: 'cancel-subscription'; subscriptionId: string };

/** What an applier works in: the event's transaction, its member (locked), the provider's time. */
export interface ApplyContext {
  manager: EntityManager;
  member: MemberEntity;
  /** The event's time at the provider, seconds since the epoch. */
  created: number;
  followUps: FollowUp[];
}

/**
 * Records a payment taken but not counted and, when the provider can refund it, asks for the
 * refund once the transaction committed.
 */
export async function flagForRefund(
  context: ApplyContext,
  payments: PaymentRecorder,
  payment: FlaggedPaymentRecord,
): Promise<void> {
  const flagged = await payments.flag(context.manager, payment);
  if (flagged && payment.refundRef)
    context.followUps.push({ kind: 'refund', paymentId: flagged, paymentRef: payment.refundRef });
}
