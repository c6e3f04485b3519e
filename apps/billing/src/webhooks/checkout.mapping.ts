import {
  CheckoutKind,
  CheckoutState,
  FlagReasons,
  MemberFeeStatus,
  PaymentStatus,
} from '@jibs/domain';
import {
  paymentTypeOf,
  type FlaggedPaymentRecord,
  type PaymentRecord,
} from '../payments/payment-records';
import type { CheckoutCompletedFact, CheckoutPaymentFailedFact } from '../provider/provider-facts';

/** The checkout a completion is for, as billing stored it. */
export interface CheckoutView {
  id: string;
  kind: CheckoutKind;
  state: CheckoutState;
  amount: number;
  snapshot: string | null;
  householdMemberId: string | null;
}

/** What billing knows now about what a one-time checkout paid for. */
export interface CompletionState {
  checkout: CheckoutView | null;
  registrationFeePaid: boolean;
  /** Registration: the snapshot of the household as it is now. */
  householdSnapshot: string | null;
  /** A household member's fee: that member as it is now (null: removed). */
  householdMember: {
    feeStatus: MemberFeeStatus;
    fee: number;
    firstName: string;
    lastName: string;
  } | null;
}

/** Why a completed one-time checkout must not count, or null when it matches what it was for. */
export function completionMismatch(state: CompletionState, amountCents: number): string | null {
  const { checkout } = state;
  if (!checkout) return FlagReasons.unknownCheckout;
  // The most specific reason first: what the payment was for, then the checkout itself.
  if (checkout.kind === CheckoutKind.REGISTRATION) {
    if (state.registrationFeePaid) return FlagReasons.registrationAlreadyPaid;
    if (checkout.snapshot !== state.householdSnapshot) return FlagReasons.householdChanged;
  }
  if (checkout.kind === CheckoutKind.HOUSEHOLD_MEMBER) {
    const row = state.householdMember;
    if (!row) return FlagReasons.memberRemoved;
    if (row.feeStatus === MemberFeeStatus.PAID) return FlagReasons.memberFeeAlreadyPaid;
    if (row.feeStatus !== MemberFeeStatus.PAYMENT_DUE || row.fee !== amountCents)
      return FlagReasons.amountMismatch;
  }
  if (checkout.state === CheckoutState.EXPIRED || checkout.state === CheckoutState.COMPLETED)
    return FlagReasons.expiredCheckout;
  if (amountCents !== checkout.amount) return FlagReasons.amountMismatch;
  return null;
}

/** A one-time checkout's payment: counted (and what it paid for), or flagged to refund. */
export type CheckoutPaymentOutcome =
  | { outcome: 'flag'; payment: FlaggedPaymentRecord }
  | {
      outcome: 'count';
      payment: PaymentRecord;
      /** Registration: the registration fee is now paid. */
      registrationPaid: boolean;
      /** A household member's fee: that member's row is now paid. */
      householdMemberPaid: string | null;
    };

export function checkoutPayment(
  userId: string,
  fact: CheckoutCompletedFact,
  state: CompletionState,
): CheckoutPaymentOutcome {
  const { checkout } = state;
  const problem = completionMismatch(state, fact.amountCents);
  if (problem || !checkout) {
    const kind = checkout?.kind ?? fact.purpose;
    return {
      outcome: 'flag',
      payment: {
        userId,
        amount: fact.amountCents,
        currency: fact.currency,
        type: paymentTypeOf(kind),
        description:
          kind === CheckoutKind.REGISTRATION
            ? 'Registration fee (not counted: refunded)'
            : 'Household member fee (not counted: refunded)',
        providerPaymentId: fact.paymentId,
        checkoutId: checkout?.id ?? null,
        reason: problem ?? FlagReasons.unknownCheckout,
        refundRef: fact.refundRef,
      },
    };
  }
  const householdMember =
    checkout.kind === CheckoutKind.HOUSEHOLD_MEMBER ? state.householdMember : null;
  return {
    outcome: 'count',
    payment: {
      userId,
      amount: fact.amountCents,
      currency: fact.currency,
      status: PaymentStatus.COMPLETED,
      type: paymentTypeOf(checkout.kind),
      description: householdMember
        ? `Household member fee: ${householdMember.firstName} ${householdMember.lastName}`
        : 'Registration fee',
      providerPaymentId: fact.paymentId,
      checkoutId: checkout.id,
    },
    registrationPaid: checkout.kind === CheckoutKind.REGISTRATION,
    householdMemberPaid: householdMember ? checkout.householdMemberId : null,
  };
}

/**
 * A checkout's card declined: a FAILED payment of what the checkout was for, or null for a
 * payment billing did not start (renewals fail as invoices).
 */
export function failedCheckoutPayment(
  userId: string,
  fact: CheckoutPaymentFailedFact,
  missedPayments: number,
): PaymentRecord | null {
  if (!fact.purpose) return null;
  return {
    userId,
    amount: fact.amountCents,
    currency: fact.currency,
    status: PaymentStatus.FAILED,
    type: paymentTypeOf(fact.purpose),
    description:
      fact.purpose === CheckoutKind.SUBSCRIPTION
        ? 'Monthly membership dues'
        : fact.purpose === CheckoutKind.REGISTRATION
          ? 'Registration fee'
          : 'Household member fee',
    providerPaymentId: fact.paymentId,
    checkoutId: fact.checkoutId,
    reason: fact.reason,
    consecutiveFailures: missedPayments,
  };
}
