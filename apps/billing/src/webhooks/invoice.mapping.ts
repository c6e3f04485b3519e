import { FlagReasons, PaymentStatus, PaymentType } from '@jibs/domain';
import type { FlaggedPaymentRecord, PaymentRecord } from '../payments/payment-records';
import type { InvoiceFailedFact, InvoicePaidFact } from '../provider/provider-facts';
import { isLive, type StoredSubscription } from './subscription.mapping';

export const DUES_DESCRIPTION = 'Monthly membership dues';
export const DUES_FAILED_REASON = 'The monthly payment failed';

const period = (seconds: number | null): string | null =>
  seconds === null ? null : String(seconds);

export type InvoicePaidDecision =
  /** No subscription's invoice: not dues. */
  | { action: 'ignore' }
  /** A second subscription's charge: flagged and refunded, that subscription ended. */
  | { action: 'flag-second'; payment: FlaggedPaymentRecord; subscriptionId: string }
  /** A month of the member's dues paid. */
  | { action: 'count'; payment: PaymentRecord; subscriptionId: string };

export function invoicePaid(
  userId: string,
  fact: InvoicePaidFact,
  current: StoredSubscription | null,
): InvoicePaidDecision {
  const subscriptionId = fact.subscriptionId;
  if (!subscriptionId) return { action: 'ignore' };
  if (isLive(current) && current.providerSubscriptionId !== subscriptionId)
    return {
      action: 'flag-second',
      subscriptionId,
      payment: {
        userId,
        amount: fact.amountCents,
        currency: fact.currency,
        type: PaymentType.MEMBERSHIP,
        description: `${DUES_DESCRIPTION} (second subscription: refunded)`,
        providerPaymentId: fact.invoiceId,
        checkoutId: null,
        reason: FlagReasons.secondSubscription,
        refundRef: fact.refundRef,
        providerSubscriptionId: subscriptionId,
      },
    };
  return {
    action: 'count',
    subscriptionId,
    payment: {
      userId,
      amount: fact.amountCents,
      currency: fact.currency,
      status: PaymentStatus.COMPLETED,
      type: PaymentType.MEMBERSHIP,
      description: DUES_DESCRIPTION,
      providerPaymentId: fact.invoiceId,
      checkoutId: null,
      providerSubscriptionId: subscriptionId,
      periodStart: period(fact.periodStart),
    },
  };
}

/**
 * Whether a failed invoice is a missed month of the member's dues: not when it is no
 * subscription's, another subscription's, or for an invoice or period already paid (history
 * the member no longer owes).
 */
export function invoiceFailedCounts(
  fact: InvoiceFailedFact,
  current: StoredSubscription | null,
  alreadyPaid: boolean,
): fact is InvoiceFailedFact & { subscriptionId: string } {
  if (!fact.subscriptionId) return false;
  if (isLive(current) && current.providerSubscriptionId !== fact.subscriptionId) return false;
  return !alreadyPaid;
}

/** The FAILED dues payment of a missed month (`missedPayments`: the count with it). */
export function failedDuesPayment(
  userId: string,
  fact: InvoiceFailedFact & { subscriptionId: string },
  missedPayments: number,
): PaymentRecord {
  return {
    userId,
    amount: fact.amountCents,
    currency: fact.currency,
    status: PaymentStatus.FAILED,
    type: PaymentType.MEMBERSHIP,
    description: DUES_DESCRIPTION,
    providerPaymentId: fact.invoiceId,
    checkoutId: null,
    reason: fact.reason ?? DUES_FAILED_REASON,
    consecutiveFailures: missedPayments,
    providerSubscriptionId: fact.subscriptionId,
    periodStart: period(fact.periodStart),
  };
}
