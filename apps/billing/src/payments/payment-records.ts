import { CheckoutKind, PaymentType, type PaymentStatus } from '@jibs/domain';

/** One provider payment as billing records it (cents; currency as the provider gave it). */
export interface PaymentRecord {
  userId: string;
  amount: number;
  currency: string;
  status: PaymentStatus;
  type: PaymentType;
  description: string;
  providerPaymentId: string;
  checkoutId: string | null;
  /** A failure's reason, published with `payment.failed`. */
  reason?: string | null;
  /** The member's missed months after a failure, published with `payment.failed`. */
  consecutiveFailures?: number;
  providerSubscriptionId?: string | null;
  /** Provider time (seconds, as text) of the period a dues invoice pays for. */
  periodStart?: string | null;
}

/**
 * A payment the provider took that billing does not count: recorded CANCELLED with its reason
 * (admins list these), refunded after the commit when the provider can (`refundRef`).
 */
export interface FlaggedPaymentRecord {
  userId: string;
  amount: number;
  currency: string;
  type: PaymentType;
  description: string;
  providerPaymentId: string;
  checkoutId: string | null;
  reason: string;
  refundRef: string | null;
  providerSubscriptionId?: string | null;
}

/** What a checkout's payment is, by the purpose billing gave it. */
export const paymentTypeOf = (kind: CheckoutKind | null | undefined): PaymentType =>
  kind === CheckoutKind.REGISTRATION
    ? PaymentType.REGISTRATION
    : kind === CheckoutKind.SUBSCRIPTION
      ? PaymentType.MEMBERSHIP
      : PaymentType.OTHER;
